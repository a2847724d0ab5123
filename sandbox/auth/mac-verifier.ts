// Verifies MAC-signed requests as draft-ietf-oauth-v2-http-mac-01 says (the draft with an issue time):
// nonce "<age>:<random>" where age counts seconds since the token's created_at, an optional bodyhash
// (base64 SHA-1 of the body), and mac = base64 HMAC-SHA1(mac_key, normalized request string).
// Written from the draft, independently of the app's signer, so each checks the other.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface MacCredentials {
  readonly id: string;
  readonly nonce: string;
  readonly bodyhash: string | null;
  readonly ext: string | null;
  readonly mac: string;
}

/** Parses `MAC id="…", nonce="…", bodyhash="…", ext="…", mac="…"`; null when it is not that. */
export function parseMacHeader(header: string): MacCredentials | null {
  const match = /^MAC\s+(.*)$/i.exec(header.trim());
  if (!match) return null;
  const fields = new Map<string, string>();
  const pattern = /\s*([a-z]+)="([^"]*)"\s*(,|$)/gy;
  const rest = match[1] ?? '';
  let part: RegExpExecArray | null;
  let consumed = 0;
  while (consumed < rest.length && (part = pattern.exec(rest)) !== null) {
    if (fields.has(part[1]!)) return null;
    fields.set(part[1]!, part[2]!);
    consumed = pattern.lastIndex;
  }
  if (consumed !== rest.length) return null;
  const id = fields.get('id');
  const nonce = fields.get('nonce');
  const mac = fields.get('mac');
  if (!id || !nonce || !mac) return null;
  return { id, nonce, mac, bodyhash: fields.get('bodyhash') ?? null, ext: fields.get('ext') ?? null };
}

export interface SignedRequest {
  readonly method: string;
  /** Path and query as sent on the request line. */
  readonly requestUri: string;
  readonly host: string;
  readonly port: number;
  readonly body: Buffer;
}

export interface MacCheck {
  readonly macKey: string;
  /** Unix seconds: the token's created_at. */
  readonly issuedAt: number;
  readonly now: number;
  /** How far the nonce's age may stray from the server's own count, in seconds. */
  readonly allowedSkew: number;
}

export function bodyHash(body: Buffer): string {
  return createHash('sha1').update(body).digest('base64');
}

export function normalizedRequestString(credentials: MacCredentials, request: SignedRequest): string {
  return [credentials.nonce, request.method.toUpperCase(), request.requestUri, request.host.toLowerCase(), String(request.port), credentials.bodyhash ?? '', credentials.ext ?? '', ''].join('\n');
}

/** Null when the request is properly signed, else why not (a sentence for the 401 answer). */
export function macProblem(credentials: MacCredentials, request: SignedRequest, check: MacCheck): string | null {
  // The age may carry a fraction: Python oauthlib sends one.
  const nonce = /^(\d+(?:\.\d+)?):(\S+)$/.exec(credentials.nonce);
  if (!nonce) return 'The MAC nonce must be "<age>:<random>", the age in seconds since the token was issued.';
  const expectedAge = check.now - check.issuedAt;
  if (Math.abs(Number(nonce[1]) - expectedAge) > check.allowedSkew) {
    return `The MAC nonce's age (${nonce[1]} s) does not match the token's issue time (${expectedAge} s ago); check the clock.`;
  }
  if (request.body.length > 0 && credentials.bodyhash === null) return 'A request with a body must carry a MAC bodyhash.';
  if (credentials.bodyhash !== null && !sameText(credentials.bodyhash, bodyHash(request.body))) return 'The MAC bodyhash does not match the body.';
  const expected = createHmac('sha1', check.macKey).update(normalizedRequestString(credentials, request)).digest('base64');
  if (!sameText(credentials.mac, expected)) return 'The MAC signature does not match the request.';
  return null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
