// Sign-in and profiles.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';

export const SessionInfo = z.object({
  profile: z.string(),
  profileKind: z.enum(['sandbox', 'platform']),
  /** Which face of the platform the profile speaks: `spec` (parts A and B) or `current` (the platform as it runs today). */
  dialect: z.enum(['spec', 'current']),
  /** Where this profile's platform is, once known (the embedded sandbox starts on demand). */
  platform: z.object({ apiUrl: z.string(), authUrl: z.string() }).nullable(),
  status: z.enum(['signed-out', 'signed-in', 'expired']),
  /** The platform user name, when the platform revealed it (through a channel's owner). */
  user: z.string().nullable(),
  tokenType: z.enum(['mac', 'bearer']).nullable(),
  scopes: z.array(z.string()),
  /** Unix seconds; null when the token never expires (scope offline) or there is none. */
  expiresAt: z.number().nullable(),
  /** The token runs out within the hour: the UI says so before it happens (never for a sign-in that renews itself). */
  expiresSoon: z.boolean(),
  /** The sign-in renews itself before its token runs out (today's platform's refresh tokens). */
  renewable: z.boolean(),
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
  /**
   * The token to ask for; absent: the shell's choice (the desktop app's login window: MAC; browser mode: bearer).
   * A MAC token comes only from the implicit flow, whose answer the browser's history keeps in browser mode.
   */
  tokenType: z.enum(['mac', 'bearer']).optional(),
});
export type SignInOptions = z.output<typeof SignInOptions>;

export const ProfilesInfo = z.object({
  active: z.string(),
  profiles: z.array(z.object({ name: z.string(), kind: z.enum(['sandbox', 'platform']), dialect: z.enum(['spec', 'current']), apiUrl: z.string().nullable() })),
});
export type ProfilesInfo = z.output<typeof ProfilesInfo>;

/** A platform profile's addresses, as typed: the session checks them and says what is wrong in words. */
export const ProfileAddresses = z.object({ apiUrl: z.string().max(2000), authUrl: z.string().max(2000) });
export type ProfileAddresses = z.output<typeof ProfileAddresses>;

/** Sign-in and profiles, served by the session. */
export const sessionNamespace = defineNamespace({
  info: { args: z.tuple([]), result: SessionInfo },
  signIn: { args: z.tuple([SignInOptions]), result: SignInStart },
  signOut: { args: z.tuple([]), result: SessionInfo },
  profiles: { args: z.tuple([]), result: ProfilesInfo },
  switchProfile: { args: z.tuple([z.string().min(1).max(40)]), result: SessionInfo },
  /** Changes the active platform profile's API and sign-in page addresses (signed out only: a sign-in belongs to the platform it was made at). */
  setProfileAddresses: { args: z.tuple([ProfileAddresses]), result: SessionInfo },
});
