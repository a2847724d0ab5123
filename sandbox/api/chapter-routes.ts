// Chapters (spec part B, "Chapters"): list, add, edit, delete one and delete all chapters of a video.
// Reading follows the video (public, or its owner's for a protected one); writing is the owner's.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { chaptersOf, chaptersOfVideo, type Chapter } from '../state/chapters.js';
import type { Video } from '../state/model.js';
import { ownedVideo } from './access.js';
import { readableVideo } from './video-reading.js';

const MAX_TITLE_LENGTH = 100;
const MAX_CHAPTERS_PER_VIDEO = 100;

export function registerChapterRoutes(router: Router): void {
  router.get('/videos/:video_id/chapters.:format', listChapters);
  router.post('/videos/:video_id/chapters.:format', addChapter);
  router.delete('/videos/:video_id/chapters.:format', deleteAllChapters);
  router.get('/videos/:video_id/chapters/:chapter_id.:format', getChapter);
  router.put('/videos/:video_id/chapters/:chapter_id.:format', editChapter);
  router.delete('/videos/:video_id/chapters/:chapter_id.:format', deleteChapter);
}

function chapterView(chapter: Chapter): Record<string, unknown> {
  return { id: chapter.id, title: chapter.title, position: chapter.position };
}

function listChapters(context: RequestContext) {
  const { video } = readableVideo(context);
  return ok({ chapters: chaptersOfVideo(context.store.data, video.id).map(chapterView) });
}

/**
 * The chapter of the path on this video. An id that cannot be a chapter's (not digits) is 400
 * `invalid_value` on the rows that list it (edit, delete); reading answers 404, the only error it lists
 * for a missing chapter.
 */
function findChapter(context: RequestContext, video: Video, malformed: 'invalid_value' | 'not_found'): Chapter {
  const id = context.params.chapter_id ?? '';
  if (!/^\d+$/.test(id) && malformed === 'invalid_value') throw new ApiError(400, 'invalid_value', `${JSON.stringify(id)} is not a chapter id (chapter ids are numbers).`);
  const chapter = chaptersOf(context.store.data).chapters.find((candidate) => candidate.id === id && candidate.videoId === video.id);
  if (!chapter) throw notFound(`The chapter ${id} of the video ${video.id}`);
  return chapter;
}

/** title and position, both required: 400 invalid_value when either is missing or wrong. */
function chapterFields(context: RequestContext, video: Video, editing: Chapter | null): { title: string; position: number } {
  const form = context.form();
  const title = (form.get('title') ?? '').trim();
  if (title === '') throw new ApiError(400, 'invalid_value', 'title is required.');
  if (title.length > MAX_TITLE_LENGTH || /[\r\n]/.test(title)) throw new ApiError(400, 'invalid_value', `title must be at most ${MAX_TITLE_LENGTH} characters on one line.`);
  const raw = (form.get('position') ?? '').trim();
  if (raw === '') throw new ApiError(400, 'invalid_value', 'position is required: the start of the chapter in whole seconds.');
  if (!/^\d+$/.test(raw)) throw new ApiError(400, 'invalid_value', `position must be a whole number of seconds, 0 or more (got ${JSON.stringify(raw)}).`);
  const position = Number(raw);
  const length = Number(video.length);
  // A video whose length is not known yet (0) takes any position.
  if (length > 0 && position >= length) throw new ApiError(400, 'invalid_value', `position must be within the video (shorter than ${video.length} s).`);
  const others = chaptersOfVideo(context.store.data, video.id).filter((chapter) => chapter !== editing);
  const clash = others.find((chapter) => chapter.position === position);
  if (clash) throw new ApiError(400, 'invalid_value', `The chapter ${JSON.stringify(clash.title)} already starts at ${position} s.`);
  return { title, position };
}

function addChapter(context: RequestContext) {
  const { video } = ownedVideo(context);
  const fields = chapterFields(context, video, null);
  if (chaptersOfVideo(context.store.data, video.id).length >= MAX_CHAPTERS_PER_VIDEO) {
    throw new ApiError(400, 'invalid_value', `A video has at most ${MAX_CHAPTERS_PER_VIDEO} chapters.`);
  }
  const chapters = chaptersOf(context.store.data);
  const chapter: Chapter = { id: String(chapters.nextChapterId++), videoId: video.id, ...fields };
  chapters.chapters.push(chapter);
  context.store.changed();
  return ok({ chapter: chapterView(chapter) }, 201);
}

function deleteAllChapters(context: RequestContext) {
  const { video } = ownedVideo(context);
  const chapters = chaptersOf(context.store.data);
  chapters.chapters = chapters.chapters.filter((chapter) => chapter.videoId !== video.id);
  context.store.changed();
  return empty(200);
}

function getChapter(context: RequestContext) {
  const { video } = readableVideo(context);
  return ok({ chapter: chapterView(findChapter(context, video, 'not_found')) });
}

function editChapter(context: RequestContext) {
  const { video } = ownedVideo(context);
  const chapter = findChapter(context, video, 'invalid_value');
  Object.assign(chapter, chapterFields(context, video, chapter));
  context.store.changed();
  return ok({ chapter: chapterView(chapter) });
}

function deleteChapter(context: RequestContext) {
  const { video } = ownedVideo(context);
  const chapter = findChapter(context, video, 'invalid_value');
  const chapters = chaptersOf(context.store.data);
  chapters.chapters = chapters.chapters.filter((candidate) => candidate !== chapter);
  context.store.changed();
  return empty(200);
}
