// The caption half of the video search (spec part B, Video `caption_matches`): the cues of a video's
// active, visible captions whose text holds the searched words, with their times so a player can jump
// there. Invisible captions are not searched: the search is public, and the player does not show them.
import { captionsOfVideo, captionStatus } from '../state/captions.js';
import type { SandboxData } from '../state/model.js';

/** "caption matches: at most 100 returned" (part B, Limits): per video, earliest first. */
export const MAX_CAPTION_MATCHES = 100;

export interface CaptionMatch {
  readonly start_sec: number;
  readonly end_sec: number;
  readonly caption: string;
}

/** The matches of `query` (case-insensitive, as the title search) in one video's captions. */
export function captionMatches(data: SandboxData, videoId: string, query: string, nowMs = Date.now()): CaptionMatch[] {
  const needle = query.toLowerCase();
  const matches: CaptionMatch[] = [];
  for (const caption of captionsOfVideo(data, videoId)) {
    if (!caption.isVisible || captionStatus(caption, nowMs) !== 'active') continue;
    for (const cue of caption.cues) {
      if (cue.text.toLowerCase().includes(needle)) matches.push({ start_sec: cue.start, end_sec: cue.end, caption: cue.text });
    }
  }
  return matches.sort((a, b) => a.start_sec - b.start_sec).slice(0, MAX_CAPTION_MATCHES);
}
