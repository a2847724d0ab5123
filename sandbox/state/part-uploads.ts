// Uploads in 1 MiB parts (today's platform, docs/platform-api/current.md "Upload: HTTP in 1 MB parts"):
// what the sandbox keeps of each between its creation and the video it becomes. The bytes live in one file
// per upload on disk (sandbox/uploads-v2/); the state holds only where, which parts are in, and the status.
import type { UploadStatus, VideoProtection } from './model.js';

export interface PartUpload {
  /** Reserved at creation; the video appears under this id once processing ends (as the FTP flow does). */
  readonly videoId: string;
  /** The secret a part must carry: only the creator of the upload learns it. */
  readonly uploadId: string;
  readonly channelId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly description: string;
  readonly protect: VideoProtection;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Set by the first part accepted; every later part must repeat them. */
  totalPartCount: number | null;
  totalFileSize: number | null;
  /** Indexes of the parts on disk, ascending. */
  received: number[];
  /** The assembled file (parts at index × 1 MiB); renamed to the container's extension when processing ends. */
  file: string;
  status: UploadStatus;
  /** Integer percentage of transcoding: 0 before it starts, 100 once complete. */
  progress: number;
  /** Why the upload ended in error, for the sandbox's own log and operator view. */
  errorReason: string | null;
}

export interface PartUploadData {
  uploads: PartUpload[];
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface PartUploadHolder {
  partUploads?: PartUploadData;
}

/** The part uploads of the state; state files written before they existed get none. */
export function partUploadsOf(data: PartUploadHolder): PartUploadData {
  data.partUploads ??= { uploads: [] };
  return data.partUploads;
}

export function findPartUpload(data: PartUploadHolder, videoId: string): PartUpload | undefined {
  return partUploadsOf(data).uploads.find((upload) => upload.videoId === videoId);
}

/** Forgets a channel's uploads in parts (the channel was deleted); their files stay in the data dir, as FTP roots do. */
export function forgetChannelPartUploads(data: PartUploadHolder, channelId: string): void {
  if (data.partUploads) data.partUploads.uploads = data.partUploads.uploads.filter((upload) => upload.channelId !== channelId);
}
