// What the sandbox keeps about a video beyond its Video record (spec part B, "Video expiration",
// "Download", "Thumbnail, trim, copy"): the expiration rule, the thumbnail, the trim, the temporary
// download files, and the copy requests. Plain JSON, like the rest of the state.

export const DOWNLOAD_FORMATS = ['mp4', 'flv'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** "usable for 24 hours after becoming available". */
export const DOWNLOAD_WINDOW_SECONDS = 24 * 3600;

export type ExpirationRule = { rule: 'never' } | { rule: 'at_given_time'; expiresAt: number };

export interface VideoThumbnail {
  /** An uploaded image, or a frame of the video picked by position. */
  readonly source: 'upload' | 'frame';
  /** Seconds into the video, for a frame. */
  readonly position: number | null;
  /** For an upload: what its header says and a digest, not the bytes. */
  readonly image: { readonly contentType: string; readonly width: number; readonly height: number; readonly size: number; readonly sha256: string } | null;
}

/** A temporary download file: requested at one time, ready at another, served under an unguessable token. */
export interface DownloadFile {
  readonly format: DownloadFormat;
  /** Unix milliseconds: the earliest moment generation may finish (the sandbox's generation delay). */
  readonly readyAtMs: number;
  /** In the link; the link needs no token, as a download URL handed to a browser or downloader would. */
  readonly token: string;
  /** The file on disk once generated (null while generating, or when a restart cut generation short). */
  path: string | null;
  /** Unix milliseconds: when generation ended; null until then. */
  generatedAtMs: number | null;
}

export interface VideoExtra {
  expiration?: ExpirationRule;
  thumbnail?: VideoThumbnail;
  trim?: { start: number; end: number };
  downloads?: Partial<Record<DownloadFormat, DownloadFile>>;
}

export interface CopyRequest {
  readonly id: string;
  /** The user who asked: the status is theirs to read. */
  readonly ownerId: string;
  readonly sourceVideoId: string;
  readonly channelId: string;
  readonly start: number;
  readonly end: number;
  readonly title: string;
  readonly description: string;
  /** Unix milliseconds: when the copy is due to finish. */
  readonly dueAtMs: number;
  /** The new video, once finished. */
  videoId: string | null;
}

export interface VideoExtrasData {
  videos: Record<string, VideoExtra>;
  copies: CopyRequest[];
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface VideoExtrasHolder {
  videoExtras?: VideoExtrasData;
}

/** The part of the state; state files written before it existed get an empty one. */
export function videoExtrasData(data: VideoExtrasHolder): VideoExtrasData {
  data.videoExtras ??= { videos: {}, copies: [] };
  return data.videoExtras;
}

/** A video's extras, made (nothing set) on first use. */
export function videoExtraOf(data: VideoExtrasHolder, videoId: string): VideoExtra {
  const videos = videoExtrasData(data).videos;
  videos[videoId] ??= {};
  return videos[videoId];
}

/** What is set for a video, without making an entry: for reads, so reading leaves the state as it was. */
export function videoExtraIfAny(data: VideoExtrasHolder, videoId: string): Readonly<VideoExtra> {
  return data.videoExtras?.videos[videoId] ?? {};
}

/** Forgets a deleted video's extras (its copy requests stay: a finished copy is its own video). */
export function forgetVideoExtras(data: VideoExtrasHolder, videoId: string): VideoExtra | undefined {
  const videos = videoExtrasData(data).videos;
  const extra = videos[videoId];
  delete videos[videoId];
  return extra;
}

export type DownloadStatus = 'unavailable' | 'pending' | 'available';

/** The spec's `downloadable` object, without the URL's address part (the routes know the API's address). */
export interface DownloadState {
  readonly status: DownloadStatus;
  /** Unix seconds, or null unless available. */
  readonly expiresAt: number | null;
}

/** Unix seconds: when the file is (or was) available: generated, and its delay passed. Null while generating. */
export function availableAt(file: DownloadFile): number | null {
  if (file.path === null || file.generatedAtMs === null) return null;
  return Math.floor(Math.max(file.readyAtMs, file.generatedAtMs) / 1000);
}

/**
 * Where a download file stands at `nowMs`: pending until it is generated and its delay has passed,
 * then available for 24 hours, then unavailable again (what happens after the window is "not shown";
 * see docs/sandbox.md).
 */
export function downloadState(file: DownloadFile | undefined, nowMs: number): DownloadState {
  if (!file) return { status: 'unavailable', expiresAt: null };
  const since = availableAt(file);
  if (since === null || nowMs < file.readyAtMs) return { status: 'pending', expiresAt: null };
  const expiresAt = since + DOWNLOAD_WINDOW_SECONDS;
  if (nowMs >= expiresAt * 1000) return { status: 'unavailable', expiresAt: null };
  return { status: 'available', expiresAt };
}
