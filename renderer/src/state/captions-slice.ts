// The Captions tab: a video's captions with the player's flags, the languages a caption can be in, upload
// of a WebVTT file (a new caption is processing for a while, then active), and a caption's file. Uploads
// and flag changes show at once and are put back when refused.
import { create } from 'zustand';
import type { CaptionFlags, CaptionLanguage, VideoCaption } from '../../../preload/contract.js';
import { bridge } from '../bridge/bridge-registry';
import { videoToolChange, videoToolLoad, type VideoToolState } from './video-tool-change';
import { clearedWhenAccountChanges } from './account-scope';

// Types
export interface CaptionsSliceState extends VideoToolState {
  /** 'load', 'upload', 'vtt', or the language whose flags change. */
  readonly busy: 'load' | 'upload' | 'vtt' | `caption-${string}` | null;
  readonly captions: readonly VideoCaption[] | null;
  /** Read once: the list does not change while the app runs. */
  readonly languages: readonly CaptionLanguage[] | null;
  /** A caption's file, as last read. */
  readonly vtt: { readonly language: string; readonly text: string } | null;
}

export interface CaptionsActions {
  load(videoId: string): Promise<void>;
  upload(language: string, text: string, fileName: string): Promise<boolean>;
  setFlags(language: string, flags: CaptionFlags): Promise<boolean>;
  readVtt(language: string): Promise<boolean>;
  /** Reads the captions again without clearing the view (while one is processing). */
  refresh(): Promise<void>;
  /** A problem found before sending (the file), shown as the tab's error. */
  refuse(problem: string): void;
}

// Initial state
export const initialCaptionsState: CaptionsSliceState = { videoId: null, busy: null, error: null, done: null, captions: null, languages: null, vtt: null };

// Hook (with its actions)
export const useCaptionsStore = create<CaptionsSliceState & CaptionsActions>()((set, get) => {
  const apply = (captions: VideoCaption[]) => ({ captions });
  const nameOf = (code: string) => get().languages?.find((language) => language.code === code)?.name ?? code;
  const shown = (change: (captions: readonly VideoCaption[]) => readonly VideoCaption[]): Partial<CaptionsSliceState> => {
    const captions = get().captions;
    return captions ? { captions: change(captions) } : {};
  };

  return {
    ...initialCaptionsState,
    load: (videoId) =>
      videoToolLoad(
        get,
        set,
        videoId,
        { captions: null, vtt: null },
        async (id) => Promise.all([bridge().captions.list(id), get().languages ?? bridge().captions.languages()]),
        ([captions, languages]) => ({ captions, languages }),
      ),
    upload: (language, text, fileName) =>
      videoToolChange(get, set, {
        busy: 'upload',
        optimistic: shown((captions) => {
          const existing = captions.find((caption) => caption.language === language);
          // A replaced file keeps its flags; a new caption is visible, and the default when there is none.
          const row: VideoCaption = existing
            ? { ...existing, status: 'processing' }
            : { language, isVisible: true, isDefault: !captions.some((caption) => caption.isDefault), status: 'processing' };
          return [...captions.filter((caption) => caption.language !== language), row].sort((a, b) => a.language.localeCompare(b.language));
        }),
        call: (videoId) => bridge().captions.upload(videoId, language, text),
        apply,
        done: `${fileName} uploaded as the ${nameOf(language)} caption. The platform processes it for a moment before the player shows it.`,
      }),
    setFlags: (language, flags) =>
      videoToolChange(get, set, {
        busy: `caption-${language}`,
        optimistic: shown((captions) =>
          captions.map((caption) => {
            if (caption.language === language) return { ...caption, ...flags };
            // One default per video: making this one the default takes it from the others.
            return flags.isDefault === true ? { ...caption, isDefault: false } : caption;
          }),
        ),
        call: (videoId) => bridge().captions.setFlags(videoId, language, flags),
        apply,
        done: `The ${nameOf(language)} caption is saved: ${describeFlags(flags)}.`,
      }),
    readVtt: (language) =>
      videoToolChange(get, set, {
        busy: 'vtt',
        call: (videoId) => bridge().captions.vtt(videoId, language),
        apply: (text) => ({ vtt: { language, text } }),
        done: `The ${nameOf(language)} caption file is shown below.`,
      }),
    refresh: async () => {
      const { videoId, busy } = get();
      if (videoId === null || busy !== null) return;
      try {
        const captions = await bridge().captions.list(videoId);
        if (get().videoId === videoId && get().busy === null) set({ captions });
      } catch {
        // A passing refresh failure changes nothing on screen; the next action reports it.
      }
    },
    refuse: (problem) => set({ error: { message: problem }, done: null }),
  };
});

clearedWhenAccountChanges(useCaptionsStore, initialCaptionsState);

function describeFlags(flags: CaptionFlags): string {
  const parts: string[] = [];
  if (flags.isVisible !== undefined) parts.push(flags.isVisible ? 'the player offers it' : 'hidden from the player');
  if (flags.isDefault !== undefined) parts.push(flags.isDefault ? 'shown automatically' : 'not shown automatically');
  return parts.join(', ');
}
