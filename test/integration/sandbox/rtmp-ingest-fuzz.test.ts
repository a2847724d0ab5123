// The sandbox's RTMP ingest (node-media-server in a worker thread) against malformed and truncated RTMP
// without a key (issue 16): each case once ended the worker, and the ingest with it. Every connection
// that breaks a check is closed alone with one log line, the worker never exits, and a real encoder
// with the channel key still makes the channel live afterwards. Bounded: a fixed seed and count.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { namedCases, randomCases, runCases } from '../../support/rtmp-fuzz-cases.js';
import { Encoders } from '../../support/synthetic-encoder.js';

const SEED = 0x16_03;
const RANDOM_CASES = 60;

let sandbox: Sandbox;
let port: number;
const encoders = new Encoders();

beforeAll(async () => {
  sandbox = await startSandbox();
  port = Number(new URL(sandbox.rtmpUrl.replace(/^rtmp:/, 'http:')).port);
});

afterAll(async () => {
  encoders.killAll();
  await sandbox?.close();
});

const ingestLog = () => readFile(join(sandbox.dataDir, 'rtmp', 'ingest.log'), 'utf8');

describe('the sandbox ingest with malformed input', () => {
  it('closes each connection that breaks a check, alone, and its worker lives on', async () => {
    const cases = namedCases();
    expect(await runCases(port, cases, 1000)).toEqual([]);
    expect(await runCases(port, randomCases(SEED, RANDOM_CASES), 1000)).toEqual([]);
    const log = await ingestLog();
    expect(log).not.toContain('exited unexpectedly');
    const drops = log.split('\n').filter((line) => line.includes('dropped the RTMP connection'));
    expect(drops.length).toBeGreaterThanOrEqual(cases.filter((one) => one.hangsUp).length);
    expect(drops.join('\n')).toContain('not RTMP (version byte 80: an HTTP request)');
    expect(drops.join('\n')).toContain('a connect with an invalid tcUrl');
    expect(drops.join('\n')).not.toContain('some_name');
  });

  it('still takes a real encoder with the channel key afterwards', async () => {
    const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Demo Live')!;
    const encoder = encoders.publish(`${sandbox.rtmpUrl}/${channel.channelKey}`, 3);
    await expect.poll(() => channel.status, { timeout: 10_000 }).toBe('live');
    expect(await encoder.exited).toBe(0);
    await expect.poll(() => channel.status, { timeout: 5000 }).toBe('offair');
    expect(await ingestLog()).not.toContain('exited unexpectedly');
  });
});
