// What a failed upload step means, and trying it again: connections, 5xx and timeouts may pass and are
// tried again after a wait; a refused sign-in, an unreadable file or a refusal fail at once; a ticket that
// cannot be used any more asks for a new platform upload. The transport tells the meaning of its own errors.
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, SignInNeededError } from '../platform/platform-error.js';
import { LocalFileError, StaleTicketError, type FailureMeaning, type UploadTransport } from './upload-transport.js';
import type { QueueLogger } from './upload-types.js';

export const DEFAULT_RETRY_DELAYS_MS = [2000, 5000, 10_000, 20_000];

export function failureMeaning(error: unknown, transport: UploadTransport): FailureMeaning {
  if (error instanceof StaleTicketError) return { transient: false, staleTicket: true };
  if (error instanceof SignInNeededError || error instanceof LocalFileError) return { transient: false, staleTicket: false };
  if (error instanceof PlatformError) return { transient: error.status === 0 || error.status >= 500 || error.status === 429, staleTicket: false };
  return transport.failureMeaning(error) ?? { transient: true, staleTicket: false };
}

export interface RetryOptions {
  readonly delays: readonly number[];
  readonly transport: UploadTransport;
  readonly logger: QueueLogger;
  /** Told before each wait: attempt `attempt` (2 for the first retry) comes in `inMs`; null once the step is done or given up. */
  readonly waiting?: (wait: { readonly attempt: number; readonly inMs: number; readonly reason: string } | null) => void;
}

/** Runs `attempt`, again after each wait of `delays` while it fails for a reason that may pass. */
export async function withRetries<T>(signal: AbortSignal, attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  try {
    for (let round = 0; ; round += 1) {
      signal.throwIfAborted();
      try {
        return await attempt();
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!failureMeaning(error, options.transport).transient || round >= options.delays.length) throw error;
        const inMs = options.delays[round]!;
        options.logger.warn('an upload step failed; trying again', { error: String(error), inMs });
        options.waiting?.({ attempt: round + 2, inMs, reason: failureText(error) });
        await sleep(inMs, undefined, { signal });
      }
    }
  } finally {
    options.waiting?.(null);
  }
}

/** A 403 on an upload: the channel is neither the user's nor one they actively manage (part A rule 6). */
export function channelRefusedText(channelId: string): string {
  return `The platform refused uploads to channel ${channelId}: it is neither yours nor a channel you are an active manager of (its owner may have turned off your manager access). Choose one of your channels, or ask the owner to make you an active manager of it again, then retry.`;
}

/** Why a step failed, in words: a connection's trouble said as what happened to which server. */
export function failureText(error: unknown): string {
  const connection = connectionTrouble(error);
  if (connection !== null) return connection;
  if (error instanceof Error) return error.message;
  return String(error);
}

const CONNECTION_TROUBLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'refused the connection: nothing answers at that address now',
  ECONNRESET: 'cut the connection',
  ETIMEDOUT: 'did not answer in time',
  EHOSTUNREACH: 'cannot be reached from this computer',
  ENETUNREACH: 'cannot be reached: this computer has no network route to it',
  ENOTFOUND: 'is not known by that name',
  EAI_AGAIN: 'could not be looked up (no name server answers)',
  EPIPE: 'closed the connection while data was being sent',
};

/** `connect ECONNREFUSED 127.0.0.1:44611 (control socket)` read as "The upload server 127.0.0.1:44611 refused the connection: …". */
function connectionTrouble(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  const what = typeof code === 'string' ? CONNECTION_TROUBLE[code] : undefined;
  if (what === undefined) return null;
  const message = error instanceof Error ? error.message : '';
  const address = /(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9.-]+\.[a-z]{2,}):(\d+)/i.exec(message);
  const server = address === null ? 'The upload server' : `The upload server ${address[1]}:${address[2]}`;
  return `${server} ${what}.`;
}
