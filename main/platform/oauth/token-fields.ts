// A token as the platform hands it over, from the token endpoint (JSON) or the implicit flow's redirect
// (query parameters, so every value a string), checked field by field and turned into the app's shape.
import { z } from 'zod';
import type { AccessToken, Scope } from '../access-token.js';
import { issueSummary } from '../malformed-response.js';

const hex40 = z.string().regex(/^[0-9a-f]{40}$/i, 'expected 40 hexadecimal characters');
const seconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'expected whole seconds').transform(Number)]);

const tokenFields = z.discriminatedUnion('token_type', [
  // refresh_token: today's platform only; its shape is the platform's business (an opaque string).
  z.object({ token_type: z.literal('bearer'), access_token: hex40, expires_in: seconds.optional(), refresh_token: z.string().min(1).max(4096).optional() }),
  z.object({
    token_type: z.literal('mac'),
    access_token: hex40,
    mac_key: hex40,
    created_at: seconds,
    mac_algorithm: z.literal('hmac-sha-1'),
    expires_in: seconds.optional(),
  }),
]);

export interface TokenContext {
  /** The scopes asked for: the platform's answer does not repeat them. */
  readonly scopes: readonly Scope[];
  /** Unix seconds by the local clock, from which `expires_in` counts. */
  readonly now: number;
}

/** The token, or why the fields are not one (issue paths and rules only: never a value). */
export function tokenFromFields(fields: unknown, context: TokenContext): { token: AccessToken } | { problem: string } {
  const parsed = tokenFields.safeParse(fields);
  if (!parsed.success) return { problem: issueSummary(parsed.error) };
  const data = parsed.data;
  const expiresAt = data.expires_in === undefined ? null : Math.floor(context.now) + data.expires_in;
  const scopes = [...context.scopes];
  if (data.token_type === 'bearer') {
    const refresh = data.refresh_token === undefined ? {} : { refreshToken: data.refresh_token };
    return { token: { type: 'bearer', accessToken: data.access_token, expiresAt, scopes, ...refresh } };
  }
  return {
    token: { type: 'mac', accessToken: data.access_token, macKey: data.mac_key, macAlgorithm: 'hmac-sha-1', createdAt: data.created_at, expiresAt, scopes },
  };
}
