// MAC request signing as draft-ietf-oauth-v2-http-mac-01 has it (the draft with an issue time; DESIGN.md,
// "Platform facts"): the nonce carries the token's age, a body is covered by its SHA-1, and the normalized
// request string is signed with HMAC-SHA1 under the token's MAC key.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { MacToken } from './access-token.js';

export interface MacSigning {
  readonly method: string;
  /** Absolute, exactly as it will be requested: path and query are signed as they appear here. */
  readonly url: string;
  /** Present whenever the request has a body (a form as its encoded string), even an empty one. */
  readonly body?: Uint8Array | string;
  readonly token: MacToken;
  /** Unix seconds. */
  readonly now: number;
  /** The nonce's unique part; a fresh random one when absent. */
  readonly nonceRandom?: string;
  readonly ext?: string;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };
// Header values are quoted strings; these would end or escape one.
const UNQUOTABLE = /["\\\r\n]/;

/** The `Authorization` header value for this request. */
export function signMac(signing: MacSigning): string {
  const url = new URL(signing.url);
  const port = url.port || DEFAULT_PORTS[url.protocol];
  if (port === undefined) throw new Error(`MAC signing needs an http or https URL, not ${url.protocol}`);
  const random = signing.nonceRandom ?? randomBytes(12).toString('hex');
  if (UNQUOTABLE.test(random) || /[\s:]/.test(random)) throw new Error('The MAC nonce must be one word without quotes or colons.');
  if (signing.ext !== undefined && UNQUOTABLE.test(signing.ext)) throw new Error('The MAC ext value cannot hold quotes, backslashes or line breaks.');
  // A clock behind the platform's would give a negative age, which the nonce's grammar has no room for.
  const age = Math.max(0, Math.floor(signing.now - signing.token.createdAt));
  const nonce = `${age}:${random}`;
  const bodyhash = signing.body === undefined ? null : createHash('sha1').update(signing.body).digest('base64');
  const ext = signing.ext ?? '';
  const normalized = [nonce, signing.method.toUpperCase(), `${url.pathname}${url.search}`, url.hostname, port, bodyhash ?? '', ext, ''].join('\n');
  const mac = createHmac('sha1', signing.token.macKey).update(normalized).digest('base64');

  const fields = [`id="${signing.token.accessToken}"`, `nonce="${nonce}"`];
  if (bodyhash !== null) fields.push(`bodyhash="${bodyhash}"`);
  if (ext !== '') fields.push(`ext="${ext}"`);
  fields.push(`mac="${mac}"`);
  return `MAC ${fields.join(', ')}`;
}
