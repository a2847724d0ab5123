// Multistream through the live service, against the sandbox (today's platform) and a real nginx-rtmp as a
// second platform: the profile's saved destinations (another channel of the account, an RTMP address with
// its key) go live with the channel, each shown in its own row of the live state; the address switched off
// mid-broadcast ends its publish while the rest go on, and switched on again starts a new publish at a
// keyframe. Real sandbox, real HTTP, ffmpeg as the encoder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveState } from '../../../preload/contract.js';
import type { LiveService } from '../../../main/live/live-service.js';
import { demoToken, sandboxLiveService } from './sandbox-live-service.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';

const KEY = 'local_key_live_multistream';
const SECOND_KEY = 'second_platform_key_5150';
const encoders = new Encoders();
let sandbox: Sandbox;
let token: string;
let dir: string;
let service: LiveService | null = null;
let nginx: NginxRtmp | null = null;
/** The keychain's stream keys, for this file. */
const keys = new Map<string, string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  token = demoToken(sandbox);
});

afterAll(() => sandbox?.close());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'companion-live-multistream-'));
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(async () => {
  encoders.killAll();
  await service?.close();
  service = null;
  await nginx?.close();
  nginx = null;
  await rm(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function liveService(profile: { plainRtmp: boolean; sandboxProfile: boolean }, logLines: string[]): LiveService {
  return sandboxLiveService({ sandbox, token, dir, localKey: KEY, ...profile, logLines, streamKeys: keys });
}

const rows = (state: LiveState) => state.destinations.map((row) => [row.kind, row.label, row.state]);

describe('multistream from the live service', () => {
  it('goes live on the channel, another channel and a second platform at once; one switched off and on mid-broadcast', async () => {
    const logLines: string[] = [];
    const live = liveService({ plainRtmp: true, sandboxProfile: true }, logLines);
    service = live;
    nginx = await startNginxRtmp();
    await live.open();
    const channels = sandbox.admin.store.data.channels;
    const main = channels.find((candidate) => candidate.title === 'Demo Live')!;
    const other = channels.find((candidate) => candidate.title === 'Backstage')!;
    await live.chooseChannel(main.id, { title: 'Demo Live', managedFor: null });
    await live.addDestination({ channelId: other.id });
    const added = await live.addDestination({ label: 'Second platform', url: nginx.url, key: SECOND_KEY });
    const second = added.destinations.find((row) => row.label === 'Second platform')!;
    expect(rows(added)).toEqual([
      ['main', 'Demo Live', 'idle'],
      ['channel', 'Backstage', 'idle'],
      ['rtmp', 'Second platform', 'idle'],
    ]);

    await live.goLive();
    const encoder = encoders.publish(`${live.state().ingest.url}/${KEY}`, 14);
    await expect.poll(() => rows(live.state()).map((row) => row[2]), { timeout: 20_000, interval: 250 }).toEqual(['live', 'live', 'live']);
    const state = live.state();
    expect(state.phase).toBe('live');
    // What the contract checks the service's answers against (IPC and browser mode).
    expect(LiveState.parse(state)).toEqual(state);
    expect(state.destinations[1]!.targets.map((target) => target.id)).toEqual(['ingest-1', 'backup-1', 'backup-2']);
    expect(state.destinations[2]!.targets).toMatchObject([{ label: `Second platform · ${nginx.url.replace('rtmp://', '').replace('/live', '')}`, state: 'live', active: true }]);
    expect(state.targets.map((target) => target.id)).toEqual(['ingest-1', 'backup-1', 'backup-2']);
    await expect.poll(() => other.status, { timeout: 10_000 }).toBe('live');

    // Off mid-broadcast: its publish ends; the channel and the other channel go on.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const off = await live.setDestinationEnabled(second.id, false);
    expect(rows(off)).toEqual([
      ['main', 'Demo Live', 'live'],
      ['channel', 'Backstage', 'live'],
      ['rtmp', 'Second platform', 'off'],
    ]);
    expect(await nginx.recordings()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // On again: a new publish, which starts at a keyframe.
    await live.setDestinationEnabled(second.id, true);
    await expect.poll(() => rows(live.state())[2]![2], { timeout: 10_000, interval: 250 }).toBe('live');
    await expect.poll(async () => (await nginx!.recordings()).length, { timeout: 5000 }).toBe(2);
    expect(main.status).toBe('live');

    expect(await encoder.exited).toBe(0);
    await live.endLive();
    const [, again] = await nginx.recordings();
    expect(await probe(again!.path, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1')).toMatch(/^1/);
    expect(logLines.join('\n')).not.toContain(SECOND_KEY);
  }, 50_000);
});
