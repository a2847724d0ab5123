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
  z.object({
    type: z.literal('bearer'),
    ...tokenBase,
    /**
     * Today's platform (docs/platform-api/current.md) hands one out with each token: it buys the next token once,
     * and the answer carries a new one (rotation). Kept with the token, in the keychain only.
     */
    refreshToken: z.string().min(1).optional(),
  }).readonly(),
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
  /**
   * The platform answered 401 to this user token: a renewed token to ask again with, once, or null. Absent
   * where sign-ins cannot be renewed.
   */
  renewRefused?(token: AccessToken): Promise<AccessToken | null>;
}
