// How the auth server's endpoints (token, revocation) authenticate the client by its secret, and when a
// native application of today's platform may leave the secret out.
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { Client } from '../state/model.js';
import type { SandboxStore } from '../state/sandbox-store.js';

export interface ClientCredentials {
  readonly clientId: string;
  readonly authorization: string | undefined;
  readonly bodySecret: string | null;
  /**
   * A native client may send no secret here: it ships none (RFC 8252 §8.5). Today's platform allows that on
   * the refresh grant, the code grant with PKCE (which native clients must use) and revocation.
   */
  readonly publicAllowed: boolean;
}

/**
 * The client is authenticated by its secret: `Authorization: Basic <client_secret>` as the spec shows, the
 * standard `Basic base64(client_id:client_secret)`, or `client_secret` in the body. Every secret presented
 * must be right. Failures are `invalid_client` with status 400, as the spec's table says (not RFC 6749's 401).
 */
export function authenticateClient(store: SandboxStore, credentials: ClientCredentials): Client {
  const { authorization, clientId, bodySecret } = credentials;
  const client = store.client(clientId);
  if (!client) throw invalidClient('The client_id is not a registered client.');
  const secrets = bodySecret === null ? [] : [bodySecret];
  if (authorization !== undefined) secrets.push(basicSecret(authorization, client));
  // A secret that is sent is checked, native client or not: a wrong one is a client that lost its way.
  if (secrets.length === 0 && client.native && credentials.publicAllowed) return client;
  if (secrets.length === 0) throw invalidClient('The client did not authenticate: send "Authorization: Basic <client_secret>".');
  if (!secrets.every((secret) => sameSecret(secret, client.secret))) throw invalidClient('The client secret is wrong.');
  return client;
}

function basicSecret(authorization: string, client: Client): string {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw invalidClient('The Authorization header must be "Basic <client_secret>".');
  const credential = match[1]!;
  // The raw secret is tried first: 40 hex characters are also valid base64 and may decode to text with a colon.
  if (sameSecret(credential, client.secret)) return credential;
  const pair = standardBasicPair(credential);
  return pair !== null && pair.id === client.id ? pair.secret : credential;
}

/** RFC 6749 §2.3.1: base64 of `client_id:client_secret`, each form-encoded first. */
function standardBasicPair(credential: string): { id: string; secret: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return null;
  const text = Buffer.from(credential, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const decode = (part: string): string => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}

function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function invalidClient(description: string): ApiError {
  return new ApiError(400, 'invalid_client', description);
}
