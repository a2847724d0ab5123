import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ChannelSecurity } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slices talk to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  live: { channels: vi.fn() },
  security: { state: vi.fn(), setEmbedLock: vi.fn(), setPageLock: vi.fn(), setViewerSetting: vi.fn(), hashLock: vi.fn(), setHashLock: vi.fn(), removeHashLock: vi.fn() },
});

const { initialSecurityState, useSecurityStore } = await import('../../../renderer/src/state/security-slice');
const { initialViewerAuthState, useViewerAuthStore } = await import('../../../renderer/src/state/viewer-auth-slice');

function security(change: Partial<ChannelSecurity> = {}): ChannelSecurity {
  return { channelId: '5', passwordEnabled: false, embed: { included: true, planNote: null, locked: false, allowedUrls: [] }, page: { included: true, planNote: null, locked: false }, ...change };
}

beforeEach(async () => {
  vi.clearAllMocks();
  useSecurityStore.setState({ ...initialSecurityState });
  useViewerAuthStore.setState({ ...initialViewerAuthState });
  bridge.companion.live.channels.mockResolvedValue([{ id: '5', title: 'Main', status: 'offline', isDefault: true, managedFor: null }]);
  bridge.companion.security.state.mockResolvedValue(security());
  await useSecurityStore.getState().load();
});

describe('security slice', () => {
  it('chooses the default channel and reads its locks', () => {
    expect(useSecurityStore.getState()).toMatchObject({ channelId: '5', security: security(), busy: null });
  });

  it('shows the embed lock at once and keeps the platform answer', async () => {
    let answer!: (value: ChannelSecurity) => void;
    bridge.companion.security.setEmbedLock.mockReturnValue(new Promise<ChannelSecurity>((resolve) => (answer = resolve)));
    const running = useSecurityStore.getState().setEmbedLock(true);
    expect(useSecurityStore.getState().security?.embed.locked).toBe(true);
    expect(useSecurityStore.getState().busy).toBe('embed');
    answer(security({ embed: { included: true, planNote: null, locked: true, allowedUrls: ['https://a.example/'] } }));
    await running;
    expect(useSecurityStore.getState().security?.embed.allowedUrls).toEqual(['https://a.example/']);
    expect(useSecurityStore.getState().busy).toBeNull();
  });

  it('rolls a page lock back and says why when the platform refuses', async () => {
    bridge.companion.security.setPageLock.mockRejectedValue(new CompanionError('not_found', 'This channel no longer exists.'));
    await useSecurityStore.getState().setPageLock(true);
    expect(useSecurityStore.getState().security?.page.locked).toBe(false);
    expect(useSecurityStore.getState().error).toEqual({ message: 'This channel no longer exists.' });
  });

  it('a viewer setting the plan lacks is a plan note, and the setting stays unknown', async () => {
    bridge.companion.security.setViewerSetting.mockRejectedValue(new CompanionError('plan_lacks_feature', 'Your plan does not include multi-quality transcoding.'));
    await useSecurityStore.getState().setViewerSetting('multiQuality', true);
    expect(useSecurityStore.getState()).toMatchObject({ error: null, planNote: 'Your plan does not include multi-quality transcoding.' });
    expect(useSecurityStore.getState().viewer['5']?.multiQuality).toBeUndefined();
  });

  it('remembers a viewer setting the platform took, per channel', async () => {
    bridge.companion.security.setViewerSetting.mockResolvedValue(null);
    await useSecurityStore.getState().setViewerSetting('hideViewers', true);
    expect(useSecurityStore.getState().viewer).toEqual({ '5': { hideViewers: true } });
  });
});

describe('viewer authentication slice', () => {
  it('says whether the lock was new or replaced', async () => {
    bridge.companion.security.hashLock.mockResolvedValue(null);
    await useViewerAuthStore.getState().load('5');
    const lock = { type: 'advanced' as const, url: 'https://auth.example/', message: null, buttonCaption: null, popupWidth: '600', popupHeight: '400' };
    bridge.companion.security.setHashLock.mockResolvedValueOnce({ created: true, lock }).mockResolvedValueOnce({ created: false, lock });
    expect(await useViewerAuthStore.getState().save({ type: 'advanced', url: 'https://auth.example/', secret: 'k' })).toBe(true);
    expect(useViewerAuthStore.getState().done).toContain('is on');
    await useViewerAuthStore.getState().save({ type: 'advanced', url: 'https://auth.example/', secret: 'k2' });
    expect(useViewerAuthStore.getState()).toMatchObject({ lock, done: expect.stringContaining('replaced') });
  });

  it('keeps the lock as it was when the platform refuses', async () => {
    const lock = { type: 'basic' as const, url: 'https://auth.example/', message: null, buttonCaption: null, popupWidth: null, popupHeight: null };
    bridge.companion.security.hashLock.mockResolvedValue(lock);
    await useViewerAuthStore.getState().load('5');
    bridge.companion.security.setHashLock.mockRejectedValue(new CompanionError('invalid_type', 'The platform refused the viewer authentication.'));
    expect(await useViewerAuthStore.getState().save({ type: 'basic', url: 'https://x/', secret: 'k' })).toBe(false);
    expect(useViewerAuthStore.getState()).toMatchObject({ lock, error: { message: 'The platform refused the viewer authentication.' } });
  });
});
