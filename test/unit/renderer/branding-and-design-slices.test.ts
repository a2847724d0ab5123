import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ChannelChoice } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slices talk to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  live: { channels: vi.fn() },
  look: { setBrandingType: vi.fn(), uploadLogo: vi.fn(), setLogoSettings: vi.fn(), removeBranding: vi.fn(), background: vi.fn(), setBackground: vi.fn(), removeBackground: vi.fn(), uploadPicture: vi.fn(), removePicture: vi.fn() },
});

const { initialBrandingState, useBrandingStore } = await import('../../../renderer/src/state/branding-slice');
const { initialDesignState, useDesignStore } = await import('../../../renderer/src/state/design-slice');

const choices: ChannelChoice[] = [
  { id: '1', title: 'Main', status: 'offline', isDefault: false, managedFor: null },
  { id: '2', title: 'Default', status: 'offline', isDefault: true, managedFor: null },
];
const image = { contentType: 'image/png', base64: 'AAAA' } as const;

beforeEach(async () => {
  vi.clearAllMocks();
  useBrandingStore.setState({ ...initialBrandingState });
  useDesignStore.setState({ ...initialDesignState });
  bridge.companion.live.channels.mockResolvedValue(choices);
  bridge.companion.look.background.mockResolvedValue({ color: '#112233' });
  await useBrandingStore.getState().load();
  await useDesignStore.getState().load('2');
});

describe('branding slice', () => {
  it('starts on the default channel, knowing nothing the platform cannot say', () => {
    expect(useBrandingStore.getState()).toMatchObject({ channelId: '2', type: null, logo: null, busy: null });
  });

  it('shows a type at once and keeps it when the platform takes it', async () => {
    let answer!: (value: null) => void;
    bridge.companion.look.setBrandingType.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const running = useBrandingStore.getState().setType('co');
    expect(useBrandingStore.getState()).toMatchObject({ type: 'co', busy: 'type' });
    // One request at a time: a second change waits for nothing and does nothing.
    await useBrandingStore.getState().saveSettings({ position: 'top-left', margin: 1, link: '' });
    expect(bridge.companion.look.setLogoSettings).not.toHaveBeenCalled();
    answer(null);
    await running;
    expect(useBrandingStore.getState()).toMatchObject({ type: 'co', busy: null, done: 'Branding type saved.' });
  });

  it('rolls a refused change back and says why; a feature the plan lacks is a note, not an error', async () => {
    bridge.companion.look.setBrandingType.mockResolvedValue(null);
    await useBrandingStore.getState().setType('co');
    bridge.companion.look.setBrandingType.mockRejectedValue(new CompanionError('plan_lacks_feature', 'Your plan does not include this kind of branding.'));
    await useBrandingStore.getState().setType('full');
    expect(useBrandingStore.getState()).toMatchObject({ type: 'co', busy: null, error: null, planNote: 'Your plan does not include this kind of branding.' });
    bridge.companion.look.uploadLogo.mockRejectedValue(new Error('refused'));
    await useBrandingStore.getState().uploadLogo(image, { url: 'blob:x', width: 10, height: 10 });
    expect(useBrandingStore.getState()).toMatchObject({ logo: null, error: { message: 'refused' }, planNote: null });
  });

  it('a new channel starts blank', () => {
    useBrandingStore.setState({ type: 'co' });
    useBrandingStore.getState().choose('1');
    expect(useBrandingStore.getState()).toMatchObject({ channelId: '1', type: null });
  });
});

describe('design slice', () => {
  it('reads the background colour of the channel', () => {
    expect(useDesignStore.getState()).toMatchObject({ channelId: '2', background: '#112233', busy: null });
  });

  it('a refused colour goes back to the one before', async () => {
    bridge.companion.look.setBackground.mockRejectedValue(new Error('This channel no longer exists.'));
    const running = useDesignStore.getState().setBackground('#abcdef');
    expect(useDesignStore.getState()).toMatchObject({ background: '#abcdef', busy: 'background' });
    await running;
    expect(useDesignStore.getState()).toMatchObject({ background: '#112233', busy: null, error: { message: 'This channel no longer exists.' } });
  });

  it('keeps an uploaded picture, and forgets it when removed', async () => {
    bridge.companion.look.uploadPicture.mockResolvedValue({ width: 64, height: 64, bytes: 100 });
    bridge.companion.look.removePicture.mockResolvedValue(null);
    await useDesignStore.getState().uploadPicture(image, { url: 'blob:p', side: 64 });
    expect(useDesignStore.getState()).toMatchObject({ picture: { side: 64 }, done: 'Channel picture uploaded.' });
    await useDesignStore.getState().removePicture();
    expect(useDesignStore.getState()).toMatchObject({ picture: null, done: 'Channel picture removed.' });
  });
});
