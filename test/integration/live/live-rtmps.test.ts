// The live service going live against the sandbox as today's platform (the current dialect): it publishes
// over the TLS ingest first, trusting the sandbox's authority because the profile is the sandbox's; with the
// plain-RTMP switch it leaves TLS out; a profile that does not trust the certificate shows the worded
// failure in its state, and the stream goes on over RTMP; the TLS ingest going down mid-stream moves the stream
// to RTMP, and the state says it moved and why (no alarm). Real sandbox, real HTTP, ffmpeg as the encoder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../../preload/contract.js';
import type { LiveService } from '../../../main/live/live-service.js';
import { demoToken, sandboxLiveService } from './sandbox-live-service.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { Encoders } from '../../support/synthetic-encoder.js';

const KEY = 'local_key_live_rtmps';
const encoders = new Encoders();
let sandbox: Sandbox;
let token: string;
let dir: string;
let service: LiveService | null = null;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = demoToken(sandbox);
});

afterAll(() => sandbox?.close());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companion-live-rtmps-'));
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(async () => {
  encoders.killAll();
  await service?.close();
  service = null;
  await rm(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function liveService(profile: { plainRtmp: boolean; sandboxProfile: boolean }, logLines: string[]): LiveService {
  return sandboxLiveService({ sandbox, token, dir, localKey: KEY, ...profile, logLines });
}

/** Goes live on the channel with ffmpeg publishing to the local ingest; resolves with the state once `done` says so. */
async function goLive(live: LiveService, title: string, done: (state: LiveState) => boolean): Promise<LiveState> {
  await live.open();
  const channel = sandbox.admin.store.data.channels.find((candidate) => candidate.title === title)!;
  await live.chooseChannel(channel.id, { title, managedFor: null });
  await live.goLive();
  encoders.publish(`${live.state().ingest.url}/${KEY}`, 15);
  await expect.poll(() => done(live.state()), { timeout: 20_000, interval: 250 }).toBe(true);
  return live.state();
}

const activeTarget = (state: LiveState) => state.targets.find((target) => target.active && target.state === 'live')?.id ?? null;

describe('going live in the current dialect', () => {
  it("publishes over the TLS ingest first, trusting the sandbox's authority for the sandbox profile", async () => {
    const logLines: string[] = [];
    service = liveService({ plainRtmp: false, sandboxProfile: true }, logLines);
    const state = await goLive(service, 'Demo Live', (current) => activeTarget(current) === 'ingest-tls');
    expect(state.targets.map((target) => target.id)).toEqual(['ingest-tls', 'ingest-1', 'backup-1', 'backup-2']);
    expect(state.targets[0]!.label).toBe(`Ingest RTMPS · ${new URL(sandbox.rtmpsUrl.replace(/^rtmps:/, 'http:')).host}`);
    expect(state.lastError).toBeNull();
    expect(state.phase).toBe('live');
    expect(logLines.join('\n')).not.toContain(sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.streamingKey!.key);
    expect(state.air.movedOn).toBeNull();
  }, 40_000);

  it('leaves TLS out with the profile on plain RTMP', async () => {
    service = liveService({ plainRtmp: true, sandboxProfile: true }, []);
    const state = await goLive(service, 'Backstage', (current) => activeTarget(current) === 'ingest-1');
    expect(state.targets.map((target) => target.id)).toEqual(['ingest-1', 'backup-1', 'backup-2']);
  }, 40_000);

  it("says in its state that the certificate is not trusted when the profile does not trust the sandbox's authority, and goes on over RTMP", async () => {
    service = liveService({ plainRtmp: false, sandboxProfile: false }, []);
    const state = await goLive(service, 'Locked Room', (current) => activeTarget(current) === 'ingest-1');
    expect(state.targets[0]).toMatchObject({ id: 'ingest-tls', state: 'failed', failure: 'untrusted', lastError: expect.stringMatching(/^the ingest's certificate is not trusted: /) });
    expect(state.lastError).toMatch(/^Ingest RTMPS · [^:]+:\d+: the ingest's certificate is not trusted: it is signed by an authority this computer does not trust \(.+\)\. .* Meanwhile the stream goes to the next ingest\.$/);
    expect(state.phase).toBe('live');
  }, 40_000);

  // Last: the sandbox's TLS ingest stays down once stopped.
  it('moves to RTMP when the TLS ingest goes down mid-stream, with no alarm, and says it moved and why', async () => {
    service = liveService({ plainRtmp: false, sandboxProfile: true }, []);
    await goLive(service, 'Demo Live', (current) => activeTarget(current) === 'ingest-tls');
    // The TLS ingest goes down mid-stream: the stream moves to RTMP with no alarm, and the state says so.
    expect(await sandbox.admin.stopTlsIngest()).toBe(true);
    await expect.poll(() => activeTarget(service!.state()), { timeout: 20_000, interval: 250 }).toBe('ingest-1');
    const moved = service.state();
    expect(moved.air).toMatchObject({ status: 'live', alarm: null, movedOn: { message: expect.stringMatching(/^The stream moved to Ingest 1 · [^,]+, because Ingest RTMPS · [^ ]+ (failed: .+\.|stopped taking it\.) It goes on there; nothing to do\.$/) } });
    console.info(`failover said: ${moved.air.movedOn!.message}`);
  }, 60_000);
});
