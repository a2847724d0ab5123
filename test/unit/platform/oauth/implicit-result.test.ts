import { describe, expect, it } from 'vitest';
import { parseImplicitRedirect } from '../../../../main/platform/oauth/implicit-result.js';
import { PlatformError } from '../../../../main/platform/platform-error.js';

const CALLBACK = 'http://127.0.0.1:5000/callback';
const STATE = 'Zq3-state_value';
const ACCESS = '0123456789abcdef0123456789abcdef01234567';
const KEY = 'fedcba9876543210fedcba9876543210fedcba98';
const NOW = 1_700_000_100;

function macFields(extra: Record<string, string> = {}): Record<string, string> {
  return { access_token: ACCESS, token_type: 'mac', mac_key: KEY, mac_algorithm: 'hmac-sha-1', created_at: '1700000000', expires_in: '86400', state: STATE, ...extra };
}

function inQuery(fields: Record<string, string>, base = CALLBACK): string {
  return `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}`;
}

function thrown(run: () => unknown): PlatformError {
  try {
    run();
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected a PlatformError');
}

describe('parseImplicitRedirect', () => {
  it('gives a MAC token from the query, expires_in counted from the local clock', () => {
    expect(parseImplicitRedirect(inQuery(macFields()), STATE, { scopes: ['broadcaster'], now: NOW })).toEqual({
      token: { type: 'mac', accessToken: ACCESS, macKey: KEY, macAlgorithm: 'hmac-sha-1', createdAt: 1_700_000_000, expiresAt: NOW + 86_400, scopes: ['broadcaster'] },
    });
  });

  it('gives a bearer token, and knows an offline token by its missing expires_in', () => {
    const result = parseImplicitRedirect(inQuery({ access_token: ACCESS, token_type: 'bearer', state: STATE }), STATE, { now: NOW });
    expect(result).toEqual({ token: { type: 'bearer', accessToken: ACCESS, expiresAt: null, scopes: ['offline'] } });
  });

  it("keeps the redirect URI's own query apart from the result", () => {
    const result = parseImplicitRedirect(inQuery(macFields(), `${CALLBACK}?session=abc`), STATE, { scopes: [], now: NOW });
    expect('token' in result && result.token.accessToken).toBe(ACCESS);
  });

  it('falls back to the fragment when the query holds no result', () => {
    const url = `${CALLBACK}?session=abc#${new URLSearchParams(macFields({ expires_in: '60' }))}`;
    const result = parseImplicitRedirect(url, STATE, { scopes: ['broadcaster'], now: NOW });
    expect(result).toMatchObject({ token: { type: 'mac', macKey: KEY, expiresAt: NOW + 60 } });
  });

  it('prefers the query when both hold a result', () => {
    const url = `${inQuery(macFields())}#${new URLSearchParams({ error: 'access_denied', state: 'other' })}`;
    expect('token' in parseImplicitRedirect(url, STATE, { scopes: [], now: NOW })).toBe(true);
  });

  it('returns access_denied, with the description, when the user pressed Deny', () => {
    expect(parseImplicitRedirect(inQuery({ error: 'access_denied', state: STATE }), STATE)).toEqual({ error: 'access_denied' });
    expect(parseImplicitRedirect(inQuery({ error: 'invalid_scope', error_description: 'No broadcaster without MAC.', state: STATE }), STATE)).toEqual({
      error: 'invalid_scope',
      description: 'No broadcaster without MAC.',
    });
    expect(parseImplicitRedirect(`${CALLBACK}#error=access_denied&state=${STATE}`, STATE)).toEqual({ error: 'access_denied' });
  });

  it('rejects a different state, a missing one, and a state that only differs in length', () => {
    for (const url of [inQuery(macFields({ state: 'forged' })), inQuery(macFields({ state: `${STATE}x` })), inQuery({ error: 'access_denied', state: 'x' })]) {
      const error = thrown(() => parseImplicitRedirect(url, STATE));
      expect(error).toMatchObject({ status: 0, error: 'state_mismatch', endpoint: 'GET {auth_url}/oauth2/authorize' });
      expect(error.message).toMatch(/did not send.*Sign in again/);
    }
    const { state: _state, ...withoutState } = macFields();
    const missing = thrown(() => parseImplicitRedirect(inQuery(withoutState), STATE));
    expect(missing).toMatchObject({ error: 'state_mismatch' });
    expect(missing.message).toMatch(/no state/);
  });

  it('refuses malformed fields, naming the field but never its value', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [macFields({ access_token: 'short' }), /access_token: expected 40 hexadecimal characters/],
      [macFields({ mac_key: `${KEY}00` }), /mac_key: expected 40 hexadecimal/],
      [macFields({ mac_algorithm: 'hmac-sha-256' }), /mac_algorithm/],
      [macFields({ created_at: 'yesterday' }), /created_at/],
      [macFields({ expires_in: '-1' }), /expires_in/],
      [macFields({ token_type: 'jwt' }), /token_type/],
    ];
    for (const [fields, reason] of cases) {
      const error = thrown(() => parseImplicitRedirect(inQuery(fields), STATE, { now: NOW }));
      expect(error).toMatchObject({ error: 'malformed_response', endpoint: 'GET {auth_url}/oauth2/authorize' });
      expect(error.message).toMatch(reason);
      expect(error.message).not.toContain(KEY);
    }
    const { mac_key: _key, ...withoutKey } = macFields();
    expect(thrown(() => parseImplicitRedirect(inQuery(withoutKey), STATE)).message).toMatch(/mac_key/);
  });

  it('refuses an answer with neither token nor error, or with a field given twice', () => {
    expect(thrown(() => parseImplicitRedirect(inQuery({ state: STATE }), STATE)).message).toMatch(/neither a token nor an error/);
    const twice = `${inQuery(macFields())}&access_token=${'9'.repeat(40)}`;
    expect(thrown(() => parseImplicitRedirect(twice, STATE)).message).toMatch(/repeated \(access_token\)/);
  });
});
