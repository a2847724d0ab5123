// Upload by FTP (spec part B): initialisation hands out FTP details; `ready` starts the processing that
// moves the status through transferred, queued, pending and transcoding to complete (or to error), one
// short step each; a complete upload becomes a video, so the video.create hook fires. The FTP server is
// the sandbox's own (per-upload credentials and roots) or an external one whose root the sandbox reads.
import { timingSafeEqual } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Channel, Upload, UploadStatus, VideoProtection } from '../state/model.js';
import { randomToken } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { addUploadedVideo } from '../state/uploaded-video.js';
import { probeMedia } from '../media/probe-media.js';
import { startFtpUploadServer, type FtpGrant, type FtpUploadServer } from './ftp-upload-server.js';

export const UPLOAD_EXTENSIONS = ['mkv', 'mp4', 'mov', 'flv', 'avi', 'wmv', 'ogm', 'mpeg2'] as const;

/** The spec's "FTP upload details". */
export interface FtpUploadDetails {
  readonly protocol: 'ftp';
  readonly host: string;
  readonly port: number;
  /** Base file name without extension. */
  readonly path: string;
  readonly user: string;
  readonly password: string;
  readonly videoId: string;
  /** Full FTP URL including credentials and path. */
  readonly url: string;
}

/** An FTP server the sandbox does not run: its credentials are handed out, its root is read from disk. */
export interface ExternalFtp {
  /** `ftp://user:password@host:port` */
  readonly url: string;
  /** The folder where that server stores what the user uploads. */
  readonly root: string;
}

/** See SandboxOptions.ftpAdvertised. */
export interface FtpAdvertised {
  readonly host: string;
  readonly passivePorts?: { readonly min: number; readonly max: number };
}

export interface UploadServiceOptions {
  readonly store: SandboxStore;
  readonly dataDir: string;
  /** Interface of the sandbox's own FTP server. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly ftpPort: number;
  /** Hand out this server instead of running one. */
  readonly externalFtp?: ExternalFtp;
  /** Where clients reach the embedded server, when not at `host`. */
  readonly advertised?: FtpAdvertised;
  /** Milliseconds between processing steps after `ready`. */
  readonly stepMs?: number;
  readonly onInternalError?: (error: unknown) => void;
}

export interface UploadRequest {
  readonly title: string | null;
  readonly description: string | null;
  readonly protect: VideoProtection;
}

export interface UploadService {
  /** `ftp://host:port` of the server that initialisation hands out. */
  readonly ftpUrl: string;
  init(channel: Channel, request: UploadRequest): FtpUploadDetails;
  /** The client says the file is in place; processing goes on after this returns. Repeats change nothing. */
  ready(upload: Upload): void;
  close(): Promise<void>;
}

const DEFAULT_STEP_MS = 300;
const NEXT_STATUS: Partial<Record<UploadStatus, UploadStatus>> = {
  initiated: 'transferred',
  transferred: 'queued',
  queued: 'pending',
  pending: 'transcoding',
};

interface FtpEndpoint {
  readonly host: string;
  readonly port: number;
  /** Per-upload credentials when absent. */
  readonly credentials: { readonly user: string; readonly password: string } | null;
  root(videoId: string): string;
  disconnect(videoId: string): Promise<void>;
  close(): Promise<void>;
}

interface UploadedFile {
  readonly file: string;
  readonly size: number;
}

export async function startUploadService(options: UploadServiceOptions): Promise<UploadService> {
  const { store } = options;
  const stepMs = options.stepMs ?? DEFAULT_STEP_MS;
  const reportError = options.onInternalError ?? (() => undefined);
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const embeddedRoot = (videoId: string): string => join(options.dataDir, 'ftp', videoId);

  const ftpLogin = (user: string, password: string): FtpGrant | null => {
    const upload = user.startsWith('upload-') ? store.upload(user.slice('upload-'.length)) : undefined;
    // Credentials live while the client may still change the file: until it says `ready`.
    if (!upload || upload.ftpUser !== user || upload.status !== 'initiated' || running.has(upload.videoId)) return null;
    if (!sameSecret(password, upload.ftpPassword) || !store.channel(upload.channelId)) return null;
    return { key: upload.videoId, root: embeddedRoot(upload.videoId) };
  };

  const endpoint: FtpEndpoint = options.externalFtp
    ? externalEndpoint(options.externalFtp)
    : await embeddedEndpoint(options, embeddedRoot, ftpLogin, reportError);

  const setStatus = (upload: Upload, status: UploadStatus, errorReason: string | null = null): void => {
    upload.status = status;
    upload.errorReason = errorReason;
    store.changed();
  };

  const advance = async (upload: Upload): Promise<void> => {
    const signal = stopping.signal;
    for (;;) {
      await sleep(stepMs, undefined, { signal });
      const found = await locateFile(endpoint.root(upload.videoId), upload.path);
      if (typeof found === 'string') return setStatus(upload, 'error', found);
      const next = NEXT_STATUS[upload.status];
      if (next) {
        setStatus(upload, next);
        continue;
      }
      const length = await probeMedia(found.file, signal);
      if (length.problem !== null) return setStatus(upload, 'error', length.problem);
      if (!store.channel(upload.channelId)) return setStatus(upload, 'error', `The channel ${upload.channelId} was deleted during processing.`);
      addUploadedVideo(store, upload, { path: found.file, size: found.size, seconds: length.seconds });
      return setStatus(upload, 'complete');
    }
  };

  const start = (upload: Upload): void => {
    const run = advance(upload)
      .catch((error: unknown) => {
        if (stopping.signal.aborted) return;
        reportError(error);
        setStatus(upload, 'error', 'The sandbox failed while processing this upload (a sandbox bug).');
      })
      .finally(() => running.delete(upload.videoId));
    running.set(upload.videoId, run);
  };

  // With a state file, uploads that were being processed when the sandbox stopped carry on.
  for (const upload of store.data.uploads) {
    if (upload.status !== 'initiated' && upload.status !== 'complete' && upload.status !== 'error') start(upload);
  }

  return {
    ftpUrl: `ftp://${urlHost(endpoint.host)}:${endpoint.port}`,
    init(channel, request) {
      const videoId = store.nextId('video');
      const user = endpoint.credentials?.user ?? `upload-${videoId}`;
      const password = endpoint.credentials?.password ?? randomToken(18);
      const path = `upload-${videoId}-${randomToken(6)}`;
      store.data.uploads.push({
        videoId,
        channelId: channel.id,
        ownerId: channel.ownerId,
        path,
        ftpUser: user,
        ftpPassword: password,
        title: request.title ?? 'Untitled upload',
        description: request.description ?? '',
        protect: request.protect,
        status: 'initiated',
        errorReason: null,
      });
      store.changed();
      const url = `ftp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${urlHost(endpoint.host)}:${endpoint.port}/${path}`;
      return { protocol: 'ftp', host: endpoint.host, port: endpoint.port, path, user, password, videoId, url };
    },
    ready(upload) {
      if (upload.status !== 'initiated' || running.has(upload.videoId)) return;
      start(upload);
      endpoint.disconnect(upload.videoId).catch(reportError);
    },
    async close() {
      stopping.abort();
      await Promise.allSettled(running.values());
      await endpoint.close();
    },
  };
}

async function embeddedEndpoint(
  options: UploadServiceOptions,
  root: (videoId: string) => string,
  login: (user: string, password: string) => FtpGrant | null,
  reportError: (error: unknown) => void,
): Promise<FtpEndpoint> {
  const server: FtpUploadServer = await startFtpUploadServer({
    host: options.host,
    port: options.ftpPort,
    advertised: options.advertised,
    login,
    logFile: join(options.dataDir, 'ftp-server.log'),
    onInternalError: reportError,
  });
  return {
    host: options.advertised?.host ?? server.host,
    port: server.port,
    credentials: null,
    root,
    disconnect: (videoId) => server.disconnect(videoId),
    close: () => server.close(),
  };
}

function externalEndpoint(external: ExternalFtp): FtpEndpoint {
  let url: URL;
  try {
    url = new URL(external.url);
  } catch {
    throw new Error(`The external FTP URL ${JSON.stringify(external.url)} is not a URL; expected ftp://user:password@host:port.`);
  }
  if (url.protocol !== 'ftp:' || url.username === '' || url.hostname === '') {
    throw new Error('The external FTP URL must look like ftp://user:password@host:port.');
  }
  const root = resolve(external.root);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 21 : Number(url.port),
    credentials: { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
    // Every upload shares the external server's root; the random part of `path` keeps their files apart.
    root: () => root,
    // The sandbox cannot end sessions on a server it does not run.
    disconnect: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** `<path>.<ext>` in the root, or why the upload cannot go on. */
async function locateFile(root: string, path: string): Promise<UploadedFile | string> {
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const candidates = names.filter((name) => name.startsWith(`${path}.`));
  const supported = candidates.find((name) => (UPLOAD_EXTENSIONS as readonly string[]).includes(name.slice(path.length + 1).toLowerCase()));
  if (!supported) {
    const expected = `one of ${UPLOAD_EXTENSIONS.join(', ')}`;
    if (candidates.length === 0) return `No file named ${path}.<ext> is in the FTP root (<ext> ${expected}).`;
    return `The file ${candidates[0]} has an unsupported extension (supported: ${expected}).`;
  }
  const file = join(root, supported);
  const stats = await stat(file);
  if (!stats.isFile()) return `${supported} in the FTP root is not a file.`;
  if (stats.size === 0) return `The file ${supported} is empty.`;
  return { file, size: stats.size };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
