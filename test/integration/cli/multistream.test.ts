// Issue 20 acceptance (a), as a streamer runs it: `companion relay --to A --also B` (the built CLI), two
// real nginx-rtmp destinations fed by one ffmpeg encoder. B is killed mid-stream: A keeps receiving with
// no gap (its one recording's video timestamps never jump by more than 1 s), the encoder stays connected
// (one encoder-connected, no disconnect until it finishes, exit code 0), and B's destination reconnects
// by itself once an nginx listens on its port again. `companion live --also` takes the same flag beside
// the channel (the embedded sandbox).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, packetTimes, probe } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const encoders = new Encoders();
const running: RunningCommand[] = [];
const servers: NginxRtmp[] = [];
const folders: string[] = [];

afterAll(async () => {
  encoders.killAll();
  for (const command of running) await command.stop();
  for (const server of servers) await server.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** The video packets' timestamps of a recording, in seconds, in file order. */
async function videoTimes(file: string): Promise<number[]> {
  return packetTimes(file, { stream: 'v:0', field: 'pts_time' });
}

function largestStep(times: readonly number[]): number {
  let largest = 0;
  for (let index = 1; index < times.length; index += 1) largest = Math.max(largest, Math.abs(times[index]! - times[index - 1]!));
  return largest;
}

describe('companion relay --also', () => {
  it('one destination killed mid-stream: the other keeps receiving without a gap, the encoder stays connected, the killed one comes back', async () => {
    const first = await startNginxRtmp();
    const second = await startNginxRtmp();
    servers.push(first, second);
    const relay = await startCommand(['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', `${first.url}/main-dest`, '--also', `${second.url}/second-dest`], 20_000, {}, 'listening');
    running.push(relay);
    const of = (event: string, destination?: string) => relay.lines.filter((line) => line.event === event && (destination === undefined || line.destination === destination));

    const encoder = encoders.publish(`${String(relay.ready.url)}/${String(relay.ready.key)}`, 16);
    await until(() => (of('target-connected', 'main').length > 0 && of('target-connected', 'also-1').length > 0) || undefined, 'both destinations connected');
    await delay(3000);

    second.kill();
    await until(() => of('target-failed', 'also-1')[0], 'the killed destination failing');
    await delay(3000);
    const back = await startNginxRtmp({ port: second.port });
    servers.push(back);
    await until(() => of('target-connected', 'also-1')[1], 'the killed destination reconnecting', 15_000);

    expect(await encoder.exited).toBe(0);
    await until(() => of('encoder-disconnected')[0], 'the encoder leaving when done');
    expect(await relay.stop()).toBe(0);

    // The encoder never noticed: one connection, one goodbye when it finished.
    expect(of('encoder-connected')).toHaveLength(1);
    expect(of('encoder-disconnected')).toHaveLength(1);
    // Only the killed destination failed; the main destination kept its one connection.
    expect(of('target-failed').every((line) => line.destination === 'also-1')).toBe(true);
    expect(of('target-connecting', 'main')).toHaveLength(1);
    expect(of('target-connected').every((line) => line.destination === 'main' || line.destination === 'also-1')).toBe(true);

    // The main destination: one recording, whose video never stops for more than a second.
    const recordings = await first.recordings();
    expect(recordings).toHaveLength(1);
    const times = await videoTimes(recordings[0]!.path);
    expect(times.length).toBeGreaterThan(30 * 12);
    expect(largestStep(times)).toBeLessThanOrEqual(1);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(13);

    // The destination that came back: a new publish that starts at a keyframe and holds both streams.
    const again = await back.recordings();
    expect(again).toHaveLength(1);
    expect((await probe(again[0]!.path, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
    expect(await probe(again[0]!.path, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1')).toMatch(/^1/);
  }, 60_000);
});

describe('companion live --also', () => {
  it('goes live on the channel and on the --also destination at once; --json target events say which', async () => {
    requireKeyring();
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-live-also-'));
    folders.push(dataDir);
    const env = { COMPANION_DATA_DIR: dataDir };
    expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
    const second = await startNginxRtmp();
    servers.push(second);
    const live = await startCommand(['live', '--channel', '5002', '--listen', 'rtmp://127.0.0.1:0/live', '--also', `${second.url}/also-key-5150`], 30_000, env, 'listening');
    running.push(live);
    const encoder = encoders.publish(`${String(live.ready.url)}/${String(live.ready.key)}`, 8);
    const connected = (destination: string) => live.lines.find((line) => line.event === 'target-connected' && line.destination === destination);
    await until(() => connected('channel'), 'the channel connected', 20_000);
    await until(() => connected('also-1'), 'the --also destination connected', 20_000);
    expect(connected('also-1')).toMatchObject({ role: 'fanout', target: { id: 'also-1-target-1' } });
    expect(await encoder.exited).toBe(0);
    expect(await live.stop()).toBe(0);
    expect(JSON.stringify(live.lines)).not.toContain('also-key-5150');
    expect(live.stderr()).not.toContain('also-key-5150');
    const recordings = await second.recordings();
    expect(recordings).toHaveLength(1);
    expect((await probe(recordings[0]!.path, '-show_entries', 'stream=codec_name')).split('\n').sort()).toEqual(['aac', 'h264']);
  }, 60_000);
});
