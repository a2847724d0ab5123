// Chapters of a video (spec part B, "Chapters"). A public video's chapters can be read without a
// token; a private video's or a protected channel's need one.
import type { PlatformCaller } from '../platform-request.js';
import { readAuth, segment, send, type ReadOptions } from './request-parts.js';
import { chapterBody, chaptersBody, type Chapter } from './schemas.js';

export interface ChapterFields {
  readonly title: string;
  /** Start, in whole seconds (the spec's parameter is an integer, though a chapter's position reads as a float). */
  readonly position: number;
}

export function chaptersApi(caller: PlatformCaller) {
  const listPath = (videoId: string) => `/videos/${segment(videoId)}/chapters.json`;
  const chapterPath = (videoId: string, chapterId: string) => `/videos/${segment(videoId)}/chapters/${segment(chapterId)}.json`;
  return {
    async list(videoId: string, options: ReadOptions = {}): Promise<Chapter[]> {
      const { body } = await caller.call({ method: 'GET', path: listPath(videoId), endpoint: 'GET /videos/<video_id>/chapters.<format>', auth: readAuth(options) }, chaptersBody);
      return body.chapters;
    },

    /** 201 with no body the spec defines: list the chapters to learn the new one's id. */
    async create(videoId: string, fields: ChapterFields): Promise<void> {
      await send(caller, { method: 'POST', path: listPath(videoId), form: { title: fields.title, position: fields.position }, endpoint: 'POST /videos/<video_id>/chapters.<format>' });
    },

    /** Deletes every chapter of the video. */
    async removeAll(videoId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: listPath(videoId), endpoint: 'DELETE /videos/<video_id>/chapters.<format>' });
    },

    async get(videoId: string, chapterId: string, options: ReadOptions = {}): Promise<Chapter> {
      const { body } = await caller.call(
        { method: 'GET', path: chapterPath(videoId, chapterId), endpoint: 'GET /videos/<video_id>/chapters/<chapter_id>.<format>', auth: readAuth(options) },
        chapterBody,
      );
      return body.chapter;
    },

    async edit(videoId: string, chapterId: string, fields: ChapterFields): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: chapterPath(videoId, chapterId),
        form: { title: fields.title, position: fields.position },
        endpoint: 'PUT /videos/<video_id>/chapters/<chapter_id>.<format>',
      });
    },

    async remove(videoId: string, chapterId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: chapterPath(videoId, chapterId), endpoint: 'DELETE /videos/<video_id>/chapters/<chapter_id>.<format>' });
    },
  };
}
