// The one API contract between the renderer and main. Add a method here and implement it in
// main/companion.ts: Electron IPC, browser mode and the renderer bridge all derive from this object.
import { z } from 'zod';
import { defineContract, type Bridge, type EnvelopeBridge, type EventName, type EventPayload } from './contract-kit.js';

export * from './contract-kit.js';

export const Shell = z.enum(['electron', 'browser', 'cli']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the core process. */
  shell: Shell,
  /** Why this shell was chosen, when it was not the user's choice (e.g. no Electron binary). */
  shellNote: z.string().nullable(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
});
export type AppInfo = z.output<typeof AppInfo>;

export const Notice = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type Notice = z.output<typeof Notice>;

export const contract = defineContract({
  methods: {
    appInfo: { args: z.tuple([]), result: AppInfo },
  },
  events: {
    /** Something the streamer should read: shown as a banner. */
    notice: Notice,
  },
});

export type Contract = typeof contract;
export type CompanionBridge = Bridge<Contract>;
/** The shape of window.companion as the preload exposes it. */
export type CompanionTransport = EnvelopeBridge<Contract>;
export type CompanionEventName = EventName<Contract>;
export type CompanionEvent<E extends CompanionEventName> = EventPayload<Contract, E>;
