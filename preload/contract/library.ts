// The Videos panel's library: list, details, edit, delete, expiration, metadata values, downloads.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { MetadataField } from './channel.js';
import { Protection, fieldId, videoId } from './common.js';

/** Part B "Limits": the video lists page 50 at a time; "Video edit": the sandbox's title and description limits. */
export const VIDEO_PAGE_SIZE = 50;
export const VIDEO_LIMITS = { title: 255, description: 5000, query: 200 } as const;

export const VideoListRequest = z.object({
  /** A channel's videos; null: all of the signed-in user's (`/users/self/videos`). */
  channelId: z.string().min(1).max(100).nullable(),
  page: z.number().int().min(1).max(100_000),
  /** Text search: the platform searches public videos only, and only without a protection filter. */
  q: z.string().trim().max(VIDEO_LIMITS.query).optional(),
  sort: z.enum(['recent', 'popular']),
  /** Empty: every protection level. */
  protect: z.array(Protection).max(2),
});
export type VideoListRequest = z.output<typeof VideoListRequest>;

export const CaptionMatch = z.object({ startSec: z.number(), endSec: z.number(), caption: z.string() });
export type CaptionMatch = z.output<typeof CaptionMatch>;

export const VideoRow = z.object({
  id: z.string(),
  /** From the video's channel link; null when the link names no channel. */
  channelId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** The video's web page. */
  url: z.string().nullable(),
  lengthSeconds: z.number().nullable(),
  /** Unix seconds. */
  createdAt: z.number().nullable(),
  views: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * Who may watch it, when known: from the video object when the platform sends `protect`, else from the list's
   * protection filter (one chosen) or a search (public only); null when nothing tells.
   */
  protect: Protection.nullable(),
  /** Only from a search: the caption cues that hold the words, earliest first. */
  captionMatches: z.array(CaptionMatch).nullable(),
});
export type VideoRow = z.output<typeof VideoRow>;

export const VideoPage = z.object({
  request: VideoListRequest,
  items: z.array(VideoRow),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
  /** What the platform's rules did to the request (a search drops the protection filter), in words. */
  note: z.string().nullable(),
});
export type VideoPage = z.output<typeof VideoPage>;

export const VideoDetailLevel = z.enum(['minimal', 'default', 'owner']);
export type VideoDetailLevel = z.output<typeof VideoDetailLevel>;

export const VideoDetails = VideoRow.extend({
  detailLevel: VideoDetailLevel,
  addedAt: z.number().nullable(),
  fileSize: z.number().nullable(),
  /** Direct HLS address: detail level owner, when the account has it. */
  hlsUrl: z.string().nullable(),
});
export type VideoDetails = z.output<typeof VideoDetails>;

export const VideoEdit = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'the title is required')
      .max(VIDEO_LIMITS.title)
      .refine((title) => ![...title].some((character) => character.charCodeAt(0) < 0x20), 'no line breaks or control characters')
      .optional(),
    description: z.string().max(VIDEO_LIMITS.description).optional(),
    protect: Protection.optional(),
  })
  .refine((edit) => edit.title !== undefined || edit.description !== undefined || edit.protect !== undefined, 'nothing to change');
export type VideoEdit = z.output<typeof VideoEdit>;

export const VideoFileFormat = z.enum(['mp4', 'flv']);
export type VideoFileFormat = z.output<typeof VideoFileFormat>;

/** Part B "Downloadable version", for one video and container. */
export const VideoDownloadable = z.object({
  videoId: z.string(),
  format: VideoFileFormat,
  status: z.enum(['available', 'unavailable', 'pending']),
  downloadUrl: z.string().nullable(),
  /** Unix seconds: the end of the 24-hour window; null when it never ends. */
  expiresAt: z.number().nullable(),
});
export type VideoDownloadable = z.output<typeof VideoDownloadable>;

/**
 * A file being saved from a download link to this computer. Main keeps the signed-in profile's newest rows
 * across restarts and resumes a `running` one by itself; the link is never kept (it is a secret: whoever has
 * it has the file), so a resume asks the platform for a fresh one.
 */
export const VideoDownloadTransfer = z.object({
  id: z.string(),
  videoId: z.string(),
  format: VideoFileFormat,
  /** Where the finished file is (while running it is written beside it as `<file>.part`). */
  file: z.string(),
  /** `cancelled`: stopped by the streamer; its `.part` stays, so saving the video again picks it up. */
  state: z.enum(['running', 'complete', 'failed', 'cancelled']),
  bytes: z.number(),
  /** Null until the server says how big the file is. */
  total: z.number().nullable(),
  /** How many times a cut connection was picked up where it stopped (after a restart too). */
  resumes: z.number(),
  failure: z.string().nullable(),
  /** Unix milliseconds. */
  startedAt: z.number(),
  /** Unix milliseconds; null while running. */
  endedAt: z.number().nullable(),
});
export type VideoDownloadTransfer = z.output<typeof VideoDownloadTransfer>;

export const VideoDownloadsState = z.object({
  /** Where files go when no folder is given: the OS Downloads folder. */
  defaultFolder: z.string(),
  /** The shell can show a saved file in its folder (Electron); browser mode shows the path instead. */
  canReveal: z.boolean(),
  transfers: z.array(VideoDownloadTransfer),
});
export type VideoDownloadsState = z.output<typeof VideoDownloadsState>;

export const SaveVideoDownload = z.object({ folder: z.string().trim().min(1).max(4096).optional() });
export type SaveVideoDownload = z.output<typeof SaveVideoDownload>;

/** Part B "Expiration": `expiresAt` only with the rule `at_given_time`. */
export const VideoExpiration = z.object({ videoId: z.string(), rule: z.enum(['never', 'at_given_time']), expiresAt: z.number().nullable() });
export type VideoExpiration = z.output<typeof VideoExpiration>;

export const VideoMetadata = z.object({
  videoId: z.string(),
  /** The account's field definitions for videos. */
  fields: z.array(MetadataField),
  values: z.array(z.object({ fieldId: z.string(), value: z.string() })),
});
export type VideoMetadata = z.output<typeof VideoMetadata>;

/** A saved file's row (main names it). */
const transferId = z.string().min(1).max(100);

/** The video library. */
export const videosNamespace = defineNamespace({
  page: { args: z.tuple([VideoListRequest]), result: VideoPage },
  details: { args: z.tuple([videoId, VideoDetailLevel]), result: VideoDetails },
  edit: { args: z.tuple([videoId, VideoEdit]), result: VideoDetails },
  remove: { args: z.tuple([videoId]), result: z.null() },
  expiration: { args: z.tuple([videoId]), result: VideoExpiration },
  neverExpire: { args: z.tuple([videoId]), result: VideoExpiration },
  metadata: { args: z.tuple([videoId]), result: VideoMetadata },
  setValue: { args: z.tuple([videoId, fieldId, z.string().min(1).max(1000)]), result: VideoMetadata },
  removeValue: { args: z.tuple([videoId, fieldId]), result: VideoMetadata },
});

/** The platform's downloadable files of a video. */
export const videoFilesNamespace = defineNamespace({
  downloadable: { args: z.tuple([videoId, VideoFileFormat]), result: VideoDownloadable },
  /** Asks the platform to make the file; asking again while it is pending or available reports the same file. */
  request: { args: z.tuple([videoId, VideoFileFormat]), result: VideoDownloadable },
});

/** Saving video files to this computer. */
export const downloadsNamespace = defineNamespace({
  state: { args: z.tuple([]), result: VideoDownloadsState },
  save: { args: z.tuple([videoId, VideoFileFormat, SaveVideoDownload]), result: VideoDownloadTransfer },
  reveal: { args: z.tuple([transferId]), result: z.null() },
  /** Stops a running transfer and marks it cancelled; the `.part` stays, so a later save resumes it. */
  cancel: { args: z.tuple([transferId]), result: VideoDownloadTransfer },
  /** Takes an ended (complete, failed or cancelled) row off the list; the file on disk stays as it is. */
  remove: { args: z.tuple([transferId]), result: z.null() },
});
