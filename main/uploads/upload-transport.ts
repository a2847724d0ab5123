// The seam between the upload queue and the way a file reaches the platform. The queue schedules,
// journals, retries and follows the platform's status; a transport does the platform's side of one file:
// `begin` asks the platform for an upload and answers with a ticket, `send` moves the bytes (resuming
// after what was acknowledged before), `finish` tells the platform the file is all there. The ticket is
// written to the journal as it is, so it holds no secret: a transport keeps its secrets (FTP: the upload's
// password) in the keychain and in memory, and drops them on `release`.
import type { SpeedLimit } from './speed-limit.js';
import type { UploadExtension } from './upload-files.js';
import type { Protection, UploadStatus } from './upload-types.js';

/** How the platform and the journal know one upload: secret-free, JSON, with the transport's own fields. */
export interface UploadTicket {
  readonly channelId: string;
  readonly videoId: string;
  readonly [field: string]: string | number;
}

/** The local file as the journal has it. */
export interface UploadSource {
  readonly path: string;
  readonly size: number;
  readonly extension: UploadExtension;
}

/** What the video is called and who may see it. */
export interface VideoFields {
  readonly title: string;
  readonly description: string;
  readonly protect: Protection;
}

/** How a file is cut into parts for sending: FTP sends one part, the whole file. */
export interface PartPlan {
  readonly count: number;
  /** Bytes per part; the last part holds the rest. */
  readonly size: number;
}

/** Acknowledged part indexes as sorted, disjoint, inclusive ranges: [[0, 41], [43, 43]]. */
export type PartRanges = readonly (readonly [number, number])[];

export interface SendOptions {
  readonly signal: AbortSignal;
  readonly speedLimit: SpeedLimit;
  /** Bytes the platform has of the file so far. */
  readonly onProgress: (bytesOnServer: number) => void;
  /** Parts the platform acknowledged before (from the journal): the transport sends the others. */
  readonly resumeFrom: PartRanges;
  /** A part is acknowledged: the queue journals it before it returns. Once `send` resolves, every part is. */
  readonly onPartAcknowledged: (part: number) => void;
}

export interface SendResult {
  /** Bytes the platform already had when this send started: 0, or where it resumed. */
  readonly resumedFrom: number;
}

/** The platform's status of an upload, with the transcoding's percentage where the platform tells it. */
export interface StatusReport {
  readonly status: UploadStatus;
  /** 0-100 while the platform processes the file; null when it does not say. */
  readonly progress: number | null;
}

/** A transport's status answer as a report (a bare status has no progress). */
export function statusReport(answer: UploadStatus | StatusReport): StatusReport {
  return typeof answer === 'string' ? { status: answer, progress: null } : answer;
}

/** What a failure means to the queue. */
export interface FailureMeaning {
  /** It may pass: try the same step again after a wait. */
  readonly transient: boolean;
  /** The ticket cannot be used any more: only a new `begin` can go on. */
  readonly staleTicket: boolean;
}

export interface UploadTransport {
  /** Written to the journal with each ticket: a ticket is only ever given back to a transport of its name. */
  readonly name: string;
  partsOf(size: number): PartPlan;
  begin(source: UploadSource, video: VideoFields, channelId: string): Promise<UploadTicket>;
  send(ticket: UploadTicket, source: UploadSource, options: SendOptions): Promise<SendResult>;
  /** Hands the whole file to the platform for processing (spec part B: `ready`). */
  finish(ticket: UploadTicket): Promise<void>;
  /** The platform's status; a transport whose platform tells how far processing is answers with a report. */
  status(ticket: UploadTicket): Promise<UploadStatus | StatusReport>;
  /** Drops what the transport keeps of the upload besides its ticket (a finished or cancelled upload). */
  release(ticket: UploadTicket): void;
  /** The meaning of the transport's own errors; null for an error it does not know. */
  failureMeaning(error: unknown): FailureMeaning | null;
  /** Ends what the transport keeps open between files (FTP: logged-in connections); the queue is closing. */
  close?(): void;
}

/** The local file could not be read: only this file fails, the queue goes on. */
export class LocalFileError extends Error {
  override readonly name = 'LocalFileError';
}

/** The ticket cannot be used (its secret is gone, it is not one of this transport's): a new upload takes its place. */
export class StaleTicketError extends Error {
  override readonly name = 'StaleTicketError';
}
