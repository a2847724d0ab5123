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

export const SessionInfo = z.object({
  profile: z.string(),
  profileKind: z.enum(['sandbox', 'platform']),
  /** Where this profile's platform is, once known (the embedded sandbox starts on demand). */
  platform: z.object({ apiUrl: z.string(), authUrl: z.string() }).nullable(),
  status: z.enum(['signed-out', 'signed-in', 'expired']),
  /** The platform user name, when the platform revealed it (through a channel's owner). */
  user: z.string().nullable(),
  tokenType: z.enum(['mac', 'bearer']).nullable(),
  scopes: z.array(z.string()),
  /** Unix seconds; null when the token never expires (scope offline) or there is none. */
  expiresAt: z.number().nullable(),
  /** The token runs out within the hour: the UI says so before it happens. */
  expiresSoon: z.boolean(),
  /** The last sign-in problem, in words, until the next attempt. */
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The sandbox profile's published demo login, shown next to the sign-in button. */
  sandboxLogin: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type SessionInfo = z.output<typeof SessionInfo>;

export const SignInStart = z.discriminatedUnion('kind', [
  /** Browser mode: the page goes to the platform's login page and comes back when done. */
  z.object({ kind: z.literal('navigate'), url: z.string() }),
  /** The sign-in finished inside the app (Electron's login window). */
  z.object({ kind: z.literal('done'), session: SessionInfo }),
]);
export type SignInStart = z.output<typeof SignInStart>;

export const SignInOptions = z.object({
  /** Ask for a token that never expires (scope offline) instead of one that lasts a day. */
  offline: z.boolean(),
});
export type SignInOptions = z.output<typeof SignInOptions>;

export const ProfilesInfo = z.object({
  active: z.string(),
  profiles: z.array(z.object({ name: z.string(), kind: z.enum(['sandbox', 'platform']), apiUrl: z.string().nullable() })),
});
export type ProfilesInfo = z.output<typeof ProfilesInfo>;

export const contract = defineContract({
  methods: {
    appInfo: { args: z.tuple([]), result: AppInfo },
    session: { args: z.tuple([]), result: SessionInfo },
    signIn: { args: z.tuple([SignInOptions]), result: SignInStart },
    signOut: { args: z.tuple([]), result: SessionInfo },
    profiles: { args: z.tuple([]), result: ProfilesInfo },
    switchProfile: { args: z.tuple([z.string().min(1).max(40)]), result: SessionInfo },
  },
  events: {
    /** Something the streamer should read: shown as a banner. */
    notice: Notice,
    /** Sign-in state changed (signed in or out, token expiring or expired, profile switched). */
    session: SessionInfo,
  },
});

export type Contract = typeof contract;
export type CompanionBridge = Bridge<Contract>;
/** The shape of window.companion as the preload exposes it. */
export type CompanionTransport = EnvelopeBridge<Contract>;
export type CompanionEventName = EventName<Contract>;
export type CompanionEvent<E extends CompanionEventName> = EventPayload<Contract, E>;
