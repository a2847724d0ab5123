// The Branding panel's branding: the chosen channel, its branding type, logo and logo settings. The
// platform has no call to read these back, so the panel shows what was set in this session. A change
// shows at once and is rolled back when the platform refuses it.
import { create } from 'zustand';
import type { BrandingType, ChannelChoice, ImageUpload, LogoSettings } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { shownError, type ShownError } from './request-outcome';
import { optimisticChange } from './optimistic-change';
import { clearedWhenAccountChanges } from './account-scope';

export interface LogoPreview {
  /** An object URL of the file, for the preview. */
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

// Types
export interface BrandingState {
  readonly channels: readonly ChannelChoice[] | null;
  readonly channelId: string | null;
  /** null: not set in this session (the platform cannot be asked). */
  readonly type: BrandingType | null;
  readonly logo: LogoPreview | null;
  readonly settings: LogoSettings | null;
  /** Which request runs: its form waits. */
  readonly busy: 'load' | 'type' | 'logo' | 'settings' | 'remove' | null;
  readonly error: ShownError | null;
  /** A refusal because the plan lacks the feature: a note, not a failure. */
  readonly planNote: string | null;
  readonly done: string | null;
}

export interface BrandingActions {
  load(): Promise<void>;
  choose(channelId: string): void;
  setType(type: BrandingType): Promise<void>;
  uploadLogo(image: ImageUpload, preview: LogoPreview): Promise<void>;
  saveSettings(settings: LogoSettings): Promise<void>;
  remove(): Promise<void>;
}

// Initial state
export const initialBrandingState: BrandingState = { channels: null, channelId: null, type: null, logo: null, settings: null, busy: null, error: null, planNote: null, done: null };

const fresh = { type: null, logo: null, settings: null, error: null, planNote: null, done: null } as const;

// Hook (with its actions)
export const useBrandingStore = create<BrandingState & BrandingActions>()((set, get) => {
  const run = (busy: Exclude<BrandingState['busy'], null>, change: Partial<BrandingState>, call: (channelId: string) => Promise<unknown>, done: string) =>
    optimisticChange<BrandingState>(get, set, busy, change, call, done);


  return {
    ...initialBrandingState,
    load: async () => {
      set({ busy: 'load', error: null });
      try {
        const channels = await bridge().live.channels();
        const chosen = get().channelId;
        const keep = chosen !== null && channels.some((channel) => channel.id === chosen);
        const channelId = keep ? chosen : ((channels.find((channel) => channel.isDefault) ?? channels[0])?.id ?? null);
        set({ channels, channelId, busy: null, ...(keep ? {} : fresh) });
      } catch (error) {
        set({ channels: [], busy: null, error: shownError(error) });
      }
    },
    choose: (channelId) => {
      if (get().busy) return;
      set({ channelId, ...fresh });
    },
    setType: (type) => run('type', { type }, (channelId) => bridge().look.setBrandingType(channelId, type), 'Branding type saved.'),
    uploadLogo: (image, preview) => run('logo', { logo: preview }, (channelId) => bridge().look.uploadLogo(channelId, image), `Logo uploaded (${preview.width} x ${preview.height} px).`),
    saveSettings: (settings) => run('settings', { settings }, (channelId) => bridge().look.setLogoSettings(channelId, settings), 'Logo settings saved.'),
    remove: () => run('remove', { type: 'no', logo: null, settings: null }, (channelId) => bridge().look.removeBranding(channelId), 'Branding removed: no branding, no logo.'),
  };
});

clearedWhenAccountChanges(useBrandingStore, initialBrandingState);
