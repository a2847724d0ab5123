// Channel hooks and the built-in receiver's deliveries.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { channelId, webAddress } from './common.js';

/** Part B "Event names": what a channel hook can be registered for. */
export const HOOK_EVENTS = ['channel.status.live', 'channel.status.offair', 'video.create', 'video.deleted'] as const;
export const HookEventName = z.enum(HOOK_EVENTS);
export type HookEventName = z.output<typeof HookEventName>;

/** One event's hook on a channel; `status` null when none is registered. */
export const HookRow = z.object({
  event: HookEventName,
  recipient: z.string().nullable(),
  status: z.enum(['pending', 'active', 'suspended']).nullable(),
  /** The hook calls this app's built-in receiver (sandbox profile). */
  atReceiver: z.boolean(),
});
export type HookRow = z.output<typeof HookRow>;

export const HooksState = z.object({
  channelId: z.string(),
  /** The built-in receiver's address: only with the sandbox profile (a real platform cannot reach this computer). */
  receiverUrl: z.string().nullable(),
  hooks: z.array(HookRow),
});
export type HooksState = z.output<typeof HooksState>;

/** What the built-in receiver got: a handshake it answered or refused, or a delivery and its signature check. */
export const HookDelivery = z.object({
  id: z.number(),
  /** Milliseconds since the epoch. */
  at: z.number(),
  kind: z.enum(['handshake', 'delivery']),
  event: z.string(),
  channelId: z.string().nullable(),
  videoId: z.string().nullable(),
  /** Handshake answered / signature verified; false when refused or not verified. */
  accepted: z.boolean(),
  note: z.string(),
});
export type HookDelivery = z.output<typeof HookDelivery>;

/** Hooks, served by the hook service. */
export const hooksNamespace = defineNamespace({
  state: { args: z.tuple([channelId]), result: HooksState },
  register: { args: z.tuple([channelId, HookEventName, webAddress]), result: HooksState },
  remove: { args: z.tuple([channelId, HookEventName]), result: HooksState },
  deliveries: { args: z.tuple([]), result: z.array(HookDelivery) },
});
