// The built-in receiver over real loopback HTTP: the handshake only for hooks the app just registered,
// secrets kept through the keeper, deliveries checked, everything odd refused and recorded.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BuiltInHookReceiver, type HookSecretKeeper } from '../../../main/hooks/hook-receiver.js';
import type { HookDelivery } from '../../../preload/contract.js';

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

async function start(keeper = new MemoryKeeper(), preferredPort: number | null = null, seen: HookDelivery[] = []) {
  const receiver = await BuiltInHookReceiver.start({ secrets: keeper, preferredPort, onRecord: (record) => seen.push(record) });
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
