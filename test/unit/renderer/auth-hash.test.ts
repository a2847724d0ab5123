// The viewer-authentication helper's calculator against MD5 computed independently, with coreutils'
// md5sum (`printf '%s' 'alice|1700000000|s3cret' | md5sum`); the renderer's tests have no node:crypto.
import { describe, expect, it } from 'vitest';
import { authInputProblem, authResponse } from '../../../renderer/src/panels/security/auth-hash';
import { md5Hex } from '../../../renderer/src/panels/security/md5';

/** Text → its md5sum, for lengths around the 55/56/64-byte padding edges and multi-byte UTF-8. */
const MD5SUM: ReadonlyArray<readonly [string, string]> = [
  ['', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['a', '0cc175b9c0f1b6a831c399e269772661'],
  ['abc', '900150983cd24fb0d6963f7d28e17f72'],
  ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ['x'.repeat(55), '04364420e25c512fd958a70738aa8f72'],
  ['y'.repeat(56), '6c830a5d23df58dbe0171eb5639bf3e4'],
  ['z'.repeat(64), '3ecc49f9d9d6c263b4f0de7fc3f38aed'],
  ['w'.repeat(1000), '67583cbc0955e79057720d3ef1732cfc'],
  ['Zuschauer|Grüße|配信|🎥', '9e4cedaf45cbd38a89767fd8c6ba20e0'],
];

describe('md5Hex', () => {
  it('matches md5sum for empty, short, multi-block and non-ASCII text', () => {
    for (const [text, expected] of MD5SUM) expect(md5Hex(text), JSON.stringify(text.slice(0, 20))).toBe(expected);
  });
});

describe('authResponse', () => {
  it('hashes the parameter values in order, then the secret, pipe-joined (md5sum value)', () => {
    const response = authResponse({ parameters: [{ name: 'user', value: 'alice' }, { name: 'time', value: '1700000000' }], secret: 's3cret', hashExpire: null });
    expect(response.hashedText).toBe('alice|1700000000|s3cret');
    expect(response.hash).toBe('b47dd0454ce29e5ae638fb821ae2cd15');
    expect(JSON.parse(response.json)).toEqual({ user: 'alice', time: '1700000000', hash: 'b47dd0454ce29e5ae638fb821ae2cd15' });
  });
  it('puts hashExpire after the values and before the secret, and in the response (md5sum value)', () => {
    const response = authResponse({ parameters: [{ name: 'id', value: 'viewer-42' }, { name: 'tier', value: 'gold' }], secret: 'top secret', hashExpire: 1893456000 });
    expect(response.hashedText).toBe('viewer-42|gold|1893456000|top secret');
    expect(response.hash).toBe('ad41db2cd1ceb91a1134ae8e4b67398c');
    expect(Object.keys(JSON.parse(response.json) as object)).toEqual(['id', 'tier', 'hashExpire', 'hash']);
    expect(JSON.parse(response.json)).toMatchObject({ hashExpire: 1893456000 });
  });
  it('the order of the parameters changes the hash', () => {
    const one = authResponse({ parameters: [{ name: 'a', value: '1' }, { name: 'b', value: '2' }], secret: 'k', hashExpire: null });
    const other = authResponse({ parameters: [{ name: 'b', value: '2' }, { name: 'a', value: '1' }], secret: 'k', hashExpire: null });
    expect(one.hash).toBe('52680943324ffdebfd97da27b2a37147');
    expect(other.hash).toBe('ebaef67b1e5515d22224441243032ff4');
  });
  it('says what is wrong with the input', () => {
    const base = { parameters: [{ name: 'user', value: 'x' }], secret: 'k', hashExpire: null };
    expect(authInputProblem(base)).toBeNull();
    expect(authInputProblem({ ...base, secret: '' })).toMatch(/shared secret/);
    expect(authInputProblem({ ...base, parameters: [{ name: 'hash', value: 'x' }] })).toMatch(/added by the scheme/);
    expect(authInputProblem({ ...base, parameters: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] })).toMatch(/must differ/);
    expect(authInputProblem({ ...base, hashExpire: 1.5 })).toMatch(/whole seconds/);
  });
});
