// Multistream in the live contract: the destinations a broadcast goes to (the channel first, then the
// profile's extra destinations: another channel of the account, or any RTMP/RTMPS address with its key),
// each with its health, and what the streamer may ask of them. No row holds a URL with a key or a key.
import { z } from 'zod';
import { channelId } from './common.js';

/** Why a destination's last attempt failed; `unavailable`: its targets could not be had (ingest not fetched, key missing). */
export const DestinationFailureKind = z.enum(['unreachable', 'untrusted', 'timeout', 'refused', 'dropped', 'unavailable']);

/** One destination's row; `targetRow` is the live state's target row, so both read alike. */
export function destinationRow<Target extends z.ZodTypeAny>(targetRow: Target) {
  return z.object({
    /** `channel` for the channel being gone live on. */
    id: z.string(),
    label: z.string(),
    /** `main`: the channel gone live on; `channel`: another channel of the account; `rtmp`: an address with a key. */
    kind: z.enum(['main', 'channel', 'rtmp']),
    enabled: z.boolean(),
    /** `off`: switched off; `idle`: not live, or waiting for the stream; `stopped`: gave up (key refused). */
    state: z.enum(['off', 'idle', 'connecting', 'live', 'retrying', 'stopped']),
    bitrateKbps: z.number().nullable(),
    reconnects: z.number(),
    lastFailure: z.object({ kind: DestinationFailureKind, reason: z.string() }).nullable(),
    /** When its next attempt starts (ms since the epoch), while it waits out a backoff. */
    nextRetryAt: z.number().nullable(),
    targets: z.array(targetRow),
  });
}

/** Another channel of the signed-in account, or an RTMP/RTMPS address (without the key) and its stream key. */
export const DestinationInput = z.union([
  z.object({ channelId }),
  z.object({
    label: z.string().trim().min(1).max(100),
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^rtmps?:\/\/[^\s/]+\/\S+$/i, 'an rtmp:// or rtmps:// address with its application, e.g. rtmp://live.example.com/app'),
    key: z.string().trim().min(1).max(500),
  }),
]);
export type DestinationInput = z.output<typeof DestinationInput>;

export const destinationId = z.string().min(1).max(100);
