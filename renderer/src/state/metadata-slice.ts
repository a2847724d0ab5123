// Custom metadata for the Channel panel: the account's channel field definitions and one channel's values
// and display settings. Value and display changes show at once and are rolled back when refused.
import { create } from 'zustand';
import type { ChannelMetadata, MetadataField, NewMetadataField } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface MetadataState {
  readonly fields: readonly MetadataField[] | null;
  readonly metadata: ChannelMetadata | null;
  /** Which request runs: its controls wait. */
  readonly busy: 'load' | 'field' | 'value' | null;
  /** What went wrong with the last action, in words. */
  readonly error: ShownError | null;
}

export interface MetadataActions {
  load(channelId: string): Promise<void>;
  createField(field: NewMetadataField): Promise<boolean>;
  deleteField(fieldId: string): Promise<void>;
  setValue(fieldId: string, value: string): Promise<void>;
  removeValue(fieldId: string): Promise<void>;
  setDisplay(fieldId: string, isLink: boolean): Promise<void>;
}

// Initial state
export const initialMetadataState: MetadataState = { fields: null, metadata: null, busy: null, error: null };

function withValue(metadata: ChannelMetadata, fieldId: string, value: string | null): ChannelMetadata {
  const values = metadata.values.filter((entry) => entry.fieldId !== fieldId);
  return { ...metadata, values: value === null ? values : [...values, { fieldId, value }] };
}

function withDisplay(metadata: ChannelMetadata, fieldId: string, isLink: boolean): ChannelMetadata {
  return { ...metadata, displays: [...metadata.displays.filter((entry) => entry.fieldId !== fieldId), { fieldId, isLink }] };
}

// Hook (with its actions)
export const useMetadataStore = create<MetadataState & MetadataActions>()((set, get) => {
  /** Shows `optimistic` at once, then the platform's answer; puts the old metadata back on failure. */
  async function change(optimistic: (metadata: ChannelMetadata) => ChannelMetadata, call: (channelId: string) => Promise<ChannelMetadata>): Promise<void> {
    const before = get().metadata;
    if (!before || get().busy) return;
    set({ metadata: optimistic(before), busy: 'value', error: null });
    try {
      const metadata = await call(before.channelId);
      set({ metadata, busy: null });
    } catch (error) {
      set({ metadata: before, busy: null, error: shownError(error) });
    }
  }

  return {
    ...initialMetadataState,
    load: async (channelId) => {
      set({ busy: 'load', error: null, metadata: null });
      try {
        const [fields, metadata] = await Promise.all([bridge().channel.fields('channel'), bridge().channel.metadata(channelId)]);
        set({ fields, metadata, busy: null });
      } catch (error) {
        set({ busy: null, error: shownError(error) });
      }
    },
    createField: async (field) => {
      if (get().busy) return false;
      set({ busy: 'field', error: null });
      try {
        const created = await bridge().channel.createField(field);
        set((state) => ({ fields: [...(state.fields ?? []), created], busy: null }));
        return true;
      } catch (error) {
        set({ busy: null, error: shownError(error) });
        return false;
      }
    },
    deleteField: async (fieldId) => {
      if (get().busy) return;
      set({ busy: 'field', error: null });
      try {
        await bridge().channel.deleteField(fieldId);
        const channelId = get().metadata?.channelId;
        const metadata = channelId ? await bridge().channel.metadata(channelId) : null;
        set((state) => ({ fields: (state.fields ?? []).filter((field) => field.id !== fieldId), metadata, busy: null }));
      } catch (error) {
        set({ busy: null, error: shownError(error) });
      }
    },
    setValue: (fieldId, value) => change((metadata) => withValue(metadata, fieldId, value), (channelId) => bridge().channel.setValue(channelId, fieldId, value)),
    removeValue: (fieldId) => change((metadata) => withValue(metadata, fieldId, null), (channelId) => bridge().channel.removeValue(channelId, fieldId)),
    setDisplay: (fieldId, isLink) => change((metadata) => withDisplay(metadata, fieldId, isLink), (channelId) => bridge().channel.setDisplay(channelId, fieldId, isLink)),
  };
});

clearedWhenAccountChanges(useMetadataStore, initialMetadataState);
