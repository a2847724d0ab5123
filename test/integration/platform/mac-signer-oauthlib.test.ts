// The app's MAC signer against an implementation nobody here wrote: Python oauthlib's
// prepare_mac_header(draft=0), i.e. draft-ietf-oauth-v2-http-mac-01. For the same request and nonce both
// must produce the same header, byte for byte. The nonce is handed to oauthlib because its own age is
// fractional ("3600.25") where the draft's examples and the app use whole seconds.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MacToken } from '../../../main/platform/access-token.js';
import { signMac } from '../../../main/platform/mac-signer.js';

/** Debian's interpreter, where python3-oauthlib installs; not whatever python3 comes first on PATH. */
const PYTHON = '/usr/bin/python3';

const SIGN = `
import json, sys
from oauthlib.oauth2.rfc6749.tokens import prepare_mac_header
out = []
for a in json.load(sys.stdin):
    headers = prepare_mac_header(a["token"], a["uri"], a["key"], a["method"], nonce=a["nonce"], body=a["body"],
                                 ext=a["ext"], hash_algorithm="hmac-sha-1", issue_time=None, draft=0)
    out.append(headers["Authorization"])
json.dump(out, sys.stdout)
`;

function python(script: string, input = ''): { ok: boolean; stdout: string; stderr: string } {
  // -I: isolated from PYTHONPATH and user site-packages, so only the system's oauthlib counts.
  const result = spawnSync(PYTHON, ['-I', '-c', script], { input, encoding: 'utf8', timeout: 15_000 });
  return { ok: result.error === undefined && result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
}

function requireOauthlib(): void {
  const probe = python('import oauthlib.oauth2.rfc6749.tokens');
  if (!probe.ok) {
    throw new Error(`${PYTHON} cannot import oauthlib: install the Debian package python3-oauthlib (apt-get install python3-oauthlib).\n${probe.stderr}`);
  }
}

interface Case {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  readonly body?: string;
  readonly ext?: string;
}

const CASES: readonly Case[] = [
  { name: 'a GET with a query', method: 'GET', url: 'http://127.0.0.1:8080/users/self/channels.json?detail_level=broadcaster&q=late+show%21&filter%5Bprotect%5D=public' },
  { name: 'a POST with a form body', method: 'POST', url: 'http://127.0.0.1:8080/users/self/channels.json', body: 'title=Caf%C3%A9+night&description=Late+show+%26+more&tags%5B%5D=a' },
  { name: 'a PUT with a form body and ext', method: 'PUT', url: 'https://api.example.com/channels/1001.json', body: 'title=Renamed&description=', ext: 'app=companion' },
  { name: 'a DELETE to an explicit port', method: 'DELETE', url: 'https://api.example.com:8443/channels/1001.json' },
  { name: 'a GET on the default port 80', method: 'GET', url: 'http://localhost/users/self.json' },
  { name: 'a POST with an empty body', method: 'POST', url: 'http://127.0.0.1:8080/channels/1001/recorder.json', body: '' },
];

describe('signMac against Python oauthlib prepare_mac_header(draft=0)', () => {
  const now = Math.floor(Date.now() / 1000);
  const token: MacToken = {
    type: 'mac',
    accessToken: randomBytes(20).toString('hex'),
    macKey: randomBytes(20).toString('hex'),
    macAlgorithm: 'hmac-sha-1',
    createdAt: now - 3600,
    expiresAt: null,
    scopes: [],
  };
  const nonces = CASES.map(() => randomBytes(8).toString('hex'));

  let signed: string[] | null = null;
  /** One interpreter run signs every case; a missing oauthlib fails each test with the reason. */
  function oauthlibHeaders(): string[] {
    if (signed !== null) return signed;
    requireOauthlib();
    const input = CASES.map((signing, index) => ({
      token: token.accessToken,
      key: token.macKey,
      uri: signing.url,
      method: signing.method,
      nonce: `3600:${nonces[index]}`,
      body: signing.body ?? null,
      ext: signing.ext ?? '',
    }));
    const result = python(SIGN, JSON.stringify(input));
    if (!result.ok) throw new Error(`oauthlib's prepare_mac_header failed: ${result.stderr}`);
    signed = JSON.parse(result.stdout) as string[];
    return signed;
  }

  it('has python3-oauthlib available to /usr/bin/python3', () => {
    requireOauthlib();
  });

  it.each(CASES.map((signing, index) => [signing.name, index] as const))('gives the same header for %s', (_name, index) => {
    const signing = CASES[index]!;
    const expected = oauthlibHeaders()[index];
    const header = signMac({ method: signing.method, url: signing.url, token, now, nonceRandom: nonces[index]!, ...(signing.body !== undefined ? { body: signing.body } : {}), ...(signing.ext !== undefined ? { ext: signing.ext } : {}) });
    expect(header).toBe(expected);
    expect(header.includes('bodyhash=')).toBe(signing.body !== undefined);
  });
});
