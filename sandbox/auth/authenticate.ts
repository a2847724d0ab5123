// Resolves the Authorization header of an API request to a principal, or says why it could not.
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxStore } from '../state/sandbox-store.js';
import { nowSeconds } from '../state/random.js';
import type { Token } from '../state/model.js';
import { macProblem, parseMacHeader } from './mac-verifier.js';
import type { Principal } from './principal.js';

export interface Authentication {
  readonly principal: Principal | null;
  readonly problem: string | null;
}

export interface AuthenticationInput {
  readonly headers: IncomingHttpHeaders;
  readonly method: string;
  readonly requestUri: string;
  readonly body: Buffer;
  /** Used when the request has no Host header. */
  readonly defaultHost: string;
  readonly defaultPort: number;
}

const MAC_SKEW_SECONDS = 300;
/** Nonces seen per MAC token, so a captured request cannot be replayed within the skew window. */
const seenNonces = new WeakMap<Token, Map<string, number>>();

export function authenticate(store: SandboxStore, input: AuthenticationInput): Authentication {
  const header = input.headers.authorization;
  if (!header) return { principal: null, problem: null };
  const now = nowSeconds();

  let token: Token | undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) {
    token = store.token(bearer[1]!);
    if (!token) return fail('The access token is not known to the platform.');
    if (token.type !== 'bearer') return fail('This is a MAC token: sign the request with it instead of sending it as a bearer token.');
  } else {
    const credentials = parseMacHeader(header);
    if (!credentials) return fail('The Authorization header is malformed: expected "Bearer <token>" or a MAC header.');
    token = store.token(credentials.id);
    if (!token) return fail('The access token is not known to the platform.');
    if (token.type !== 'mac') return fail('A bearer token cannot sign requests with MAC.');
    const [host, port] = hostAndPort(input);
    const problem = macProblem(credentials, { method: input.method, requestUri: input.requestUri, host, port, body: input.body }, {
      macKey: store.macKeyFor(credentials.id),
      issuedAt: token.createdAt,
      now,
      allowedSkew: MAC_SKEW_SECONDS,
    });
    if (problem) return fail(problem);
    if (!freshNonce(token, credentials.nonce, now)) return fail('This MAC nonce was used before: every request needs a new one.');
  }

  if (token.revoked) return fail('The access token was revoked.');
  if (token.expiresAt !== null && token.expiresAt <= now) return fail('The access token has expired.');
  if (token.userId === null) {
    const client = store.client(token.clientId);
    const owner = client && store.account(client.ownerId);
    if (!client || !owner) return fail('The application behind this token no longer exists.');
    return { principal: { kind: 'client', client, account: owner, token }, problem: null };
  }
  const account = store.account(token.userId);
  if (!account) return fail('The user behind this token no longer exists.');
  return { principal: { kind: 'user', account, token }, problem: null };
}

function fail(problem: string): Authentication {
  return { principal: null, problem };
}

function hostAndPort(input: AuthenticationInput): [string, number] {
  const host = input.headers.host;
  if (!host) return [input.defaultHost, input.defaultPort];
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  if (!match) return [host, input.defaultPort];
  return [match[1]!, match[2] ? Number(match[2]) : 80];
}

function freshNonce(token: Token, nonce: string, now: number): boolean {
  let seen = seenNonces.get(token);
  if (!seen) seenNonces.set(token, (seen = new Map()));
  for (const [value, at] of seen) if (now - at > 2 * MAC_SKEW_SECONDS) seen.delete(value);
  if (seen.has(nonce)) return false;
  seen.set(nonce, now);
  return true;
}
