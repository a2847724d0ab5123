// The built-in receiver over real loopback HTTP: the handshake only for hooks the app just registered,
// secrets kept through the keeper, deliveries checked, everything odd refused and recorded.
import { createHmac } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BuiltInHookReceiver, type HookSecretKeeper } from '../../../../main/admin/hooks/hook-receiver.js';
import type { HookDelivery } from '../../../../preload/contract.js';

class MemoryKeeper implements HookSecretKeeper {
  saved: Record<string, string>;
  constructor(initial: Record<string, string> = {}) {
    this.saved = { ...initial };
  }
  async load() {
    return { ...this.saved };
  }
  async save(secrets: Record<string, string>) {
    this.saved = { ...secrets };
  }
}

const running: BuiltInHookReceiver[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((receiver) => receiver.close()));
});

async function start(keeper: HookSecretKeeper = new MemoryKeeper(), preferredPort: number | null = null, seen: HookDelivery[] = [], extra: { onError?: (error: unknown) => void; bodyTimeoutMs?: number } = {}) {
  const receiver = await BuiltInHookReceiver.start({ secrets: keeper, preferredPort, onRecord: (record) => seen.push(record), ...extra });
  running.push(receiver);
  return receiver;
}

function post(url: string, body: string, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

const sign = (secret: string, body: string, encoding: 'hex' | 'base64' = 'hex') => createHmac('sha1', secret).update(body).digest(encoding);

describe('the built-in hook receiver', () => {
  it('answers the handshake of a hook it was told about, keeps the secret, and verifies deliveries with it', async () => {
    const keeper = new MemoryKeeper();
    const seen: HookDelivery[] = [];
    const receiver = await start(keeper, null, seen);
    receiver.expectHandshake('12', 'channel.status.live');
    const handshake = await post(receiver.url, JSON.stringify({ event: 'channel.status.live', channelId: 12 }), { 'X-Hook-Secret': 's3cret' });
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('x-hook-secret')).toBe('s3cret');
    expect(keeper.saved).toEqual({ '12/channel.status.live': 's3cret' });

    const body = JSON.stringify({ event: 'channel.status.live', channelId: 12, when: 1_700_000_000 });
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('s3cret', body) })).status).toBe(200);
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('s3cret', body, 'base64') })).status).toBe(200);
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('wrong', body) })).status).toBe(401);
    // Another channel's event is not signed by this hook's secret.
    const otherChannel = JSON.stringify({ event: 'channel.status.live', channelId: 13 });
    expect((await post(receiver.url, otherChannel, { 'X-Hook-Signature': sign('s3cret', otherChannel) })).status).toBe(401);

    expect(seen.map((record) => [record.kind, record.accepted])).toEqual([
      ['handshake', true],
      ['delivery', true],
      ['delivery', true],
      ['delivery', false],
      ['delivery', false],
    ]);
    expect(receiver.records[0]).toMatchObject({ kind: 'delivery', channelId: '13', accepted: false, note: expect.stringContaining('does not match') });
    expect(receiver.records.at(-1)).toMatchObject({ kind: 'handshake', channelId: '12', event: 'channel.status.live' });
  });

  it('refuses a handshake the app did not ask for, or asked for too long ago, and keeps no secret', async () => {
    const keeper = new MemoryKeeper();
    let now = 1_000_000;
    const receiver = await BuiltInHookReceiver.start({ secrets: keeper, now: () => now });
    running.push(receiver);
    const unasked = await post(receiver.url, JSON.stringify({ event: 'video.create', channelId: 5 }), { 'X-Hook-Secret': 'planted' });
    expect(unasked.status).toBe(403);
    expect(unasked.headers.get('x-hook-secret')).toBeNull();

    receiver.expectHandshake('5', 'video.create');
    now += 121_000;
    expect((await post(receiver.url, JSON.stringify({ event: 'video.create', channelId: 5 }), { 'X-Hook-Secret': 'late' })).status).toBe(403);
    expect(keeper.saved).toEqual({});
    expect(receiver.records[0]?.note).toContain('did not register this hook just now');
  });

  it('checks a video event (which names no channel) against every secret held for that event', async () => {
    const receiver = await start(new MemoryKeeper({ '1/video.create': 'first', '2/video.create': 'second', '2/video.deleted': 'third' }));
    const body = JSON.stringify({ event: 'video.create', videoId: 99 });
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('second', body) })).status).toBe(200);
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('third', body) })).status).toBe(401);
    expect(receiver.records[1]).toMatchObject({ videoId: '99', channelId: null, accepted: true });
  });

  it('forgets a removed hook: its secret verifies nothing afterwards and is gone from the keeper', async () => {
    const keeper = new MemoryKeeper({ '1/video.deleted': 'old' });
    const receiver = await start(keeper);
    await receiver.forget('1', 'video.deleted');
    expect(keeper.saved).toEqual({});
    const body = JSON.stringify({ event: 'video.deleted', videoId: 3 });
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('old', body) })).status).toBe(401);
  });

  it('refuses what is not a hook call: other paths and methods, no header, not JSON, too large', async () => {
    const receiver = await start();
    const base = receiver.url.replace(/\/hooks$/, '');
    expect((await fetch(`${base}/other`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(receiver.url)).status).toBe(405);
    expect((await post(receiver.url, '{"event":"video.create"}', {})).status).toBe(400);
    expect((await post(receiver.url, 'not json', { 'X-Hook-Signature': 'x' })).status).toBe(400);
    expect((await post(receiver.url, JSON.stringify({ event: 'x', pad: 'y'.repeat(70_000) }), { 'X-Hook-Signature': 'x' })).status).toBe(413);
    expect(receiver.records.map((record) => record.note)).toEqual([
      'Refused: the body is not a JSON object.',
      'Refused: neither an X-Hook-Secret nor an X-Hook-Signature header.',
    ]);
  });

  it('survives a body cut off mid-way, a chunked flood and a trickle: each costs one answer, and deliveries still verify', async () => {
    const keeper = new MemoryKeeper({ '12/channel.status.live': 's3cret' });
    const receiver = await start(keeper, null, [], { bodyTimeoutMs: 300 });
    const head = (extra: string) => `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Hook-Signature: x\r\n${extra}\r\n`;
    // Cut off: 10 of 100 announced bytes, then the connection is reset. The old receiver's `for await` threw here.
    expect(await rawExchange(receiver.port, head('Content-Length: 100\r\n') + '{"event":"', { resetAfterMs: 50 })).toBe('');
    // Chunked with no length announced, past the 64 KiB cap: refused with a sentence, not buffered.
    const chunk = 'a'.repeat(16 * 1024);
    const flood = head('Transfer-Encoding: chunked\r\n') + `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(5) + '0\r\n\r\n';
    expect(await rawExchange(receiver.port, flood, { resetAfterMs: 2000 })).toMatch(/^HTTP\/1\.1 413 [\s\S]*larger than 65536 bytes/);
    // Announced too large: refused before it is read.
    expect(await rawExchange(receiver.port, head('Content-Length: 10000000\r\n'), { resetAfterMs: 2000 })).toMatch(/^HTTP\/1\.1 413 /);
    // A trickle that never finishes: 408 once the time limit passes.
    expect(await rawExchange(receiver.port, head('Content-Length: 100\r\n') + '{', { resetAfterMs: 2000 })).toMatch(/^HTTP\/1\.1 408 [\s\S]*did not arrive in time/);
    // Invalid chunked encoding: Node's parser refuses it; the receiver goes on.
    expect(await rawExchange(receiver.port, head('Transfer-Encoding: chunked\r\n') + 'zz\r\nnot hex\r\n', { resetAfterMs: 2000 })).toMatch(/^(HTTP\/1\.1 400 |$)/);

    const body = JSON.stringify({ event: 'channel.status.live', channelId: 12, when: 1_700_000_000 });
    expect((await post(receiver.url, body, { 'X-Hook-Signature': sign('s3cret', body) })).status).toBe(200);
    expect(receiver.records[0]).toMatchObject({ accepted: true, note: 'Signature verified.' });
  });

  it('answers 500 and reports it when keeping a secret fails, and goes on', async () => {
    const failures: unknown[] = [];
    const keeper: HookSecretKeeper = { load: async () => ({}), save: async () => Promise.reject(new Error('the keychain is locked')) };
    const receiver = await start(keeper, null, [], { onError: (error) => failures.push(error) });
    receiver.expectHandshake('12', 'channel.status.live');
    const handshake = await post(receiver.url, JSON.stringify({ event: 'channel.status.live', channelId: 12 }), { 'X-Hook-Secret': 's3cret' });
    expect(handshake.status).toBe(500);
    expect(handshake.headers.get('x-hook-secret')).toBeNull();
    expect(String(failures[0])).toContain('the keychain is locked');
    expect((await post(receiver.url, 'not json', { 'X-Hook-Signature': 'x' })).status).toBe(400);
  });

  it('takes last run\'s port when free, any free port when it is taken', async () => {
    const first = await start();
    const port = first.port;
    await first.close();
    running.splice(running.indexOf(first), 1);
    const again = await start(new MemoryKeeper(), port);
    expect(again.port).toBe(port);

    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const moved = await start(new MemoryKeeper(), taken);
      expect(moved.port).not.toBe(taken);
      expect(moved.url).toBe(`http://127.0.0.1:${moved.port}/hooks`);
    } finally {
      blocker.close();
    }
  });

  it('keeps the newest 200 records', async () => {
    const receiver = await start();
    for (let index = 0; index < 205; index += 1) await post(receiver.url, JSON.stringify({ event: `e${index}` }), {});
    expect(receiver.records).toHaveLength(200);
    expect(receiver.records[0]?.event).toBe('e204');
  });
});

/** Sends raw bytes and returns what came back before the server closed, or '' once `resetAfterMs` passed (then the socket is reset). */
function rawExchange(port: number, bytes: string, { resetAfterMs }: { resetAfterMs: number }): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.resetAndDestroy();
      resolve(answer);
    }, resetAfterMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.write(bytes);
  });
}
