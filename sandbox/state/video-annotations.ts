// A video's labels, captions and chapters hang off the video: when it is deleted (alone, or with its
// channel), they go with it.
import { forgetVideoCaptions } from './captions.js';
import { forgetVideoChapters } from './chapters.js';
import { forgetVideoLabels } from './labels.js';
import type { SandboxData } from './model.js';

export function forgetVideoAnnotations(data: SandboxData, videoId: string): void {
  forgetVideoLabels(data, videoId);
  forgetVideoCaptions(data, videoId);
  forgetVideoChapters(data, videoId);
}
