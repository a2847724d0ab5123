// The `id_token` today's platform adds to a token response with scope `openid`: a JWT (RFC 7519) signed with
// HS256 under the client secret, as OpenID Connect Core §10.1 has it for symmetric signatures. A native
// client ships no secret and so cannot check the signature; it received the token straight from the token
// endpoint over TLS, which OpenID Connect Core §3.1.3.7 accepts in place of the signature check.
import { createHmac } from 'node:crypto';
import type { Account, Client } from '../state/model.js';

export interface IdTokenClaims {
  /** The auth server's address. */
  readonly issuer: string;
  readonly client: Client;
  readonly account: Account;
  /** Unix seconds. */
  readonly issuedAt: number;
  readonly lifetimeSeconds: number;
}

export function idToken(claims: IdTokenClaims): string {
  const header = { alg: 'HS256', typ: 'JWT' };
  const payload = {
    iss: claims.issuer,
    sub: claims.account.id,
    aud: claims.client.id,
    iat: claims.issuedAt,
    exp: claims.issuedAt + claims.lifetimeSeconds,
    preferred_username: claims.account.username,
    email: claims.account.email,
  };
  const signingInput = `${encodePart(header)}.${encodePart(payload)}`;
  const signature = createHmac('sha256', claims.client.secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

function encodePart(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
