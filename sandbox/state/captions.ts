// Captions of a video (spec part B, "Captions"): one WebVTT file per language, its player flags, and its
// cues as plain text for the video search. "Transitions: not shown": a caption is `processing` for a
// while after each upload, then `active` (docs/sandbox.md). The time it turns active is kept rather than
// a timer, so the status is right after a restart and needs no clean-up.
import type { VttCue } from '../captions/webvtt-check.js';

export type CaptionStatus = 'processing' | 'active';

export interface StoredCaption {
  readonly videoId: string;
  /** A code of CAPTION_LANGUAGES. */
  readonly language: string;
  isDefault: boolean;
  isVisible: boolean;
  /** The file as uploaded (UTF-8, byte order mark removed). */
  vtt: string;
  cues: VttCue[];
  /** Unix milliseconds: `processing` until then, `active` after. */
  activeAt: number;
}

export interface CaptionData {
  captions: StoredCaption[];
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface CaptionHolder {
  captions?: CaptionData;
}

/** The caption languages the platform offers; "the list of available codes" is the sandbox's choice. */
export const CAPTION_LANGUAGES: readonly { readonly code: string; readonly name: string }[] = [
  { code: 'ar', name: 'Arabic' },
  { code: 'zh', name: 'Chinese' },
  { code: 'cs', name: 'Czech' },
  { code: 'da', name: 'Danish' },
  { code: 'nl', name: 'Dutch' },
  { code: 'en', name: 'English' },
  { code: 'fi', name: 'Finnish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'el', name: 'Greek' },
  { code: 'he', name: 'Hebrew' },
  { code: 'hi', name: 'Hindi' },
  { code: 'hu', name: 'Hungarian' },
  { code: 'id', name: 'Indonesian' },
  { code: 'it', name: 'Italian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'no', name: 'Norwegian' },
  { code: 'pl', name: 'Polish' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ro', name: 'Romanian' },
  { code: 'ru', name: 'Russian' },
  { code: 'es', name: 'Spanish' },
  { code: 'sv', name: 'Swedish' },
  { code: 'th', name: 'Thai' },
  { code: 'tr', name: 'Turkish' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'vi', name: 'Vietnamese' },
];

export function isCaptionLanguage(code: string): boolean {
  return CAPTION_LANGUAGES.some((language) => language.code === code);
}

/** The captions part of the state; state files written before it existed get an empty one. */
export function captionsOf(data: CaptionHolder): CaptionData {
  data.captions ??= { captions: [] };
  return data.captions;
}

export function captionStatus(caption: StoredCaption, nowMs = Date.now()): CaptionStatus {
  return nowMs >= caption.activeAt ? 'active' : 'processing';
}

/** A video's captions, by language code. */
export function captionsOfVideo(data: CaptionHolder, videoId: string): StoredCaption[] {
  return captionsOf(data)
    .captions.filter((caption) => caption.videoId === videoId)
    .sort((a, b) => a.language.localeCompare(b.language));
}

/** Forgets a video's captions (the video was deleted). */
export function forgetVideoCaptions(data: CaptionHolder, videoId: string): void {
  if (data.captions) data.captions.captions = data.captions.captions.filter((caption) => caption.videoId !== videoId);
}
