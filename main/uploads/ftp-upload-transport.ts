// Spec part B's upload by FTP as an upload transport: `begin` initialises the upload (the platform answers
// with an FTP login for it), `send` stores the file by FTP as `<path>.<ext>` in one part, resuming from the
// server's size (ftp-transfer.ts), `finish` says `ready`. The ticket holds the FTP host, port, user and
// name; the password is a secret: it stays in memory and in the keychain (so a restart can resume the
// transfer) until the upload is finished or cancelled, and every log line redacts it.
//
// Per file, the slot waits for no more than it must: logged-in connections are kept for the next file of
// the same login, and `begin` starts the login of a file whose upload has a login of its own
// (ftp-sessions.ts). `begin` answers once the password is in the keychain (6 ms a file over D-Bus here,
// beside the login, and mostly ahead of the slot: begin-ahead.ts): an upload the journal holds always has
// its password kept, so a restart resumes it rather than create a second video for the file. Only a
// keychain that refuses it leaves the file to be sent again as a new upload after a restart.
import { basename } from 'node:path';
import { z } from 'zod';
import { FtpSessions } from './ftp-sessions.js';
import { FtpLoginRefusedError, FtpRefusedError, transferFile, type FtpTarget, type TransferOptions, type TransferResult } from './ftp-transfer.js';
import { StaleTicketError, type FailureMeaning, type PartPlan, type SendOptions, type SendResult, type UploadSource, type UploadTicket, type UploadTransport, type VideoFields } from './upload-transport.js';
import type { Protection, QueueLogger, UploadStatus } from './upload-types.js';

/** What the transport needs of the platform client (spec part B, "Upload by FTP"). */
export interface FtpUploadPlatform {
  init(channelId: string, init: { title: string; description: string; protect: number }): Promise<{ videoId: string; path: string; host: string; port: number; user: string; password: string }>;
  markReady(channelId: string, videoId: string): Promise<void>;
  status(channelId: string, videoId: string): Promise<UploadStatus>;
}

/** Where the FTP passwords of uploads in flight are kept (the keychain), so a restart can resume them. */
export interface UploadPasswords {
  save(videoId: string, password: string): Promise<void>;
  read(videoId: string): Promise<string | null>;
  forget(videoId: string): Promise<unknown>;
}

export type FtpTransfer = (file: string, size: number, target: FtpTarget, options: TransferOptions) => Promise<TransferResult>;

export interface FtpUploadTransportOptions {
  readonly platform: () => Promise<FtpUploadPlatform>;
  readonly passwords: UploadPasswords;
  readonly logger: QueueLogger;
  /** FTP control and data connection inactivity, in ms. */
  readonly timeoutMs?: number;
  /** Replaces the FTP transfer (unit tests; integration tests use real servers). */
  readonly transfer?: FtpTransfer;
}

/** Where the platform said to send one video's file: the FTP server and its login (the password is in the keychain). */
export const ftpLogin = z.object({
  videoId: z.string().min(1),
  host: z.string().min(1),
  port: z.number().int().positive(),
  user: z.string().min(1),
});

const ftpTicket = ftpLogin.extend({
  channelId: z.string().min(1),
  /** `<path>.<ext>`, in the FTP root. */
  remoteName: z.string().min(1),
});
type FtpTicket = z.output<typeof ftpTicket>;

const PROTECT_LEVEL: Readonly<Record<Protection, number>> = { public: 0, private: 1 };

/** The FTP server cannot be reached at its address: the platform moved it, the details are stale. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export class FtpUploadTransport implements UploadTransport {
  readonly name = 'ftp';
  readonly #options: FtpUploadTransportOptions;
  /** FTP passwords of the uploads in flight, by video id. */
  readonly #passwords = new Map<string, string>();
  /** Uploads begun in this run and not sent yet: the server has nothing of their files. */
  readonly #fresh = new Set<string>();
  readonly #sessions: FtpSessions;

  constructor(options: FtpUploadTransportOptions) {
    this.#options = options;
    this.#sessions = new FtpSessions({ timeoutMs: options.timeoutMs ?? 30_000 });
  }

  /** Logins made so far (prepared ones among them). */
  get logins(): number {
    return this.#sessions.logins;
  }

  /** FTP sends the file whole, resuming by the server's size rather than by part. */
  partsOf(size: number): PartPlan {
    return { count: 1, size: Math.max(1, size) };
  }

  async begin(source: UploadSource, video: VideoFields, channelId: string): Promise<UploadTicket> {
    const platform = await this.#options.platform();
    const details = await platform.init(channelId, { title: video.title, description: video.description, protect: PROTECT_LEVEL[video.protect] });
    this.#options.logger.registerSecret(details.password);
    this.#passwords.set(details.videoId, details.password);
    this.#fresh.add(details.videoId);
    // A replaced transfer (unit tests) logs in to nothing.
    if (this.#options.transfer === undefined) this.#sessions.prepare(details);
    await this.#options.passwords.save(details.videoId, details.password).catch((error: unknown) => {
      this.#options.logger.warn('the FTP password of an upload could not be kept in the keychain; if the app stops before this file is sent, it is sent again as a new upload', { error: String(error) });
    });
    return { channelId, videoId: details.videoId, host: details.host, port: details.port, user: details.user, remoteName: `${details.path}.${source.extension}` } satisfies FtpTicket;
  }

  async send(ticket: UploadTicket, source: UploadSource, options: SendOptions): Promise<SendResult> {
    const ftp = ftpTicketOf(ticket);
    const password = this.#passwords.get(ftp.videoId) ?? (await this.#options.passwords.read(ftp.videoId).catch(() => null));
    if (password === null) {
      // Without its password the platform upload cannot be reached: a new one takes its place.
      this.#options.logger.warn('the FTP password of an unfinished upload is gone (keychain)', { file: basename(source.path), videoId: ftp.videoId });
      throw new StaleTicketError('The FTP password of this upload is gone from the keychain.');
    }
    this.#options.logger.registerSecret(password);
    this.#passwords.set(ftp.videoId, password);
    const target: FtpTarget = { host: ftp.host, port: ftp.port, user: ftp.user, password, remoteName: ftp.remoteName };
    const transfer = this.#options.transfer ?? transferFile;
    // The one part is acknowledged when the transfer ends (the server's size checked): no part to report before.
    const fresh = this.#fresh.delete(ftp.videoId);
    const result = await transfer(source.path, source.size, target, { signal: options.signal, speedLimit: options.speedLimit, onProgress: options.onProgress, timeoutMs: this.#options.timeoutMs, sessions: this.#sessions, fresh });
    return { resumedFrom: result.resumedFrom };
  }

  async finish(ticket: UploadTicket): Promise<void> {
    const platform = await this.#options.platform();
    await platform.markReady(ticket.channelId, ticket.videoId);
  }

  async status(ticket: UploadTicket): Promise<UploadStatus> {
    const platform = await this.#options.platform();
    return platform.status(ticket.channelId, ticket.videoId);
  }

  release(ticket: UploadTicket): void {
    this.#passwords.delete(ticket.videoId);
    this.#fresh.delete(ticket.videoId);
    void this.#options.passwords.forget(ticket.videoId).catch(() => undefined);
  }

  close(): void {
    this.#sessions.close();
  }

  failureMeaning(error: unknown): FailureMeaning | null {
    // The server refused the upload's login: its details have ended.
    if (error instanceof FtpLoginRefusedError) return { transient: false, staleTicket: true };
    if (error instanceof FtpRefusedError) return { transient: false, staleTicket: false };
    const code = (error as { code?: unknown } | null)?.code;
    // Unreachable may pass (the network); once the retries are spent, only new details can help.
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return { transient: true, staleTicket: true };
    return null;
  }
}

function ftpTicketOf(ticket: UploadTicket): FtpTicket {
  const parsed = ftpTicket.safeParse(ticket);
  if (!parsed.success) throw new StaleTicketError('The upload was begun for another upload transport than FTP.');
  return parsed.data;
}
