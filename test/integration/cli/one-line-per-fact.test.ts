// Issue 22, as a script reads the built CLI's --json lines: each fact once (one `encoder-connected`, one
// `stopped`), `live --record` telling its recording with the video id when it starts and when it stops, and
// `live --channel C --record` a guest: the saved settings files are byte for byte what they were, so the app
// opens on its own channel with its own "record when live".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';
import { savedSettingsFiles } from './saved-settings-files.js';

const encoders = new Encoders();
const running: RunningCommand[] = [];
const folders: string[] = [];
let nginx: NginxRtmp | null = null;

afterAll(async () => {
  encoders.killAll();
  for (const command of running) await command.stop();
  await nginx?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const count = (command: RunningCommand, event: string) => command.lines.filter((line) => line.event === event).length;

describe('companion relay --json', () => {
  it('tells each fact once: one encoder-connected, one stopped (with the signal, as the last line)', async () => {
    nginx = await startNginxRtmp();
    const relay = await startCommand(['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', `${nginx.url}/once`], 20_000, {}, 'listening');
    running.push(relay);
    const encoder = encoders.publish(`${String(relay.ready.url)}/${String(relay.ready.key)}`, 3);
    await until(() => relay.lines.find((line) => line.event === 'target-connected'), 'target-connected');
    expect(await encoder.exited).toBe(0);
    await until(() => relay.lines.find((line) => line.event === 'encoder-disconnected'), 'encoder-disconnected');
    expect(await relay.stop()).toBe(0);
    expect(count(relay, 'encoder-connected')).toBe(1);
    expect(count(relay, 'stopped')).toBe(1);
    expect(relay.lines.at(-1)).toEqual({ event: 'stopped', signal: 'SIGTERM', reason: 'SIGTERM received' });
  }, 40_000);
});

describe('companion live --record --json', () => {
  it('tells the recording with its video id, each fact once, and leaves the saved settings as they were', async () => {
    requireKeyring();
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-live-record-'));
    folders.push(dataDir);
    const env = { COMPANION_DATA_DIR: dataDir };
    expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
    // The app's own choices, saved: another channel, no recording.
    expect((await runCli(['settings', 'set', 'channel', '5001'], { env })).code).toBe(0);
    expect((await runCli(['settings', 'set', 'record-when-live', 'off'], { env })).code).toBe(0);
    const before = await savedSettingsFiles(dataDir);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['live.json']));

    const live = await startCommand(['live', '--channel', '5002', '--record', '--listen', 'rtmp://127.0.0.1:0/live'], 30_000, env, 'listening');
    running.push(live);
    encoders.publish(`${String(live.ready.url)}/${String(live.ready.key)}`, 30);
    const started = await until(() => live.lines.find((line) => line.event === 'recording' && line.state === 'started'), 'the recording started', 25_000);
    expect(started).toMatchObject({ channelId: '5002', trigger: 'record-when-live', videoId: expect.any(String) });
    expect(await live.stop()).toBe(0);

    const recordings = live.lines.filter((line) => line.event === 'recording');
    expect(recordings).toEqual([started, expect.objectContaining({ state: 'stopped', channelId: '5002', videoId: started.videoId, reason: 'stopped' })]);
    expect(count(live, 'encoder-connected')).toBe(1);
    expect(count(live, 'stopped')).toBe(1);
    expect(live.lines.at(-1)).toMatchObject({ event: 'stopped', signal: 'SIGTERM', reason: 'ended by you' });
    // A guest: channel 5002 and --record were for that run only.
    expect(await savedSettingsFiles(dataDir)).toEqual(before);
  }, 60_000);
});
