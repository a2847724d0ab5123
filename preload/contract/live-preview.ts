// The confidence monitor: the latest keyframe of what the encoder sends, with the decoder configuration
// it needs, for the Go live panel to decode with WebCodecs. Bytes travel as base64 (the transports carry JSON).
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

export const LivePreview = z.object({
  /** WebCodecs' codec string (avc1.PPCCLL). */
  codec: z.string(),
  /** As the encoder declares them; null when it does not (the decoded frame has its own). */
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The AVCDecoderConfigurationRecord (avcC): VideoDecoder's `description`. */
  description: z.string(),
  /** One keyframe: NAL units each with its length in front (AVCC), as the description says. */
  keyframe: z.string(),
  /** When it was taken (ms since the epoch): the same `at` is the same picture. */
  at: z.number(),
});
export type LivePreview = z.output<typeof LivePreview>;

/** The picture the caller has is still the latest: no bytes sent again (a 1080p keyframe is ~300 KB of base64). */
export const SamePreview = z.object({ same: z.literal(true), at: z.number() });
export type SamePreview = z.output<typeof SamePreview>;

export const livePreviewNamespace = defineNamespace({
  /**
   * The latest keyframe (at most one new every 2 s); null while no encoder sends H.264. `shownAt`: the `at`
   * of the picture the caller shows (null: none); when it is still the latest, only `{ same: true }` comes back.
   */
  latest: { args: z.tuple([z.number().nullable()]), result: z.union([LivePreview, SamePreview]).nullable() },
});
