// A video's captions: upload a WebVTT file (the platform's `not_valid_vtt` comes back as its own sentence,
// which names the line), the player's default and visible flags, the languages, and the file itself.
import type { CaptionFlags, CaptionLanguage, VideoCaption, NamespaceImplementation, captionsNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { Caption } from '../../platform/endpoints/schemas.js';
import { explained } from './video-tool-errors.js';

const CAPTION_GONE = 'This caption (or its video) no longer exists. Reload the captions.';

export class CaptionService extends PlatformBackedService implements NamespaceImplementation<typeof captionsNamespace> {
  async list(videoId: string): Promise<VideoCaption[]> {
    const api = await this.api();
    const captions = await explained(() => api.captions.list(videoId));
    return captions.map(captionOf).sort((a, b) => a.language.localeCompare(b.language));
  }

  async languages(): Promise<CaptionLanguage[]> {
    const api = await this.api();
    const languages = await explained(() => api.captions.languages());
    return languages.map(({ code, name }) => ({ code, name }));
  }

  /** Creates the caption, or replaces the file of the one in that language. */
  async upload(videoId: string, language: string, vtt: string): Promise<VideoCaption[]> {
    const api = await this.api();
    await explained(() => api.captions.uploadVtt(videoId, language, vtt), {
      '400 not_valid_vtt': (description) => `${withStop(description ?? 'The caption file has errors.')} Fix the file and upload it again.`,
      404: `The video is gone, or the platform takes no captions in "${language}". Choose a language from the list, or reload the videos.`,
    });
    return this.list(videoId);
  }

  async setFlags(videoId: string, language: string, flags: CaptionFlags): Promise<VideoCaption[]> {
    const api = await this.api();
    await explained(() => api.captions.edit(videoId, language, flags), { 404: CAPTION_GONE });
    return this.list(videoId);
  }

  async vtt(videoId: string, language: string): Promise<string> {
    const api = await this.api();
    return explained(() => api.captions.downloadVtt(videoId, language), { 404: CAPTION_GONE });
  }
}

function captionOf(caption: Caption): VideoCaption {
  return { language: caption.language, isDefault: caption.is_default, isVisible: caption.is_visible, status: caption.status };
}

function withStop(sentence: string): string {
  return /[.!?]$/.test(sentence.trim()) ? sentence.trim() : `${sentence.trim()}.`;
}
