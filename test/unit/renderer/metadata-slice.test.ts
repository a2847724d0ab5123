import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ChannelMetadata, type MetadataField } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = connectFakeBridge({
  channel: { fields: vi.fn(), metadata: vi.fn(), createField: vi.fn(), deleteField: vi.fn(), setValue: vi.fn(), removeValue: vi.fn(), setDisplay: vi.fn() },
});

const { initialMetadataState, useMetadataStore } = await import('../../../renderer/src/state/metadata-slice');

const city: MetadataField = { id: '7001', name: 'city', displayName: 'City', contentType: 'channel', type: 'string', description: '', isRequired: false, enumItems: [] };
const stored: ChannelMetadata = { channelId: '5', values: [{ fieldId: '7001', value: 'Berlin' }], displays: [] };

beforeEach(async () => {
  vi.clearAllMocks();
  useMetadataStore.setState({ ...initialMetadataState });
  bridge.companion.channel.fields.mockResolvedValue([city]);
  bridge.companion.channel.metadata.mockResolvedValue(stored);
  await useMetadataStore.getState().load('5');
});

describe('metadata slice', () => {
  it('loads the channel fields and the channel\'s metadata', () => {
    expect(bridge.companion.channel.fields).toHaveBeenCalledWith('channel');
    expect(useMetadataStore.getState()).toMatchObject({ fields: [city], metadata: stored, busy: null });
  });

  it('shows a value at once and puts the old one back when it is refused', async () => {
    let fail!: (error: Error) => void;
    bridge.companion.channel.setValue.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const running = useMetadataStore.getState().setValue('7001', 'Paris');
    expect(useMetadataStore.getState().metadata?.values).toEqual([{ fieldId: '7001', value: 'Paris' }]);
    fail(new CompanionError('bad_request', 'The platform refused this value.'));
    await running;
    expect(useMetadataStore.getState()).toMatchObject({ metadata: stored, busy: null, error: { message: 'The platform refused this value.' } });
  });

  it('shows a display setting at once and keeps the platform\'s answer', async () => {
    const answered: ChannelMetadata = { ...stored, displays: [{ fieldId: '7001', isLink: true }] };
    bridge.companion.channel.setDisplay.mockResolvedValue(answered);
    await useMetadataStore.getState().setDisplay('7001', true);
    expect(bridge.companion.channel.setDisplay).toHaveBeenCalledWith('5', '7001', true);
    expect(useMetadataStore.getState().metadata).toEqual(answered);
  });

  it('a refused field definition is not added and the reason is kept', async () => {
    bridge.companion.channel.createField.mockRejectedValue(new CompanionError('bad_request', 'The platform refused this field definition.'));
    const created = await useMetadataStore.getState().createField({ name: 'city', displayName: 'City', contentType: 'channel', type: 'string', isRequired: false });
    expect(created).toBe(false);
    expect(useMetadataStore.getState()).toMatchObject({ fields: [city], error: { message: 'The platform refused this field definition.' } });
  });
});
