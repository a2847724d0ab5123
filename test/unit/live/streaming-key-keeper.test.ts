// The streaming-key keeper on a hand-moved clock: the targets it builds, when it asks the platform again,
// how it recovers from failed asks, and what it answers after an auth failure.
import { describe, expect, it } from 'vitest';
import { CompanionError } from '../../../preload/contract.js';
import { createLogger } from '../../../main/log/redacting-logger.js';
import { KEY_REFRESH_MS, StreamingKeyKeeper, type KeeperEvent, type KeeperPlatform } from '../../../main/live/streaming-key-keeper.js';
import { ManualClock } from './manual-clock.js';
import { ingestSettings, listItem, listOf, refused, unreachable } from './fake-platform.js';

const MINUTE = 60_000;
const CHANNEL = '5001';

class FakeIngest {
  key = 'streaming-key-one';
  /** What today's platform adds: its TLS ingest. */
  rtmpsUrl: string | null = null;
  asks = 0;
  lists = 0;
  /** Errors the next asks throw, in order. */
  failures: Error[] = [];
  broadcastUrls = ['rtmp://ingest-a.example.test/live/channel-key-5001', 'rtmp://backup.example.test/app'];

  readonly platform: KeeperPlatform = {
    ingest: {
      get: async (channelId) => {
        expect(channelId).toBe(CHANNEL);
        this.asks += 1;
        const failure = this.failures.shift();
        if (failure) throw failure;
        return ingestSettings(this.key, 'channel-key-5001', this.rtmpsUrl);
      },
    },
    channels: {
      list: (options) => {
        expect(options).toEqual({ detailLevel: 'broadcaster' });
        this.lists += 1;
        return listOf([listItem('5000', ['rtmp://elsewhere.example.test/live/other']), listItem(CHANNEL, this.broadcastUrls)]);
      },
    },
  };
}

function keeperWith(fake: FakeIngest, clock = new ManualClock(), preferTls?: boolean) {
  const lines: string[] = [];
  const events: KeeperEvent[] = [];
  const logger = createLogger({ sink: { write: (line: string) => lines.push(line) }, level: 'debug' });
  const keeper = new StreamingKeyKeeper({ platform: fake.platform, channelId: CHANNEL, logger, clock, preferTls, onEvent: (event) => events.push(event) });
  return { keeper, clock, lines, events, logger };
}

describe('the targets', () => {
  it("start with the TLS ingest when it is offered and preferred (today's platform), its key refreshed with the others", async () => {
    const fake = new FakeIngest();
    fake.rtmpsUrl = 'rtmps://ingest-tls.example.test:443/live';
    const { keeper, clock } = keeperWith(fake, new ManualClock(), true);
    expect((await keeper.start()).map((target) => target.id)).toEqual(['ingest-tls', 'ingest-1', 'ingest-2', 'backup-1', 'backup-2']);
    fake.key = 'streaming-key-two';
    await clock.advance(KEY_REFRESH_MS);
    await expect.poll(async () => (await keeper.targets())[0]!.url).toBe('rtmps://ingest-tls.example.test:443/live/streaming-key-two');
    keeper.stop();
  });

  it('leave an offered TLS ingest out unless it is preferred (plain RTMP, or the spec dialect)', async () => {
    const fake = new FakeIngest();
    fake.rtmpsUrl = 'rtmps://ingest-tls.example.test:443/live';
    const { keeper } = keeperWith(fake);
    expect((await keeper.start()).map((target) => target.id)).toEqual(['ingest-1', 'ingest-2', 'backup-1', 'backup-2']);
    keeper.stop();
  });

  it('are each ingest URL with the streaming key, then the broadcast URLs; labels and events hold no key', async () => {
    const fake = new FakeIngest();
    const { keeper, events } = keeperWith(fake);
    const targets = await keeper.start();
    expect(targets).toEqual([
      { id: 'ingest-1', label: 'Ingest 1 · ingest-a.example.test', url: 'rtmp://ingest-a.example.test/live/streaming-key-one' },
      { id: 'ingest-2', label: 'Ingest 2 · ingest-b.example.test:1936', url: 'rtmp://ingest-b.example.test:1936/live/streaming-key-one' },
      { id: 'backup-1', label: 'Backup 1 · ingest-a.example.test', url: 'rtmp://ingest-a.example.test/live/channel-key-5001' },
      // A broadcast URL without the channel key gets it, or nothing could publish there.
      { id: 'backup-2', label: 'Backup 2 · backup.example.test', url: 'rtmp://backup.example.test/app/channel-key-5001' },
    ]);
    expect(events).toEqual([{ type: 'ingest-fetched', channelId: CHANNEL, targets: targets.map(({ id, label }) => ({ id, label })), keyChanged: false }]);
    expect(JSON.stringify(events)).not.toMatch(/streaming-key-one|channel-key-5001/);
    keeper.stop();
  });

  it('are only the ingest URLs when the channel list has no broadcast URLs for the channel', async () => {
    const fake = new FakeIngest();
    fake.platform.channels.list = () => listOf([listItem('5000', ['rtmp://elsewhere.example.test/live/other'])]);
    const { keeper } = keeperWith(fake);
    expect((await keeper.targets()).map((target) => target.id)).toEqual(['ingest-1', 'ingest-2']);
  });

  it('registers both keys with the logger, so a URL logged by mistake is redacted', async () => {
    const fake = new FakeIngest();
    const { keeper, logger, lines } = keeperWith(fake);
    const targets = await keeper.targets();
    logger.info(`publishing to ${targets[0]!.url} then ${targets[2]!.url}`);
    expect(lines.join('')).toContain('publishing to rtmp://ingest-a.example.test/live/[redacted] then');
    expect(lines.join('')).not.toMatch(/streaming-key-one|channel-key-5001/);
  });

  it('turn a refusal into a sentence about the channel, and a failed start schedules nothing', async () => {
    const fake = new FakeIngest();
    fake.failures.push(refused(403, 'lack_of_ownership', 'GET /channels/<channel_id>/ingest.json'));
    const { keeper, clock } = keeperWith(fake);
    const error: unknown = await keeper.start().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CompanionError);
    expect(error).toMatchObject({ code: 'not_channel_owner', message: expect.stringContaining('Channel 5001 belongs to another account') });
    expect(clock.scheduled()).toEqual([]);
  });
});

describe('keeping the streaming key alive', () => {
  it('asks again every 8 minutes while started, and stops asking when stopped', async () => {
    const fake = new FakeIngest();
    const { keeper, clock } = keeperWith(fake);
    await keeper.start();
    expect(clock.scheduled()).toEqual([KEY_REFRESH_MS]);
    await clock.advance(8 * MINUTE - 1);
    expect(fake.asks).toBe(1);
    await clock.advance(1);
    expect(fake.asks).toBe(2);
    await clock.advance(8 * MINUTE);
    expect(fake.asks).toBe(3);
    // Between refreshes the relay gets the list from memory.
    await keeper.targets();
    expect(fake.asks).toBe(3);
    keeper.stop();
    expect(clock.scheduled()).toEqual([]);
    await clock.advance(60 * MINUTE);
    expect(fake.asks).toBe(3);
  });

  it('retries a failed refresh every 30 s, warns without a key, and says when the key changed', async () => {
    const fake = new FakeIngest();
    const { keeper, clock, events, lines } = keeperWith(fake);
    await keeper.start();
    fake.failures.push(unreachable('GET /channels/<channel_id>/ingest.json'), unreachable('GET /channels/<channel_id>/ingest.json'));
    await clock.advance(8 * MINUTE);
    expect(events.at(-1)).toMatchObject({ type: 'ingest-refresh-failed', retryInMs: 30_000 });
    await clock.advance(30_000);
    expect(fake.asks).toBe(3);
    // The key expired meanwhile: the platform hands out a new one.
    fake.key = 'streaming-key-two';
    await clock.advance(30_000);
    expect(fake.asks).toBe(4);
    expect(events.filter((event) => event.type === 'ingest-refresh-failed')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'ingest-fetched', keyChanged: true });
    expect((await keeper.targets())[0]!.url).toBe('rtmp://ingest-a.example.test/live/streaming-key-two');
    expect(clock.scheduled()).toEqual([KEY_REFRESH_MS]);
    expect(lines.some((line) => line.includes('could not be refreshed; trying again in 30 s'))).toBe(true);
    expect(lines.join('')).not.toMatch(/streaming-key-(one|two)/);
    keeper.stop();
  });

  it('hands an answer that arrives after stop() to its caller without keeping its keys', async () => {
    const fake = new FakeIngest();
    const { keeper } = keeperWith(fake);
    const pending = keeper.start();
    keeper.stop();
    expect(await pending).toHaveLength(4);
    await keeper.targets();
    expect(fake.asks).toBe(2);
  });

  it('fetches again on targets() when the list in memory is too old to connect with', async () => {
    const fake = new FakeIngest();
    const { keeper, clock } = keeperWith(fake);
    await keeper.targets();
    // Not started: nothing refreshes it.
    expect(clock.scheduled()).toEqual([]);
    await clock.advance(8 * MINUTE);
    await keeper.targets();
    expect(fake.asks).toBe(1);
    await clock.advance(1 * MINUTE);
    await keeper.targets();
    expect(fake.asks).toBe(2);
  });
});

describe('after an auth failure', () => {
  it('answers null when the platform still hands out the refused key, and a fresh list when the key changed', async () => {
    const fake = new FakeIngest();
    const { keeper } = keeperWith(fake);
    const [first] = await keeper.start();
    expect(await keeper.refreshAfterAuthFailure(first!)).toBeNull();
    expect(fake.asks).toBe(2);

    fake.key = 'streaming-key-two';
    const fresh = await keeper.refreshAfterAuthFailure(first!);
    expect(fake.asks).toBe(3);
    expect(fresh?.map((target) => target.url)).toEqual([
      'rtmp://ingest-a.example.test/live/streaming-key-two',
      'rtmp://ingest-b.example.test:1936/live/streaming-key-two',
      'rtmp://ingest-a.example.test/live/channel-key-5001',
      'rtmp://backup.example.test/app/channel-key-5001',
    ]);
    // The channel key is permanent: a refused backup stays refused.
    const backup = fresh![2]!;
    expect(await keeper.refreshAfterAuthFailure(backup)).toBeNull();
    keeper.stop();
  });

  it('asks once for failures that arrive together, and not at all when a refresh already replaced the key', async () => {
    const fake = new FakeIngest();
    const { keeper, clock } = keeperWith(fake);
    const targets = await keeper.start();
    fake.key = 'streaming-key-two';
    const [one, two] = await Promise.all([keeper.refreshAfterAuthFailure(targets[0]!), keeper.refreshAfterAuthFailure(targets[1]!)]);
    expect(fake.asks).toBe(2);
    expect(one).toEqual(two);

    fake.key = 'streaming-key-three';
    await clock.advance(KEY_REFRESH_MS);
    expect(fake.asks).toBe(3);
    const answer = await keeper.refreshAfterAuthFailure(one![0]!);
    expect(fake.asks).toBe(3);
    expect(answer?.[0]?.url).toBe('rtmp://ingest-a.example.test/live/streaming-key-three');
    keeper.stop();
  });
});
