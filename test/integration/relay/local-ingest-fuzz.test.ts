// The local ingest against malformed and truncated RTMP from a client without a key (issue 16): each
// case once took the whole process down or made it hold memory. Every connection that breaks a check
// is dropped alone, with one log line; the process lives (vitest fails a run with an uncaught
// exception), and a real encoder publishing through the ingest and the relay to nginx goes on through every
// one of those inputs, sent again one by one while it is live.
// Bounded: a fixed seed, a fixed count of random cases, connections a few at a time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalIngest, type LocalIngest } from '../../../main/relay/local-ingest.js';
import { createRelay } from '../../../main/relay/relay.js';
import type { EncoderEvent } from '../../../main/relay/relay-types.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { namedCases, randomCases, runCases } from '../../support/rtmp-fuzz-cases.js';
import { RtmpTestClient } from '../../support/rtmp-test-client.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { capturingLogger, Cleanup, EventLog } from './relay-harness.js';

const SEED = 0x16_01;
const RANDOM_CASES = 60;
/** Longer than HANG_UP_MS: a case counts as refused by its check, not by the deadline. */
const DEADLINE_MS = 2500;
const HANG_UP_MS = 1000;
const MAX_PENDING = 8;
const KEY = 'fuzz_local_key';

const cleanup = new Cleanup();
const encoders = new Encoders();
const logger = capturingLogger();
const events = new EventLog<EncoderEvent>();
const consoleLines: string[] = [];
let ingest: LocalIngest;
let nginx: NginxRtmp;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void consoleLines.push(parts.join(' ')));
  nginx = await startNginxRtmp();
  cleanup.add(() => nginx.close());
  ingest = await startLocalIngest({ port: 0, streamKey: KEY, logger, onEvent: events.push, connectionLimits: { pendingDeadlineMs: DEADLINE_MS, maxPending: MAX_PENDING } });
  cleanup.add(() => ingest.close());
});

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
  vi.restoreAllMocks();
  expect(consoleLines).toEqual([]);
  expect(logger.lines.join('\n')).not.toContain(KEY);
});

const dropLines = () => logger.lines.filter((line) => line.includes('dropped the RTMP connection'));

describe('malformed input', () => {
  it('drops each connection that breaks a check, alone and with one log line that names no key', async () => {
    const cases = namedCases();
    const kept = await runCases(ingest.port, cases, HANG_UP_MS);
    expect(kept).toEqual([]);
    const lines = dropLines();
    expect(lines.length).toBeGreaterThanOrEqual(cases.filter((one) => one.hangsUp).length);
    expect(lines.join('\n')).toMatch(/127\.0\.0\.1:\d+: not RTMP \(version byte 80: an HTTP request\)/);
    expect(lines.join('\n')).toContain('a connect without tcUrl');
    expect(lines.join('\n')).toContain('a publish without a stream name');
    expect(lines.join('\n')).not.toMatch(/some_name|not_the_key/);
    expect(events.of('encoder-connected')).toEqual([]);
  });

  it(`survives ${RANDOM_CASES} random inputs (seed ${SEED})`, async () => {
    expect(await runCases(ingest.port, randomCases(SEED, RANDOM_CASES), HANG_UP_MS)).toEqual([]);
  });

  it('hangs up on a connection that does not publish in time, and on one too many waiting', async () => {
    const idle = await RtmpTestClient.connect(ingest.port);
    await idle.handshake();
    const waiting = await Promise.all(Array.from({ length: MAX_PENDING - 1 }, () => RtmpTestClient.connect(ingest.port)));
    const extra = await RtmpTestClient.connect(ingest.port);
    expect(await extra.closedWithin(1000)).toBe(true);
    expect(await idle.closedWithin(DEADLINE_MS + 1000)).toBe(true);
    for (const client of waiting) expect(await client.closedWithin(1000)).toBe(true);
    expect(dropLines().join('\n')).toContain(`${MAX_PENDING} connections are already waiting to publish`);
    expect(dropLines().join('\n')).toContain(`no accepted publish within ${DEADLINE_MS / 1000} s`);
  });
});

const recorded = async () => (await nginx.recordings()).reduce((sum, file) => sum + file.size, 0);

describe('afterwards', () => {
  it('relays a real encoder to nginx through every hostile input, one after another: the broadcast goes on after each', async () => {
    const relay = createRelay({ ingest, targets: { targets: async () => [{ id: 'nginx', label: 'nginx', url: `${nginx.url}/after-fuzz` }], refreshAfterAuthFailure: async () => null }, logger });
    await relay.start();
    cleanup.add(() => relay.stop('test over'));
    const encoder = encoders.publish(`${ingest.url}/${KEY}`, 25);
    await events.waitFor('encoder-connected', 10_000);
    await expect.poll(recorded, { timeout: 5000 }).toBeGreaterThan(50_000);
    // Each named case alone, while the encoder publishes: after each, the platform side still receives more.
    for (const hostile of namedCases()) {
      const before = await recorded();
      expect(await runCases(ingest.port, [hostile], HANG_UP_MS), hostile.name).toEqual([]);
      await expect.poll(recorded, { timeout: 3000, message: `the stream still reaches nginx after ${hostile.name}` }).toBeGreaterThan(before);
    }
    expect(events.of('encoder-disconnected'), 'the encoder never dropped').toEqual([]);
    expect(await encoder.exited).toBe(0);
    await events.waitFor('encoder-disconnected', 3000);
    expect(events.of('encoder-connected')).toHaveLength(1);
    expect(events.of('encoder-disconnected')).toHaveLength(1);
  }, 60_000);
});
