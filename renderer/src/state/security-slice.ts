// A channel's locks and viewer settings for the Security panel: password, embed lock and allowed URLs,
// page lock, and sharing / hidden viewer count / multi-quality. Lock switches show at once and are rolled
// back when the platform refuses; a plan without a lock (the platform's 402) is a note, not an error.
import { create } from 'zustand';
import type { ChannelChoice, ChannelSecurity, ViewerSetting } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { errorOrPlanNote, type ShownError } from './request-outcome';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export type SecurityBusy = 'load' | 'password' | 'embed' | 'urls' | 'page' | ViewerSetting;

export interface SecuritySliceState {
  readonly channels: readonly ChannelChoice[] | null;
  readonly channelId: string | null;
  readonly security: ChannelSecurity | null;
  /**
   * The viewer settings as last set from this app, per channel: the platform has no call to read them
   * back, so null means "not changed here".
   */
  readonly viewer: Readonly<Record<string, Partial<Record<ViewerSetting, boolean>>>>;
  readonly busy: SecurityBusy | null;
  readonly error: ShownError | null;
  /** The last refusal was the plan's (402). */
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface SecurityActions {
  load(): Promise<void>;
  choose(channelId: string): Promise<void>;
  /** Resolves true when the platform took the password (the form then clears). */
  setPassword(password: string): Promise<boolean>;
  removePassword(): Promise<void>;
  setEmbedLock(locked: boolean): Promise<void>;
  /** Resolves true when the address was added. */
  addAllowedUrl(url: string): Promise<boolean>;
  clearAllowedUrls(): Promise<void>;
  setPageLock(locked: boolean): Promise<void>;
  setViewerSetting(setting: ViewerSetting, value: boolean): Promise<void>;
}

// Initial state
export const initialSecurityState: SecuritySliceState = { channels: null, channelId: null, security: null, viewer: {}, busy: null, error: null, planNote: null, done: null };

// Hook (with its actions)
export const useSecurityStore = create<SecuritySliceState & SecurityActions>()((set, get) => {
  /** Runs one change at a time on the chosen channel; `optimistic` is shown first and put back on refusal. */
  async function change(busy: SecurityBusy, request: (channelId: string) => Promise<ChannelSecurity | null>, done: string, optimistic?: (security: ChannelSecurity) => ChannelSecurity): Promise<boolean> {
    const { channelId, security, busy: running } = get();
    if (channelId === null || running !== null) return false;
    set({ busy, error: null, planNote: null, done: null, ...(optimistic && security ? { security: optimistic(security) } : {}) });
    try {
      const after = await request(channelId);
      set({ busy: null, done, ...(after ? { security: after } : {}) });
      return true;
    } catch (error) {
      set({ busy: null, security, ...errorOrPlanNote(error) });
      return false;
    }
  }

  async function read(channelId: string): Promise<void> {
    set({ busy: 'load', channelId, security: null, error: null, planNote: null, done: null });
    try {
      const security = await bridge().security.state(channelId);
      if (get().channelId === channelId) set({ security, busy: null });
    } catch (error) {
      set({ busy: null, ...errorOrPlanNote(error) });
    }
  }

  return {
    ...initialSecurityState,
    load: async () => {
      set({ busy: 'load', error: null });
      let channels: ChannelChoice[];
      try {
        channels = await bridge().live.channels();
      } catch (error) {
        set({ channels: [], busy: null, ...errorOrPlanNote(error) });
        return;
      }
      const chosen = get().channelId;
      const next = chosen !== null && channels.some((channel) => channel.id === chosen) ? chosen : ((channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null);
      set({ channels, busy: null });
      if (next !== null) await read(next);
    },
    choose: (channelId) => read(channelId),
    setPassword: (password) => change('password', (id) => bridge().security.setPassword(id, password), 'The channel now asks viewers for the password.'),
    removePassword: async () => {
      await change('password', (id) => bridge().security.removePassword(id), 'The password is removed: anyone can watch.');
    },
    setEmbedLock: async (locked) => {
      await change('embed', (id) => bridge().security.setEmbedLock(id, locked), locked ? 'Embedding is restricted to the allowed addresses.' : 'The player can be embedded anywhere.', (security) => ({
        ...security,
        embed: { ...security.embed, locked },
      }));
    },
    addAllowedUrl: (url) => change('urls', (id) => bridge().security.addEmbedAllowedUrl(id, url), `${url} may embed the player.`),
    clearAllowedUrls: async () => {
      await change('urls', (id) => bridge().security.clearEmbedAllowedUrls(id), 'The list of allowed addresses is empty.');
    },
    setPageLock: async (locked) => {
      await change('page', (id) => bridge().security.setPageLock(id, locked), locked ? 'The channel is hidden on the platform\'s website; embedded players still work.' : 'The channel shows on the platform\'s website again.', (security) => ({
        ...security,
        page: { ...security.page, locked },
      }));
    },
    setViewerSetting: async (setting, value) => {
      const channelId = get().channelId;
      if (channelId === null || get().busy !== null) return;
      const before = get().viewer;
      const remember = (known: Partial<Record<ViewerSetting, boolean>>) => set((current) => ({ viewer: { ...current.viewer, [channelId]: known } }));
      remember({ ...before[channelId], [setting]: value });
      const names: Record<ViewerSetting, string> = { sharing: value ? 'Viewers can share the channel.' : 'Sharing is off for viewers.', hideViewers: value ? 'The viewer count is hidden.' : 'The viewer count is shown.', multiQuality: value ? 'The stream is transcoded into several qualities.' : 'The stream is sent in one quality.' };
      const ok = await change(setting, (id) => bridge().security.setViewerSetting(id, setting, value), names[setting]);
      if (!ok) set({ viewer: before });
    },
  };
});

clearedWhenAccountChanges(useSecurityStore, initialSecurityState);
