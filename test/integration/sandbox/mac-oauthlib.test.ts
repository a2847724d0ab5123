// Cross-checks the sandbox's MAC verifier against an implementation nobody here wrote: Python oauthlib's
// prepare_mac_header(draft=0), i.e. draft-ietf-oauth-v2-http-mac-01. oauthlib signs, the verifier must
// accept exactly that request and refuse it once a byte of the body, the method, the path or the port
// differs. The nonce is handed to oauthlib because the age it computes itself is fractional ("3600.25")
// while the verifier (like the draft's examples) takes whole seconds, and that difference is not what
// this test is about.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { macProblem, parseMacHeader, type SignedRequest } from '../../../sandbox/auth/mac-verifier.js';

/** Debian's interpreter, where python3-oauthlib installs; not whatever python3 comes first on PATH. */
const PYTHON = '/usr/bin/python3';
const MISSING = `${PYTHON} cannot import oauthlib: install the Debian package python3-oauthlib (apt-get install python3-oauthlib; npm test installs it from scripts/system-packages.mjs).`;

const SIGN = `
import json, sys
from oauthlib.oauth2.rfc6749.tokens import prepare_mac_header
a = json.load(sys.stdin)
headers = prepare_mac_header(a["token"], a["uri"], a["key"], a["method"], nonce=a["nonce"], body=a["body"], hash_algorithm="hmac-sha-1", draft=0)
sys.stdout.write(headers["Authorization"])
`;

function python(script: string, input = ''): { ok: boolean; stdout: string; stderr: string } {
  // -I: isolated from PYTHONPATH and user site-packages, so only the system's oauthlib counts.
  const result = spawnSync(PYTHON, ['-I', '-c', script], { input, encoding: 'utf8', timeout: 15_000 });
  return { ok: result.error === undefined && result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
}

function requireOauthlib(): void {
  const probe = python('import oauthlib.oauth2.rfc6749.tokens');
  if (!probe.ok) throw new Error(`${MISSING}\n${probe.stderr}`);
}

interface Signing {
  readonly uri: string;
  readonly method: string;
  readonly body: string | null;
}

const MAC_KEY = randomBytes(20).toString('hex');
const TOKEN_ID = randomBytes(20).toString('hex');
const NOW = Math.floor(Date.now() / 1000);
const ISSUED_AT = NOW - 3600;

function oauthlibHeader(signing: Signing): string {
  requireOauthlib();
  const nonce = `${NOW - ISSUED_AT}:${randomBytes(8).toString('hex')}`;
  const result = python(SIGN, JSON.stringify({ token: TOKEN_ID, key: MAC_KEY, nonce, ...signing }));
  if (!result.ok) throw new Error(`oauthlib's prepare_mac_header failed: ${result.stderr}`);
  return result.stdout;
}

/** The request as the sandbox's HTTP server would see it arrive for this URI. */
function arrived(signing: Signing): SignedRequest {
  const url = new URL(signing.uri);
  return {
    method: signing.method,
    requestUri: `${url.pathname}${url.search}`,
    host: url.hostname,
    port: url.port === '' ? 80 : Number(url.port),
    body: Buffer.from(signing.body ?? '', 'utf8'),
  };
}

function verify(header: string, request: SignedRequest): string | null {
  const credentials = parseMacHeader(header);
  expect(credentials, `the verifier cannot parse oauthlib's header ${header}`).not.toBeNull();
  return macProblem(credentials!, request, { macKey: MAC_KEY, issuedAt: ISSUED_AT, now: NOW, allowedSkew: 300 });
}

describe('MAC verifier against Python oauthlib (draft-ietf-oauth-v2-http-mac-01)', () => {
  it('has python3-oauthlib available to /usr/bin/python3', () => {
    requireOauthlib();
  });

  describe('a GET with a query', () => {
    const signing: Signing = { uri: 'http://127.0.0.1:8080/users/self/channels.json?detail_level=broadcaster&q=late%20show', method: 'GET', body: null };

    it('accepts the request oauthlib signed', () => {
      const header = oauthlibHeader(signing);
      expect(header).not.toContain('bodyhash=');
      expect(verify(header, arrived(signing))).toBeNull();
    });

    it('refuses it with another method, path, query or port', () => {
      const header = oauthlibHeader(signing);
      const request = arrived(signing);
      expect(verify(header, { ...request, method: 'HEAD' })).not.toBeNull();
      expect(verify(header, { ...request, requestUri: request.requestUri.replace('/users/self/', '/users/other/') })).not.toBeNull();
      expect(verify(header, { ...request, requestUri: request.requestUri.replace('broadcaster', 'owner') })).not.toBeNull();
      expect(verify(header, { ...request, port: 8081 })).not.toBeNull();
    });

    it('agrees on the default port 80 when the URI names none', () => {
      const defaultPort: Signing = { uri: 'http://localhost/users/self.json', method: 'GET', body: null };
      expect(verify(oauthlibHeader(defaultPort), arrived(defaultPort))).toBeNull();
      expect(verify(oauthlibHeader(defaultPort), { ...arrived(defaultPort), port: 8080 })).not.toBeNull();
    });
  });

  describe('a POST with a form body', () => {
    const signing: Signing = { uri: 'http://127.0.0.1:8080/users/self/channels.json', method: 'POST', body: 'title=Caf%C3%A9+night&description=Late+show+%26+more' };

    it('accepts the request oauthlib signed, bodyhash included', () => {
      const header = oauthlibHeader(signing);
      expect(header).toContain('bodyhash=');
      expect(verify(header, arrived(signing))).toBeNull();
    });

    it('refuses it when one byte of the body differs', () => {
      const header = oauthlibHeader(signing);
      const request = arrived(signing);
      const body = Buffer.from(request.body);
      body[6] = body[6]! ^ 0x01;
      expect(verify(header, { ...request, body })).toMatch(/bodyhash/);
    });

    it('refuses it with another method, path or port', () => {
      const header = oauthlibHeader(signing);
      const request = arrived(signing);
      expect(verify(header, { ...request, method: 'PUT' })).toMatch(/signature/);
      expect(verify(header, { ...request, requestUri: '/users/self/channels.xml' })).toMatch(/signature/);
      expect(verify(header, { ...request, port: 80 })).toMatch(/signature/);
    });
  });
});
