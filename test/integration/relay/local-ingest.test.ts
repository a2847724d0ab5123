// The local ingest with real encoders: only the current key publishes, a new publish with the right key
// replaces a stale or running one, a key change disconnects the old key's encoder, a subscriber that
// joins mid-stream gets the start of it, and no stream key reaches a log or the console.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalIngest, type IngestSink, type LocalIngest } from '../../../main/relay/local-ingest.js';
import type { MediaPacket } from '../../../main/relay/media-packet.js';
import type { EncoderEvent, StreamInfo } from '../../../main/relay/relay-types.js';
import { DEFAULT_PUBLISHER_OPTIONS, rtmpPublisher } from '../../../main/relay/rtmp-publisher.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { capturingLogger, Cleanup, EventLog } from './relay-harness.js';

const cleanup = new Cleanup();
const encoders = new Encoders();
const events = new EventLog<EncoderEvent>();
const logger = capturingLogger();
const consoleLines: string[] = [];
const KEYS = { first: 'local_key_first', second: 'local_key_second', wrong: 'local_key_wrong' };
let ingest: LocalIngest;

beforeAll(async () => {
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void consoleLines.push(parts.join(' ')));
  ingest = await startLocalIngest({ port: 0, streamKey: KEYS.first, logger, onEvent: events.push });
  cleanup.add(() => ingest.close());
});

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
  vi.restoreAllMocks();
  // Nothing of node-media-server's reached the console, and no key reached our log.
  expect(consoleLines).toEqual([]);
  const log = logger.lines.join('\n');
  for (const key of Object.values(KEYS)) expect(log).not.toContain(key);
});

const publishUrl = (key: string, app = 'live') => `${ingest.url.replace(/\/live$/, `/${app}`)}/${key}`;

describe('who may publish', () => {
  it('refuses a wrong key and a wrong application, and says so without the key', async () => {
    expect(ingest.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    expect(await encoders.publish(publishUrl(KEYS.wrong), 3).exited).not.toBe(0);
    expect(await encoders.publish(publishUrl(KEYS.first, 'other'), 3).exited).not.toBe(0);
    expect(events.of('encoder-refused').map((event) => event.reason)).toEqual(['wrong stream key', 'wrong application (not "live")']);
    expect(events.of('encoder-refused')[0]!.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(events.of('encoder-connected')).toEqual([]);
    expect(ingest.currentStream()).toBeNull();
  });

  it('lets a new publish with the right key replace a stale one', async () => {
    // A stale publisher: connected and publishing with the key, then silent (an encoder that froze).
    const stale = await rtmpPublisher(DEFAULT_PUBLISHER_OPTIONS)(publishUrl(KEYS.first));
    const encoder = encoders.publish(publishUrl(KEYS.first), 3);
    const lost = await stale.lost;
    expect(lost.message).toMatch(/closed the connection|reset/);
    const connected = await events.waitFor('encoder-connected', 5000);
    expect(connected).toMatchObject({ codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30 });
    expect(events.of('encoder-disconnected')[0]!.reason).toBe('replaced by a new publish with the same key');
    expect(ingest.currentStream()).toMatchObject({ codecs: { video: 'h264', audio: 'aac' } });
    expect(await encoder.exited).toBe(0);
    await events.waitFor('encoder-disconnected', 3000, (event) => event.reason === 'the encoder disconnected');
    expect(ingest.currentStream()).toBeNull();
  });

  it('lets a second encoder with the right key take over from a running one', async () => {
    const before = events.of('encoder-connected').length;
    const running = encoders.publish(publishUrl(KEYS.first), 20);
    await events.waitFor('encoder-connected', 5000, () => true, before);
    const successor = encoders.publish(publishUrl(KEYS.first), 2);
    expect(await running.exited).not.toBe(0);
    await events.waitFor('encoder-connected', 5000, () => true, before + 1);
    expect(await successor.exited).toBe(0);
  });

  it('disconnects the old key when the key changes, and takes the new one only', async () => {
    const before = events.of('encoder-connected').length;
    const old = encoders.publish(publishUrl(KEYS.first), 20);
    await events.waitFor('encoder-connected', 5000, () => true, before);
    ingest.setStreamKey(KEYS.second);
    expect(await old.exited).not.toBe(0);
    expect(events.of('encoder-disconnected').at(-1)!.reason).toBe('the local stream key changed');
    expect(await encoders.publish(publishUrl(KEYS.first), 2).exited).not.toBe(0);
    expect(events.of('encoder-refused').at(-1)!.reason).toBe('wrong stream key');
    expect(await encoders.publish(publishUrl(KEYS.second), 2).exited).toBe(0);
    expect(events.of('encoder-connected')).toHaveLength(before + 2);
    expect(() => ingest.setStreamKey('spaces are not allowed')).toThrow(/letters, digits/);
  });
});

describe('subscribers', () => {
  it('tells one that joins mid-stream about the publish and replays its start: configurations, then a keyframe', async () => {
    const before = events.of('encoder-connected').length;
    const encoder = encoders.publish(publishUrl(KEYS.second), 4);
    await events.waitFor('encoder-connected', 5000, () => true, before);
    await delay(1500);
    const seen: { started: number; packets: MediaPacket[]; info: StreamInfo | null; ended: string | null } = { started: 0, packets: [], info: null, ended: null };
    const sink: IngestSink = {
      started: () => void seen.started++,
      packet: (packet) => void seen.packets.push(packet),
      described: (info) => void (seen.info = info),
      ended: (reason) => void (seen.ended = reason),
    };
    const unsubscribe = ingest.subscribe(sink);
    expect(seen.started).toBe(1);
    expect(seen.info).toMatchObject({ codecs: { video: 'h264', audio: 'aac' } });
    const [metadata, videoConfig, audioConfig, first] = seen.packets;
    expect(metadata).toMatchObject({ kind: 'data', metadata: true });
    expect(videoConfig).toMatchObject({ kind: 'video', config: true });
    expect(audioConfig).toMatchObject({ kind: 'audio', config: true });
    expect(first).toMatchObject({ kind: 'video', keyframe: true });
    expect(await encoder.exited).toBe(0);
    await expect.poll(() => seen.ended, { timeout: 3000 }).toBe('the encoder disconnected');
    const live = seen.packets.filter((packet) => packet.kind === 'video' && !packet.config);
    // 30 fps for the rest of the run, give or take the start replayed.
    expect(live.length).toBeGreaterThan(40);
    unsubscribe();
  });
});

describe('players', () => {
  it('can play the published stream from the ingest while the relay takes it too', async () => {
    const before = events.of('encoder-connected').length;
    const encoder = encoders.publish(publishUrl(KEYS.second), 6);
    await events.waitFor('encoder-connected', 5000, () => true, before);
    const packets: MediaPacket[] = [];
    const unsubscribe = ingest.subscribe({ started: () => undefined, packet: (packet) => void packets.push(packet), described: () => undefined, ended: () => undefined });
    expect((await probe(publishUrl(KEYS.second), '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
    expect(await encoder.exited).toBe(0);
    unsubscribe();
    expect(packets.filter((packet) => packet.kind === 'video' && packet.keyframe).length).toBeGreaterThan(1);
  });
});

describe('starting', () => {
  it('allows one ingest per process, says why a port cannot be had, and starts again once closed', async () => {
    await expect(startLocalIngest({ port: 0, streamKey: 'other' })).rejects.toThrow(/already runs in this process/);
    await ingest.close();
    const occupant = createServer();
    occupant.listen(0, '127.0.0.1');
    await once(occupant, 'listening');
    const { port } = occupant.address() as AddressInfo;
    await expect(startLocalIngest({ port, streamKey: 'other' })).rejects.toThrow(`cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`);
    occupant.close();
    const again = await startLocalIngest({ port: 0, streamKey: 'other' });
    expect(again.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    await again.close();
  });
});
