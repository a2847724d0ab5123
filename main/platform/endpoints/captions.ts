// Captions of a video and the caption languages (spec part B, "Captions"). A protected video's
// captions are its owner's only (401); a public video's can be read without a token.
import type { PlatformCaller } from '../platform-request.js';
import { readAuth, segment, send, type ReadOptions } from './request-parts.js';
import { captionBody, captionsBody, languagesBody, type Caption, type Language } from './schemas.js';

export interface CaptionEdit {
  /** Should the player show the caption. */
  readonly isVisible?: boolean;
  /** Should the player show it automatically; a video has one default caption at most. */
  readonly isDefault?: boolean;
}

export function captionsApi(caller: PlatformCaller) {
  const captionPath = (videoId: string, language: string) => `/videos/${segment(videoId)}/captions/${segment(language)}`;
  return {
    async list(videoId: string, options: ReadOptions = {}): Promise<Caption[]> {
      const { body } = await caller.call(
        { method: 'GET', path: `/videos/${segment(videoId)}/captions.json`, endpoint: 'GET /videos/<video_id>/captions.<format>', auth: readAuth(options) },
        captionsBody,
      );
      return body.captions;
    },

    /** `language` is a code from `languages()`. */
    async get(videoId: string, language: string, options: ReadOptions = {}): Promise<Caption> {
      const { body } = await caller.call(
        { method: 'GET', path: `${captionPath(videoId, language)}.json`, endpoint: 'GET /videos/<video_id>/captions/<language>.<format>', auth: readAuth(options) },
        captionBody,
      );
      return body.caption;
    },

    async edit(videoId: string, language: string, edit: CaptionEdit): Promise<Caption> {
      const { body } = await caller.call(
        {
          method: 'PUT',
          path: `${captionPath(videoId, language)}.json`,
          form: { is_visible: edit.isVisible, is_default: edit.isDefault },
          endpoint: 'PUT /videos/<video_id>/captions/<language>.<format>',
        },
        captionBody,
      );
      return body.caption;
    },

    /** The caption file in WebVTT (this path has no format suffix). */
    async downloadVtt(videoId: string, language: string, options: ReadOptions = {}): Promise<string> {
      const { body } = await caller.callText({
        method: 'GET',
        path: `${captionPath(videoId, language)}/vtt`,
        endpoint: 'GET /videos/<video_id>/captions/<language>/vtt',
        auth: readAuth(options),
      });
      return body;
    },

    /** Creates (or replaces) the caption: the WebVTT file is the body, `text/vtt`. */
    async uploadVtt(videoId: string, language: string, vtt: string | Uint8Array): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `${captionPath(videoId, language)}/vtt`,
        body: { data: typeof vtt === 'string' ? new TextEncoder().encode(vtt) : vtt, contentType: 'text/vtt' },
        endpoint: 'PUT /videos/<video_id>/captions/<language>/vtt',
      });
    },

    /** The languages a caption can be in. */
    async languages(options: ReadOptions = {}): Promise<Language[]> {
      const { body } = await caller.call({ method: 'GET', path: '/caption-languages.json', endpoint: 'GET /caption-languages.<format>', auth: readAuth(options) }, languagesBody);
      return body.languages;
    },
  };
}
