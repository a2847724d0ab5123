// The signer pinned to fixed vectors. The first is the example of draft-ietf-oauth-v2-http-mac-01 itself
// (section 1.1); the others were computed once with Python oauthlib's prepare_mac_header(draft=0) and are
// written here as literals, so this file checks the signer against them, not against itself.
import { describe, expect, it } from 'vitest';
import type { MacToken } from '../../../main/platform/access-token.js';
import { signMac } from '../../../main/platform/mac-signer.js';

const CREATED_AT = 1_700_000_000;

function token(accessToken: string, macKey: string): MacToken {
  return { type: 'mac', accessToken, macKey, macAlgorithm: 'hmac-sha-1', createdAt: CREATED_AT, expiresAt: null, scopes: [] };
}

const ID = '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e';
const KEY = '489dks293j39';

describe('signMac', () => {
  it('reproduces the example of draft-ietf-oauth-v2-http-mac-01', () => {
    const header = signMac({
      method: 'GET',
      url: 'http://example.com/resource/1?b=1&a=2',
      token: token('h480djs93hd8', '489dks293j39'),
      now: CREATED_AT + 264_095,
      nonceRandom: 'dj83hs9s',
    });
    expect(header).toBe('MAC id="h480djs93hd8", nonce="264095:dj83hs9s", mac="SLDJd4mg43cjQfElUs3Qub4L6xE="');
  });

  it('signs a GET with a query and an explicit port (oauthlib vector)', () => {
    const header = signMac({
      method: 'GET',
      url: 'http://127.0.0.1:8080/users/self/channels.json?detail_level=broadcaster&q=late+show',
      token: token(ID, KEY),
      now: CREATED_AT + 3600.9,
      nonceRandom: 'dj83hs9s',
    });
    expect(header).toBe(`MAC id="${ID}", nonce="3600:dj83hs9s", mac="v+QDj5MC2CmP2R8Cy8hrLQkdXRk="`);
  });

  it('signs a POST with a form body over https, port 443 by default (oauthlib vector)', () => {
    const header = signMac({
      method: 'post',
      url: 'https://api.example.com/users/self/channels.json',
      body: 'title=Caf%C3%A9+night&tags%5B%5D=live&tags%5B%5D=music',
      token: token(ID, KEY),
      now: CREATED_AT + 264_095,
      nonceRandom: '7d8f3e4a',
    });
    expect(header).toBe(`MAC id="${ID}", nonce="264095:7d8f3e4a", bodyhash="TxxzXu9mKzSmXjuEzSMYrJvjBVk=", mac="vkS0TFdeP88GSvJFGL9EDuCJ9zY="`);
  });

  it('hashes a byte body the same as its text', () => {
    const signing = { method: 'POST', url: 'https://api.example.com/users/self/channels.json', token: token(ID, KEY), now: CREATED_AT + 264_095, nonceRandom: '7d8f3e4a' };
    const text = 'title=Caf%C3%A9+night&tags%5B%5D=live&tags%5B%5D=music';
    expect(signMac({ ...signing, body: new TextEncoder().encode(text) })).toBe(signMac({ ...signing, body: text }));
  });

  it('signs a PUT with ext, port 80 by default (oauthlib vector)', () => {
    const header = signMac({
      method: 'PUT',
      url: 'http://localhost/channels/1001.json',
      body: 'title=Late+show&description=',
      token: token(ID, '5c1e3a7f9b2d4c6e8a0f1b3d5c7e9a1b3c5d7e9f'),
      now: CREATED_AT,
      nonceRandom: 'n0nce',
      ext: 'a,b=c',
    });
    expect(header).toBe(`MAC id="${ID}", nonce="0:n0nce", bodyhash="kf0TaMuc8XQbEZy38BZ4eBQy7rA=", ext="a,b=c", mac="Uwg1XIooKfNUo/DslGHinZrJCbA="`);
  });

  it('signs a DELETE to an https URL with an explicit port (oauthlib vector)', () => {
    const header = signMac({ method: 'DELETE', url: 'https://api.example.com:8443/channels/1001.json', token: token(ID, KEY), now: CREATED_AT + 42, nonceRandom: 'abc' });
    expect(header).toBe(`MAC id="${ID}", nonce="42:abc", mac="dzEIW/5Cx9ly0vjZ+KyN5JVm3Ak="`);
  });

  it('sends the bodyhash of an empty body when there is one (oauthlib vector)', () => {
    const header = signMac({ method: 'POST', url: 'http://127.0.0.1:8080/channels/1001/recorder.json', body: '', token: token(ID, KEY), now: CREATED_AT + 7, nonceRandom: 'empty' });
    expect(header).toBe(`MAC id="${ID}", nonce="7:empty", bodyhash="2jmj7l5rSw0yVb/vlWAYkK/YBwk=", mac="GK+HscDlp8qcAZGLu73A1zKUbG8="`);
  });

  it('makes a fresh random nonce when none is given', () => {
    const signing = { method: 'GET', url: 'http://127.0.0.1:8080/users/self.json', token: token(ID, KEY), now: CREATED_AT + 5 };
    const nonces = [signMac(signing), signMac(signing)].map((header) => /nonce="([^"]+)"/.exec(header)?.[1]);
    expect(nonces[0]).toMatch(/^5:[0-9a-f]{24}$/);
    expect(nonces[1]).toMatch(/^5:[0-9a-f]{24}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('never sends a negative age when the local clock is behind the issue time', () => {
    expect(signMac({ method: 'GET', url: 'http://h/x', token: token(ID, KEY), now: CREATED_AT - 30, nonceRandom: 'r' })).toContain('nonce="0:r"');
  });

  it('refuses values that would break the quoted header', () => {
    const signing = { method: 'GET', url: 'http://h/x', token: token(ID, KEY), now: CREATED_AT };
    expect(() => signMac({ ...signing, ext: 'a"b' })).toThrow(/ext/);
    expect(() => signMac({ ...signing, nonceRandom: 'a b' })).toThrow(/nonce/);
    expect(() => signMac({ ...signing, url: 'ftp://h/x' })).toThrow(/http/);
  });
});
