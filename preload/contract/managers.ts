// Managers: who may manage the streamer's channels.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

/** Part A "Limits": simultaneously active managers, 3 by default. */
export const MAX_ACTIVE_MANAGERS = 3;

export const ManagerRow = z.object({
  /** The manager's platform user id; names the manager in every call. */
  userId: z.string(),
  email: z.string(),
  alias: z.string(),
  active: z.boolean(),
  /** Ids of the streamer's channels this manager may manage. */
  channels: z.array(z.string()),
});
export type ManagerRow = z.output<typeof ManagerRow>;

export const ManagersState = z.object({
  /** False when the account's plan lacks managers (the platform's 402): not a failure, a plan limit. */
  included: z.boolean(),
  /** Why not, in words, when `included` is false. */
  planNote: z.string().nullable(),
  managers: z.array(ManagerRow),
  /** The streamer's channels, to grant access to. */
  channels: z.array(z.object({ id: z.string(), title: z.string() })),
  maxActive: z.number(),
});
export type ManagersState = z.output<typeof ManagersState>;

export const InviteManager = z.object({
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address like name@example.com'),
  alias: z.string().trim().max(100).optional(),
});
export type InviteManager = z.output<typeof InviteManager>;

export const ManagerChange = z.object({ active: z.boolean(), alias: z.string().trim().max(100).optional() });
export type ManagerChange = z.output<typeof ManagerChange>;

const managerId = z.string().min(1).max(100);

/** Managers, served by the manager service. */
export const managersNamespace = defineNamespace({
  state: { args: z.tuple([]), result: ManagersState },
  invite: { args: z.tuple([InviteManager]), result: ManagerRow },
  change: { args: z.tuple([managerId, ManagerChange]), result: ManagerRow },
  remove: { args: z.tuple([managerId]), result: z.null() },
  setChannel: { args: z.tuple([managerId, z.string().min(1).max(100), z.boolean()]), result: ManagerRow },
});
