// Video tools: a video's thumbnail, trim and copy, labels, chapters and captions (the Videos panel's tool
// tabs). One namespace per service.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { videoId } from './common.js';
import { UploadedImage } from './look.js';

/**
 * Part B "Limits": a thumbnail "under 10 MB" (read as 10,000,000 bytes, the stricter reading) and "smaller
 * than 4000x4000 px" (each side under 4000).
 */
export const THUMBNAIL_LIMITS = { maxBytes: 10_000_000, maxSide: 4000, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;
/** Part B "Limits": a trim and a copy are at least 10 seconds long. */
export const MIN_CUT_SECONDS = 10;

export const ThumbnailUpload = z.object({
  contentType: z.enum(THUMBNAIL_LIMITS.types),
  /** 9,999,999 bytes are 13,333,332 base64 characters. */
  base64: z.string().min(1).max(13_333_336),
});
export type ThumbnailUpload = z.output<typeof ThumbnailUpload>;

const wholeSeconds = z.number().int().min(0).max(100_000_000);
const atLeastMinimumCut = (range: { start: number; end: number }) => range.end - range.start >= MIN_CUT_SECONDS;
const minimumCutMessage = `the end must be at least ${MIN_CUT_SECONDS} seconds after the start`;

/** Playback start and end in whole seconds, as the platform reports them. */
export const VideoTrim = z.object({ start: z.number(), end: z.number() });
export type VideoTrim = z.output<typeof VideoTrim>;

export const TrimRange = z.object({ start: wholeSeconds, end: wholeSeconds }).refine(atLeastMinimumCut, minimumCutMessage);
export type TrimRange = z.output<typeof TrimRange>;

export const CopyOrder = z
  .object({ start: wholeSeconds, end: wholeSeconds, title: z.string().trim().min(1, 'the title is required').max(255), description: z.string().max(5000).optional() })
  .refine(atLeastMinimumCut, minimumCutMessage);
export type CopyOrder = z.output<typeof CopyOrder>;

/** A copy in progress or done: the platform says only whether it has finished, then the new video. */
export const CopyProgress = z.object({ requestId: z.string(), finished: z.boolean(), videoId: z.string().nullable(), videoUrl: z.string().nullable() });
export type CopyProgress = z.output<typeof CopyProgress>;

/**
 * A copy the app follows until the platform has made it. Main keeps these per profile across restarts
 * (the newest 50), so a reload or a restart neither loses the list nor stops the following.
 */
export const VideoCopy = z.object({
  requestId: z.string(),
  sourceVideoId: z.string(),
  title: z.string(),
  start: z.number(),
  end: z.number(),
  /** Milliseconds since the epoch. */
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  progress: CopyProgress,
  /** Why the app stopped following the copy before it finished, in words. */
  failure: z.string().nullable(),
});
export type VideoCopy = z.output<typeof VideoCopy>;

export const VideoLabel = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type VideoLabel = z.output<typeof VideoLabel>;

/** The account's labels and which of them the video carries. */
export const VideoLabels = z.object({ videoId: z.string(), labels: z.array(VideoLabel), attached: z.array(z.number()) });
export type VideoLabels = z.output<typeof VideoLabels>;

const oneLine = (text: string) => !/[\r\n]/.test(text);
export const LabelName = z.string().trim().min(1, 'the name is required').max(100).refine(oneLine, 'one line');

export const VideoChapter = z.object({ id: z.string(), title: z.string(), position: z.number() });
export type VideoChapter = z.output<typeof VideoChapter>;

export const ChapterFields = z.object({ title: z.string().trim().min(1, 'the title is required').max(100).refine(oneLine, 'one line'), position: wholeSeconds });
export type ChapterFields = z.output<typeof ChapterFields>;

export const VideoCaption = z.object({ language: z.string(), isDefault: z.boolean(), isVisible: z.boolean(), status: z.enum(['processing', 'active']) });
export type VideoCaption = z.output<typeof VideoCaption>;

export const CaptionLanguage = z.object({ code: z.string(), name: z.string() });
export type CaptionLanguage = z.output<typeof CaptionLanguage>;

export const CaptionFlags = z
  .object({ isVisible: z.boolean().optional(), isDefault: z.boolean().optional() })
  .refine((flags) => flags.isVisible !== undefined || flags.isDefault !== undefined, 'nothing to change');
export type CaptionFlags = z.output<typeof CaptionFlags>;

const labelId = z.number().int().positive();
const chapterId = z.string().min(1).max(100);
const captionLanguage = z.string().min(1).max(20);
/** A WebVTT file as text; the spec sets no size, the transports carry JSON. */
const webVtt = z.string().min(1).max(5_000_000);

/** A video's thumbnail. */
export const thumbnailNamespace = defineNamespace({
  upload: { args: z.tuple([videoId, ThumbnailUpload]), result: UploadedImage },
  /** Seconds into the video. */
  setFrame: { args: z.tuple([videoId, z.number().min(0).max(100_000_000)]), result: z.null() },
});

/** A video's playback trim. */
export const trimNamespace = defineNamespace({
  state: { args: z.tuple([videoId]), result: VideoTrim },
  set: { args: z.tuple([videoId, TrimRange]), result: VideoTrim },
  remove: { args: z.tuple([videoId]), result: VideoTrim },
});

/** Copies of parts of videos, followed until made. */
export const copiesNamespace = defineNamespace({
  /** Starts the copy; main follows it and reports each change as a `videoCopy` event. */
  copy: { args: z.tuple([videoId, CopyOrder]), result: CopyProgress },
  /** The signed-in profile's copies, newest first: those being followed and those that ended. */
  list: { args: z.tuple([]), result: z.array(VideoCopy) },
});

/** Labels and the videos they are on. */
export const labelsNamespace = defineNamespace({
  /** The account's labels, by name. */
  list: { args: z.tuple([]), result: z.array(VideoLabel) },
  forVideo: { args: z.tuple([videoId]), result: VideoLabels },
  create: { args: z.tuple([LabelName]), result: VideoLabel },
  rename: { args: z.tuple([labelId, LabelName]), result: z.null() },
  remove: { args: z.tuple([labelId]), result: z.null() },
  setOnVideo: { args: z.tuple([videoId, labelId, z.boolean()]), result: z.null() },
});

/** A video's chapters. */
export const chaptersNamespace = defineNamespace({
  list: { args: z.tuple([videoId]), result: z.array(VideoChapter) },
  add: { args: z.tuple([videoId, ChapterFields]), result: z.array(VideoChapter) },
  edit: { args: z.tuple([videoId, chapterId, ChapterFields]), result: z.array(VideoChapter) },
  remove: { args: z.tuple([videoId, chapterId]), result: z.array(VideoChapter) },
  removeAll: { args: z.tuple([videoId]), result: z.array(VideoChapter) },
});

/** A video's captions. */
export const captionsNamespace = defineNamespace({
  list: { args: z.tuple([videoId]), result: z.array(VideoCaption) },
  languages: { args: z.tuple([]), result: z.array(CaptionLanguage) },
  upload: { args: z.tuple([videoId, captionLanguage, webVtt]), result: z.array(VideoCaption) },
  setFlags: { args: z.tuple([videoId, captionLanguage, CaptionFlags]), result: z.array(VideoCaption) },
  vtt: { args: z.tuple([videoId, captionLanguage]), result: z.string() },
});
