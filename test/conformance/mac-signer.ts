// MAC request signing by an implementation that shares nothing with the app or the sandbox: Python's
// oauthlib (prepare_mac_header with draft=0, i.e. draft-ietf-oauth-v2-http-mac-01: nonce, bodyhash over
// the body, HMAC-SHA1 over the normalized request string). This is the one place MAC is cross-checked
// over HTTP.
import { execFileSync } from 'node:child_process';

export interface MacCredentials {
  readonly accessToken: string;
  readonly macKey: string;
  /** Unix seconds (the token response's `created_at`). */
  readonly createdAt: number;
}

export const PYTHON = '/usr/bin/python3';

// The nonce is "<age>:<random>" with the age in whole seconds since created_at, passed in explicitly:
// oauthlib's own generate_age() writes a fractional age ("12.345678"), which the draft's integer age
// (its example: nonce="264095:dj83hs9s") does not allow. Everything else (bodyhash, the normalized
// request string, the HMAC) is oauthlib's.
const SIGNER = `
import json, sys, time
from oauthlib.common import generate_nonce
from oauthlib.oauth2.rfc6749.tokens import prepare_mac_header
a = json.loads(sys.stdin.read())
age = max(0, int(time.time()) - int(a["created_at"]))
headers = prepare_mac_header(a["id"], a["uri"], a["key"], a["method"], nonce="%d:%s" % (age, generate_nonce()),
                             body=a["body"], hash_algorithm="hmac-sha-1", draft=0)
sys.stdout.write(headers["Authorization"])
`;

/** The `Authorization: MAC ...` header value for this request. */
export function macAuthorization(token: MacCredentials, method: string, url: string, body: string | null): string {
  const input = JSON.stringify({ id: token.accessToken, key: token.macKey, created_at: token.createdAt, method, uri: url, body });
  return execFileSync(PYTHON, ['-c', SIGNER], { input, encoding: 'utf8' }).trim();
}
