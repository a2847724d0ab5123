// The streaming-key keeper over real HTTP against the sandbox: the targets it builds from ingest.json and
// the channel list, the same key extended when it asks again in time, and a fresh key after the old one
// expired, which the sandbox's RTMP ingest then takes from a real encoder (ffmpeg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { KEY_REFRESH_MS, StreamingKeyKeeper, type KeeperEvent } from '../../../main/live/streaming-key-keeper.js';
import type { PlatformApi } from '../../../main/platform/endpoints/index.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { startSandboxApis, type SandboxApis } from '../platform/endpoints/sandbox-api.js';
import { ManualClock } from '../../unit/live/manual-clock.js';

let apis: SandboxApis;
const encoders = new Encoders();
const logLines: string[] = [];
const logger = createLogger({ sink: { write: (line: string) => logLines.push(line) }, level: 'debug' });

beforeAll(async () => {
  apis = await startSandboxApis();
});

afterAll(async () => {
  encoders.killAll();
  await apis?.sandbox.close();
});

function keeperFor(platform: PlatformApi, clock?: ManualClock) {
  const events: KeeperEvent[] = [];
  const keeper = new StreamingKeyKeeper({ platform, channelId: apis.demoChannelId, logger, onEvent: (event) => events.push(event), ...(clock ? { clock } : {}) });
  return { keeper, events };
}

const demoChannel = () => apis.sandbox.admin.store.channel(apis.demoChannelId)!;
const rtmpPort = () => new URL(apis.sandbox.rtmpUrl.replace('rtmp:', 'http:')).port;

describe('the keeper against the sandbox', () => {
  it('lists both ingest URLs with the streaming key, then the broadcast URLs with the channel key', async () => {
    const { keeper } = keeperFor(apis.api);
    const targets = await keeper.start();
    keeper.stop();
    const { streamingKey, channelKey } = demoChannel();
    const port = rtmpPort();
    expect(targets).toEqual([
      { id: 'ingest-1', label: `Ingest 1 · 127.0.0.1:${port}`, url: `rtmp://127.0.0.1:${port}/live/${streamingKey!.key}` },
      { id: 'ingest-2', label: `Ingest 2 · localhost:${port}`, url: `rtmp://localhost:${port}/live/${streamingKey!.key}` },
      { id: 'backup-1', label: `Backup 1 · 127.0.0.1:${port}`, url: `rtmp://127.0.0.1:${port}/live/${channelKey}` },
      { id: 'backup-2', label: `Backup 2 · localhost:${port}`, url: `rtmp://localhost:${port}/live/${channelKey}` },
    ]);
    expect(logLines.join('')).not.toContain(streamingKey!.key);
  });

  it('asks again at 8 minutes, and the platform extends the same key by another 10 minutes', async () => {
    const clock = new ManualClock(Date.now());
    const { keeper, events } = keeperFor(apis.api, clock);
    const [first] = await keeper.start();
    const key = demoChannel().streamingKey!;
    // As if 5 of its 10 minutes had passed on the platform.
    key.expiresAt -= 300;
    const expiringAt = key.expiresAt;
    await clock.advance(KEY_REFRESH_MS);
    await expect.poll(() => events.length, { timeout: 5_000 }).toBe(2);
    keeper.stop();
    expect(events[1]).toMatchObject({ type: 'ingest-fetched', keyChanged: false });
    expect(demoChannel().streamingKey!.key).toBe(key.key);
    expect(demoChannel().streamingKey!.expiresAt).toBeGreaterThanOrEqual(expiringAt + 299);
    expect((await keeper.targets())[0]).toEqual(first);
  });

  it('after the key expired, refreshAfterAuthFailure gives a fresh list whose key the ingest takes; the old key is refused', async () => {
    const { keeper } = keeperFor(apis.api);
    const [stale] = await keeper.start();
    demoChannel().streamingKey!.expiresAt = 0;
    // The refused publish, as the relay would meet it.
    const refused = encoders.publish(stale!.url, 5);
    expect(await refused.exited).not.toBe(0);
    expect((await apis.api.channels.get(apis.demoChannelId)).status).toBe('offair');

    const fresh = await keeper.refreshAfterAuthFailure(stale!);
    keeper.stop();
    expect(fresh).not.toBeNull();
    expect(fresh!.map((target) => target.id)).toEqual(['ingest-1', 'ingest-2', 'backup-1', 'backup-2']);
    expect(fresh![0]!.url).not.toBe(stale!.url);
    expect(fresh![0]!.url).toBe(`rtmp://127.0.0.1:${rtmpPort()}/live/${demoChannel().streamingKey!.key}`);

    const encoder = encoders.publish(fresh![0]!.url, 4);
    await expect.poll(async () => (await apis.api.channels.get(apis.demoChannelId)).status, { timeout: 10_000 }).toBe('live');
    expect(await encoder.exited).toBe(0);
    await expect.poll(async () => (await apis.api.channels.get(apis.demoChannelId)).status, { timeout: 10_000 }).toBe('offair');
  });

  it("says the channel is another account's", async () => {
    const { keeper } = keeperFor(apis.rival);
    const error: unknown = await keeper.start().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CompanionError);
    expect(error).toMatchObject({ code: 'not_channel_owner' });
  });
});
