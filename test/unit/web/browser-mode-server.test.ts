import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startBrowserModeServer, type BrowserModeServer } from '../../../main/web/browser-mode-server.js';
import { bridgeFromEnvelopes, CompanionError } from '../../../preload/contract.js';
import { createSocketBridge, type LinkState } from '../../../renderer/src/bridge/socket-bridge.js';
import { createTestImplementation, testContract } from '../../support/test-contract.js';

// The renderer's socket bridge uses the browser's WebSocket; in Node the `ws` client stands in for it.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let rendererDir: string;
let server: BrowserModeServer;
const test = createTestImplementation();

function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'companion-web-'));
  rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
  server = await startBrowserModeServer({ contract: testContract, implementation: test.implementation, events: test.events, rendererDir });
});

afterAll(async () => {
  await server.close();
  await rm(join(rendererDir, '..'), { recursive: true, force: true });
});

describe('browser mode over HTTP', () => {
  it('binds loopback and prints an address that holds the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/${server.token}/`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the renderer under the token with the security headers', async () => {
    const index = await rawGet(`/${server.token}/`);
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>app</title>');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    expect(index.headers['cache-control']).toBe('no-store');
    const asset = await rawGet(`/${server.token}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
  });

  it('answers 401 with nothing else to any path without the right token', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', `/${server.token}x/`, `/x${server.token}/`, `/%2F${server.token}/`]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(401);
      expect(response.body, path).toBe('Unauthorized');
    }
  });

  it('redirects the bare token to its folder so relative asset URLs resolve', async () => {
    const response = await rawGet(`/${server.token}`);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(`/${server.token}/`);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['../secret.txt', '..%2Fsecret.txt', '%2e%2e/secret.txt', 'assets/../../secret.txt', 'missing.js']) {
      const response = await rawGet(`/${server.token}/${path}`);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain('outside the renderer');
    }
  });
});

describe('the contract over the socket, through the renderer bridge', () => {
  it('calls methods, carries errors with their codes, and delivers events', async () => {
    const states: LinkState['kind'][] = [];
    const transport = createSocketBridge(testContract, `ws://127.0.0.1:${server.port}/${server.token}/ws`, (state: LinkState) => states.push(state.kind));
    const bridge = bridgeFromEnvelopes(testContract, transport);
    expect(await bridge.math.double(21)).toBe(42);
    await expect(bridge.math.greet({ name: '' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(bridge.trouble.refuse()).rejects.toEqual(new CompanionError('sign_in_needed', 'Sign in to continue.'));
    await expect(bridge.trouble.explode()).rejects.toMatchObject({ code: 'internal' });

    const ticks: number[] = [];
    const unsubscribe = bridge.on('tick', ({ count }) => ticks.push(count));
    test.events.emit('tick', { count: 1 });
    await expect.poll(() => ticks).toEqual([1]);
    unsubscribe();
    test.events.emit('tick', { count: 2 });
    expect(await bridge.math.double(1)).toBe(2); // a round trip later, the unsubscribed tick has surely arrived
    expect(ticks).toEqual([1]);
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('closes a socket that sends anything but contract calls', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/${server.token}/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('{"type":"call","id":"x","method":"math.double","args":[1]}');
    expect(await closed).toBe(1008);
  });

  it('answers only under its own names: a page reached by another name (DNS rebinding) is refused even with the token', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`, `[::1]:${server.port}`]) {
      const refused = await rawGet(`/${server.token}/`, { Host: host });
      expect(refused.status, host).toBe(421);
      expect(refused.body).toBe(`The app answers only at http://127.0.0.1:${server.port}/ (the address it printed), not under another name. Open the printed address.`);
    }
    expect((await rawGet(`/${server.token}/`, { Host: `127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await rawGet(`/${server.token}/`, { Host: `LOCALHOST:${server.port}` })).status).toBe(200);

    const rebound = new WebSocket(`ws://127.0.0.1:${server.port}/${server.token}/ws`, { headers: { Host: `evil.example:${server.port}` }, origin: `http://evil.example:${server.port}` });
    const answer = await new Promise<number>((resolve) => rebound.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
    expect(answer).toBe(421);
    const local = new WebSocket(`ws://localhost:${server.port}/${server.token}/ws`, { origin: `http://localhost:${server.port}` });
    await new Promise((resolve, reject) => {
      local.once('open', resolve);
      local.once('error', reject);
    });
    local.close();
  });

  it('outlives a socket that sends a malformed frame: that socket is closed, the next one works', async () => {
    const raw = connect(server.port, '127.0.0.1');
    raw.on('error', () => undefined);
    const closed = new Promise((resolve) => raw.once('close', resolve));
    raw.write(`GET /${server.token}/ws HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
    await new Promise((resolve) => raw.once('data', resolve));
    raw.write(Buffer.from([0x8f, 0x80, 1, 2, 3, 4])); // reserved opcode 15: ws emits 'error' on the server socket
    await closed;
    const bridge = bridgeFromEnvelopes(testContract, createSocketBridge(testContract, `ws://127.0.0.1:${server.port}/${server.token}/ws`, () => undefined));
    expect(await bridge.math.double(2)).toBe(4);
  });
});
