// A platform that answers an error with megabytes of text: the app's error says what happened in a
// readable sentence, the platform's part cut at 300 characters with "…", secrets blotted out before the cut.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PLATFORM_TEXT_LIMIT, readableExcerpt } from '../../../main/platform/error-body.js';
import { passwordGrant } from '../../../main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { PlatformError } from '../../../main/platform/platform-error.js';

const TOKEN = 'tok-'.padEnd(40, 'z');
const FIVE_MB = 5 * 1024 * 1024;
let server: Server;
let base: string;
/** What the server says next, as the error_description of a 400. */
let description = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'weird_error', error_description: description })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function apiError(): Promise<PlatformError> {
  const caller = createPlatformCaller({ apiUrl: base, tokens: { token: async () => ({ type: 'bearer', accessToken: TOKEN, expiresAt: null, scopes: [] }) }, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  const failed = await caller.call({ method: 'GET', path: '/channels/1.json', endpoint: 'GET /channels/<channel_id>.json' }, z.unknown()).catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(PlatformError);
  return failed as PlatformError;
}

describe('platform error text', () => {
  it('is cut to a readable length when an API answer carries 5 MB of it', async () => {
    description = 'The server is very sorry. '.repeat(Math.ceil(FIVE_MB / 26)).slice(0, FIVE_MB);
    const error = await apiError();
    expect(error.description!.length).toBe(PLATFORM_TEXT_LIMIT);
    expect(error.description!.endsWith('…')).toBe(true);
    expect(error.message.length).toBeLessThan(600);
    expect(error.message).toMatch(/^GET \/channels\/<channel_id>\.json answered 400 \(weird_error: The server is very sorry\. .*…\): the platform refused a value sent; check the input and try again\.$/);
  });

  it('blots a secret out before the cut, so no part of it is left at the edge', async () => {
    description = `${'x'.repeat(280)}${TOKEN}${'y'.repeat(1000)}`;
    const error = await apiError();
    expect(error.description).toBe(`${'x'.repeat(280)}[redacted]${'y'.repeat(9)}…`);
    expect(error.message).not.toContain(TOKEN.slice(0, 8));
  });

  it('keeps a short one whole', async () => {
    description = 'The title is too long.';
    expect((await apiError()).description).toBe('The title is too long.');
  });

  it('is cut the same way from the token endpoint', async () => {
    description = 'no '.repeat(FIVE_MB / 3);
    const outcome = await passwordGrant({ tokenUrl: base, clientId: 'c', clientSecret: 's', username: 'demo', password: 'pw', tokenType: 'mac', scopes: [] }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(PlatformError);
    const failed = outcome as PlatformError;
    expect(failed.message.length).toBeLessThan(600);
    expect(failed.message).toMatch(/^The platform refused to sign in \(400 weird_error: no no .*…\): try again later/);
  });
});

describe('readableExcerpt', () => {
  it('flattens whitespace, cuts with "…", and never leaves half an emoji', () => {
    expect(readableExcerpt('  two\n\nlines\t here ')).toBe('two lines here');
    expect(readableExcerpt('abcdef', 4)).toBe('abc…');
    expect(readableExcerpt('abcd', 4)).toBe('abcd');
    expect(readableExcerpt('ab😀cd', 4)).toBe('ab…');
    expect(readableExcerpt(`short${' '.repeat(2000)}`, 10)).toBe('short');
    expect(readableExcerpt(`short${' '.repeat(2000)}more`, 10)).toBe('short…');
  });
});
