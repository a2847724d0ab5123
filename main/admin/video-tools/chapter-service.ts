// A video's chapters: list, add, edit, delete one or all. Each change answers with the list as it now is
// (the creation answer carries no id the spec defines, so the list is read again).
import type { ChapterFields, VideoChapter, NamespaceImplementation, chaptersNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { explained, type VideoToolMessages } from './video-tool-errors.js';

const CHAPTER_GONE = 'This chapter (or its video) no longer exists. Reload the chapters.';

function refused(fields: ChapterFields): VideoToolMessages {
  return {
    400: `The platform refused the chapter "${fields.title}" at ${fields.position} s. The title must be 1 to 100 characters on one line, and the position a whole number of seconds inside the video that no other chapter has.`,
  };
}

export class ChapterService extends PlatformBackedService implements NamespaceImplementation<typeof chaptersNamespace> {
  async list(videoId: string): Promise<VideoChapter[]> {
    const api = await this.api();
    const chapters = await explained(() => api.chapters.list(videoId));
    return chapters.map(({ id, title, position }) => ({ id, title, position })).sort((a, b) => a.position - b.position);
  }

  async add(videoId: string, fields: ChapterFields): Promise<VideoChapter[]> {
    const api = await this.api();
    await explained(() => api.chapters.create(videoId, fields), refused(fields));
    return this.list(videoId);
  }

  async edit(videoId: string, chapterId: string, fields: ChapterFields): Promise<VideoChapter[]> {
    const api = await this.api();
    await explained(() => api.chapters.edit(videoId, chapterId, fields), { ...refused(fields), 404: CHAPTER_GONE });
    return this.list(videoId);
  }

  async remove(videoId: string, chapterId: string): Promise<VideoChapter[]> {
    const api = await this.api();
    await explained(() => api.chapters.remove(videoId, chapterId), { 400: CHAPTER_GONE, 404: CHAPTER_GONE });
    return this.list(videoId);
  }

  async removeAll(videoId: string): Promise<VideoChapter[]> {
    const api = await this.api();
    await explained(() => api.chapters.removeAll(videoId));
    return this.list(videoId);
  }
}
