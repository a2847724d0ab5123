// A crashed RTMP ingest host comes back on the same address by itself, and a broadcast goes live through it
// again. The crash is the sandbox operator's call (as if the platform's ingest server failed).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { api, passwordToken } from '../../support/sandbox-client.js';
import { Encoders } from '../../support/synthetic-encoder.js';

let sandbox: Sandbox;
const encoders = new Encoders();

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  encoders.killAll();
  await sandbox?.close();
});

const ingestLog = () => readFile(join(sandbox.dataDir, 'rtmp', 'ingest.log'), 'utf8');

function crash(key: string): Promise<Response> {
  return fetch(`${sandbox.apiUrl}/_sandbox/rtmp-ingest/crash`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5_000) });
}

it('restarts a crashed ingest host on the same address, and a broadcast goes live through it', async () => {
  expect((await crash('not-the-key')).status).toBe(401);
  expect((await crash(sandbox.adminKey)).status).toBe(204);
  await expect.poll(ingestLog, { timeout: 10_000 }).toMatch(/exited unexpectedly[\s\S]*restarting the RTMP ingest host on 127\.0\.0\.1:\d+[\s\S]*the RTMP ingest host runs again at/);

  const demo = await passwordToken(sandbox);
  const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === 'Demo Live')!;
  const settings = (await api<{ rtmp_urls: string[]; streaming_key: string }>(sandbox, demo, 'GET', `/channels/${channel.id}/ingest.json`)).body;
  expect(settings.rtmp_urls[0]).toBe(sandbox.rtmpUrl);
  const encoder = encoders.publish(`${sandbox.rtmpUrl}/${settings.streaming_key}`, 4);
  await expect.poll(() => channel.status, { timeout: 15_000, message: 'the channel went live' }).toBe('live').catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await ingestLog()}`);
  });
  expect(await encoder.exited).toBe(0);
  await expect.poll(() => channel.status, { timeout: 10_000 }).toBe('offair');
});
