// Chapters of a video (spec part B, "Chapters"): a title and a start position in seconds.

export interface Chapter {
  readonly id: string;
  readonly videoId: string;
  title: string;
  /** Seconds from the start of the video (whole seconds, as the spec's parameter is an integer). */
  position: number;
}

export interface ChapterData {
  chapters: Chapter[];
  nextChapterId: number;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface ChapterHolder {
  chapters?: ChapterData;
}

/** The chapters part of the state; state files written before it existed get an empty one. */
export function chaptersOf(data: ChapterHolder): ChapterData {
  data.chapters ??= { chapters: [], nextChapterId: 4000 };
  return data.chapters;
}

/** A video's chapters in the order they play. */
export function chaptersOfVideo(data: ChapterHolder, videoId: string): Chapter[] {
  return chaptersOf(data)
    .chapters.filter((chapter) => chapter.videoId === videoId)
    .sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id));
}

/** Forgets a video's chapters (the video was deleted). */
export function forgetVideoChapters(data: ChapterHolder, videoId: string): void {
  if (data.chapters) data.chapters.chapters = data.chapters.chapters.filter((chapter) => chapter.videoId !== videoId);
}
