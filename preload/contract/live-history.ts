// The last minutes of a broadcast as the Go live panel plots them: the encoder's bitrate and each
// destination's, one point per step (null where nothing was measured), and what happened on the way
// (failover switches, drops, the encoder lost and back, the bridge, congestion). Bounded in size.
import { z } from 'zod';

export const LiveHistoryMarkKind = z.enum(['switch', 'drop', 'encoder-lost', 'encoder-back', 'bridge-started', 'bridge-ended', 'congestion']);
export type LiveHistoryMarkKind = z.output<typeof LiveHistoryMarkKind>;

export const LiveHistory = z.object({
  /** The time one point covers (ms). */
  stepMs: z.number(),
  /** The end of the last point's step (ms since the epoch); the first point's starts `stepMs × points` earlier. */
  endAt: z.number(),
  /** The encoder's bitrate (kb/s), oldest first. */
  input: z.array(z.number().nullable()),
  /** Each destination's bitrate (kb/s), aligned with `input`. */
  series: z.array(z.object({ id: z.string(), label: z.string(), kbps: z.array(z.number().nullable()) })),
  /** Oldest first; `label` says what happened in words; `destination` is a series id, or null for the whole stream. */
  marks: z.array(z.object({ at: z.number(), kind: LiveHistoryMarkKind, label: z.string(), destination: z.string().nullable() })),
});
export type LiveHistory = z.output<typeof LiveHistory>;
