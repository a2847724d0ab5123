// Access tokens as the platform issues them (spec part A, "Authentication"), in the app's own shape: the one
// definition the transport signs with, the session keeps and the vault stores (token-fields.ts reads the
// platform's wire fields into it).
import { z } from 'zod';

export const SCOPES = ['offline', 'broadcaster'] as const;
export type Scope = (typeof SCOPES)[number];

const tokenBase = {
  accessToken: z.string().min(1),
  /** Unix seconds; null with scope offline. */
  expiresAt: z.number().int().nullable(),
  scopes: z.array(z.enum(SCOPES)).readonly(),
};

export const accessTokenSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bearer'), ...tokenBase }).readonly(),
  z.object({
    type: z.literal('mac'),
    ...tokenBase,
    macKey: z.string().min(1),
    macAlgorithm: z.literal('hmac-sha-1'),
    /** Unix seconds: the issue time the MAC nonce's age counts from. */
    createdAt: z.number().int(),
  }).readonly(),
]);

export type AccessToken = z.output<typeof accessTokenSchema>;
export type BearerToken = Extract<AccessToken, { type: 'bearer' }>;
export type MacToken = Extract<AccessToken, { type: 'mac' }>;

/** Where the transport gets the token for a call; null when there is none (not signed in). */
export interface TokenSource {
  token(kind: 'user' | 'client'): Promise<AccessToken | null>;
}
