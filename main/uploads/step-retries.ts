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

/** Runs `attempt`, again after each wait of `delays` while it fails for a reason that may pass. */
export async function withRetries<T>(signal: AbortSignal, attempt: () => Promise<T>, options: { delays: readonly number[]; transport: UploadTransport; logger: QueueLogger }): Promise<T> {
  for (let round = 0; ; round += 1) {
    signal.throwIfAborted();
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (!failureMeaning(error, options.transport).transient || round >= options.delays.length) throw error;
      options.logger.warn('an upload step failed; trying again', { error: String(error), inMs: options.delays[round] });
      await sleep(options.delays[round]!, undefined, { signal });
    }
  }
}

/** A 403 on an upload: the channel is neither the user's nor one they actively manage (part A rule 6). */
export function channelRefusedText(channelId: string): string {
  return `The platform refused uploads to channel ${channelId}: it is neither yours nor a channel you are an active manager of (its owner may have turned off your manager access). Choose one of your channels, or ask the owner to make you an active manager of it again, then retry.`;
}

export function failureText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
