// A profile's upload queue as the app and the CLI open it: its journal and lock in
// `<data dir>/uploads/<profile>/` (or, for a second user of the profile, a folder of their own in it: see
// queue-owner.ts), and the profile's upload transport, the one place that chooses it by the profile's
// dialect: FTP for the spec's (part B; its passwords in the profile's keychain items), HTTP in 1 MB parts
// for today's platform (docs/platform-api/current.md), both through the platform client of the profile's
// sign-in.
import { join } from 'node:path';
import type { Logger } from '../log/redacting-logger.js';
import { createPlatformApi } from '../platform/endpoints/index.js';
import { partUploadsApi } from '../platform/endpoints/part-uploads.js';
import type { PlatformCaller } from '../platform/platform-request.js';
import type { Vault } from '../vault/vault.js';
import { lockQueue } from './queue-lock.js';
import { userQueueFolder } from './queue-owner.js';
import { FtpUploadTransport } from './ftp-upload-transport.js';
import { HttpPartUploadTransport } from './http-part-upload-transport.js';
import { UploadQueue, type UploadQueueOptions } from './upload-queue.js';
import type { UploadTransport } from './upload-transport.js';
import type { UploadEvent } from './upload-types.js';

/** The profile's dialect (main/profiles/profiles.ts `Dialect`): which face of the platform it speaks. */
export type UploadDialect = 'spec' | 'current';

export interface ProfileUploadQueueOptions {
  readonly dataDir: string;
  readonly profile: string;
  /** Decides the upload transport: `spec` FTP, `current` HTTP parts. */
  readonly dialect: UploadDialect;
  /** The signed-in platform user (null when the platform did not tell): whose queue of the profile opens. */
  readonly user: string | null;
  readonly platformCaller: () => Promise<PlatformCaller>;
  readonly vault: Vault;
  readonly logger: Logger;
  readonly onEvent: (event: UploadEvent) => void;
  readonly onRowChange?: (id: string) => void;
  readonly tuning?: Pick<UploadQueueOptions, 'concurrency' | 'speedLimit' | 'retryDelaysMs' | 'pollDelaysMs'> & TransportTuning;
}

/** How the transports work, beside the queue's own choices. */
export interface TransportTuning {
  readonly ftpTimeoutMs?: number;
  /** Parts of one file on their way at once (HTTP parts). */
  readonly partsInFlight?: number;
  /** Waits before a failed part is sent again (HTTP parts). */
  readonly partRetryDelaysMs?: readonly number[];
}

export interface ProfileUploadQueue {
  readonly queue: UploadQueue;
  close(): Promise<void>;
}

export function uploadQueueFolder(dataDir: string, profile: string): string {
  return join(dataDir, 'uploads', profile);
}

/** The folder of the user's queue of the profile (created, and its owner written down, when missing). */
export function profileUserQueueFolder(dataDir: string, profile: string, user: string | null): string {
  return userQueueFolder(uploadQueueFolder(dataDir, profile), user);
}

/** Throws QueueBusyError when another process has the profile's queue open. */
export function openProfileUploadQueue(options: ProfileUploadQueueOptions): ProfileUploadQueue {
  const folder = profileUserQueueFolder(options.dataDir, options.profile, options.user);
  const lock = lockQueue(join(folder, 'queue.lock'));
  let queue: UploadQueue;
  try {
    const { ftpTimeoutMs, partsInFlight, partRetryDelaysMs, ...tuning } = options.tuning ?? {};
    queue = new UploadQueue({
      ...tuning,
      journalFile: join(folder, 'journal.jsonl'),
      transport: profileUploadTransport(options, { ftpTimeoutMs, partsInFlight, partRetryDelaysMs }),
      logger: options.logger,
      onEvent: options.onEvent,
      onRowChange: options.onRowChange,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    queue,
    async close() {
      try {
        await queue.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** The transport of the profile's dialect: FTP for the spec's (part B), HTTP parts for today's platform. */
function profileUploadTransport(options: ProfileUploadQueueOptions, tuning: TransportTuning): UploadTransport {
  if (options.dialect === 'current') {
    return new HttpPartUploadTransport({
      platform: async () => partUploadsApi(await options.platformCaller()),
      logger: options.logger,
      partsInFlight: tuning.partsInFlight,
      partRetryDelaysMs: tuning.partRetryDelaysMs,
    });
  }
  return new FtpUploadTransport({
    platform: async () => createPlatformApi(await options.platformCaller()).uploads,
    passwords: options.vault.uploadPasswords,
    logger: options.logger,
    timeoutMs: tuning.ftpTimeoutMs,
  });
}
