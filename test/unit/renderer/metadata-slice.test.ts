import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanionError, type ChannelMetadata, type MetadataField } from '../../../preload/contract.js';

// The slice talks to main through the bridge; here the bridge is a fake whose answers each test sets.
const bridge = vi.hoisted(() => ({
  companion: {
    metadataFields: vi.fn(),
    channelMetadata: vi.fn(),
    createMetadataField: vi.fn(),
    deleteMetadataField: vi.fn(),
    setChannelMetadataValue: vi.fn(),
    removeChannelMetadataValue: vi.fn(),
    setChannelMetadataDisplay: vi.fn(),
  },
}));
vi.mock('../../../renderer/src/bridge/companion-bridge', () => ({ companion: bridge.companion }));

const { initialMetadataState, useMetadataStore } = await import('../../../renderer/src/state/metadata-slice');

const city: MetadataField = { id: '7001', name: 'city', displayName: 'City', contentType: 'channel', type: 'string', description: '', isRequired: false, enumItems: [] };
const stored: ChannelMetadata = { channelId: '5', values: [{ fieldId: '7001', value: 'Berlin' }], displays: [] };

beforeEach(async () => {
  vi.clearAllMocks();
  useMetadataStore.setState({ ...initialMetadataState });
  bridge.companion.metadataFields.mockResolvedValue([city]);
  bridge.companion.channelMetadata.mockResolvedValue(stored);
  await useMetadataStore.getState().load('5');
});

describe('metadata slice', () => {
  it('loads the channel fields and the channel\'s metadata', () => {
    expect(bridge.companion.metadataFields).toHaveBeenCalledWith('channel');
    expect(useMetadataStore.getState()).toMatchObject({ fields: [city], metadata: stored, busy: null });
  });

  it('shows a value at once and puts the old one back when it is refused', async () => {
    let fail!: (error: Error) => void;
    bridge.companion.setChannelMetadataValue.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const running = useMetadataStore.getState().setValue('7001', 'Paris');
    expect(useMetadataStore.getState().metadata?.values).toEqual([{ fieldId: '7001', value: 'Paris' }]);
    fail(new CompanionError('bad_request', 'The platform refused this value.'));
    await running;
    expect(useMetadataStore.getState()).toMatchObject({ metadata: stored, busy: null, error: 'The platform refused this value.' });
  });

  it('shows a display setting at once and keeps the platform\'s answer', async () => {
    const answered: ChannelMetadata = { ...stored, displays: [{ fieldId: '7001', isLink: true }] };
    bridge.companion.setChannelMetadataDisplay.mockResolvedValue(answered);
    await useMetadataStore.getState().setDisplay('7001', true);
    expect(bridge.companion.setChannelMetadataDisplay).toHaveBeenCalledWith('5', '7001', true);
    expect(useMetadataStore.getState().metadata).toEqual(answered);
  });

  it('a refused field definition is not added and the reason is kept', async () => {
    bridge.companion.createMetadataField.mockRejectedValue(new CompanionError('bad_request', 'The platform refused this field definition.'));
    const created = await useMetadataStore.getState().createField({ name: 'city', displayName: 'City', contentType: 'channel', type: 'string', isRequired: false });
    expect(created).toBe(false);
    expect(useMetadataStore.getState()).toMatchObject({ fields: [city], error: 'The platform refused this field definition.' });
  });
});
