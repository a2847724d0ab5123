// The encoder-drop bridge end to end (issue 20, acceptance b): ffmpeg publishing to the built
// `companion relay --bridge 60`, relayed to nginx-rtmp recording everything. The encoder is killed for
// 10 s and started again: nginx records one file, on one publish, whose timestamps never go back and
// never skip more than 1 s, with the holding slate decodable in the middle. And with a short window the
// stream ends cleanly once it runs out.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { slatesDir } from '../../../main/paths.js';
import { startCommand, type RunningCommand } from '../../support/built-cli.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const run = promisify(execFile);
const encoders = new Encoders();
const running: RunningCommand[] = [];
const servers: NginxRtmp[] = [];

afterEach(async () => {
  encoders.killAll();
  for (const command of running.splice(0)) await command.stop();
  for (const server of servers.splice(0)) await server.close();
});

interface Packet {
  readonly stream: 'video' | 'audio';
  readonly dts: number;
  readonly size: number;
  readonly key: boolean;
}

async function packetsOf(file: string): Promise<Packet[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=codec_type,dts_time,size,flags', '-of', 'json', file], { maxBuffer: 64 * 1024 * 1024 });
  const { packets } = JSON.parse(stdout) as { packets: { codec_type: string; dts_time: string; size: string; flags: string }[] };
  return packets.map((packet) => ({ stream: packet.codec_type as Packet['stream'], dts: Number(packet.dts_time), size: Number(packet.size), key: packet.flags.startsWith('K') }));
}

/** The biggest step between consecutive packets of one stream (negative steps fail the check on their own). */
function steps(packets: readonly Packet[], stream: Packet['stream']): { back: number; maxGap: number } {
  const times = packets.filter((packet) => packet.stream === stream).map((packet) => packet.dts);
  let back = 0;
  let maxGap = 0;
  for (let index = 1; index < times.length; index += 1) {
    const step = times[index]! - times[index - 1]!;
    if (step < 0) back += 1;
    maxGap = Math.max(maxGap, step);
  }
  return { back, maxGap };
}

/** One 640x360 picture, grey levels only, at `seconds` into `file`. */
async function grayFrame(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let total = 0;
  for (let index = 0; index < a.length; index += 1) total += Math.abs(a[index]! - b[index]!);
  return total / a.length;
}

/** The relay command with its first target as `--to`; any further target is another destination (`--also`). */
async function startRelay(targets: readonly NginxRtmp[], bridge: string): Promise<{ relay: RunningCommand; publishUrl: string }> {
  const [main, ...more] = targets.map((target) => `${target.url}/bridged`);
  const args = ['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', main!, ...more.flatMap((url) => ['--also', url]), '--bridge', bridge];
  const relay = await startCommand(args, 20_000, {}, 'listening');
  running.push(relay);
  return { relay, publishUrl: `${String(relay.ready.url)}/${String(relay.ready.key)}` };
}

async function nginxServers(count: number): Promise<NginxRtmp[]> {
  const started: NginxRtmp[] = [];
  for (let index = 0; index < count; index += 1) {
    started.push(await startNginxRtmp());
    servers.push(started.at(-1)!);
  }
  return started;
}

const events = (relay: RunningCommand, name: string) => relay.lines.filter((line) => line.event === name);

/** What one target recorded of the run: one file, continuous, the slate in its middle and the encoder around it. */
async function checkRecording(target: NginxRtmp): Promise<void> {
  // nginx saw one publish, and recorded one file.
  expect((await target.log()).match(/publish: name='bridged'/g)).toHaveLength(1);
  const recordings = await target.recordings();
  expect(recordings).toHaveLength(1);
  const file = recordings[0]!.path;

  const packets = await packetsOf(file);
  for (const stream of ['video', 'audio'] as const) {
    const { back, maxGap } = steps(packets, stream);
    expect(back, `${stream} timestamps going backwards`).toBe(0);
    expect(maxGap, `${stream}: largest gap`).toBeLessThanOrEqual(1);
  }
  // The whole run is in the file: about 5 s, the 10 s outage, about 5 s.
  const last = packets.filter((packet) => packet.stream === 'video').at(-1)!.dts;
  expect(last).toBeGreaterThan(18);

  // The slate's P frames are tiny (a still picture); the encoder's test pattern never is. Its longest run is the outage.
  const video = packets.filter((packet) => packet.stream === 'video');
  let best = { from: 0, to: 0 };
  let start: number | null = null;
  for (const packet of video) {
    if (packet.size < 200 || (packet.key && packet.size < 8000 && start !== null)) {
      start ??= packet.dts;
      if (packet.dts - start > best.to - best.from) best = { from: start, to: packet.dts };
    } else start = null;
  }
  expect(best.to - best.from).toBeGreaterThan(8);
  expect(best.to - best.from).toBeLessThan(13);

  // Every frame decodes without a complaint, the slate and both encoder publishes around it.
  const decoded = await run('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 });
  expect(decoded.stderr).toBe('');
  // And the picture in the middle of the outage is the slate's; before and after, the encoder's.
  const slate = await grayFrame(join(slatesDir, 'slate-640x360-30.flv'), 0);
  expect(meanDifference(await grayFrame(file, (best.from + best.to) / 2), slate)).toBeLessThan(3);
  expect(meanDifference(await grayFrame(file, 2), slate)).toBeGreaterThan(20);
  expect(meanDifference(await grayFrame(file, last - 1), slate)).toBeGreaterThan(20);
}

/** Targets in the acceptance run: the main one (`--to`) and a second destination (`--also`). */
const TARGETS = 2;

describe('companion relay --bridge', () => {
  it('holds each outbound publish with the slate while the encoder is gone for 10 s: one recording each, continuous, the slate in the middle', async () => {
    const targets = await nginxServers(TARGETS);
    const { relay, publishUrl } = await startRelay(targets, '60');
    const first = encoders.publish(publishUrl, 60);
    await until(() => (events(relay, 'target-connected').length === TARGETS ? true : undefined), 'target-connected');
    await delay(5000);
    first.stop();
    expect(await until(() => events(relay, 'bridge-started')[0], 'bridge-started', 5000)).toEqual({ event: 'bridge-started', windowMs: 60_000, slate: '640x360@30' });
    await delay(10_000);
    const second = encoders.publish(publishUrl, 60);
    expect(await until(() => events(relay, 'bridge-ended')[0], 'bridge-ended', 10_000)).toEqual({ event: 'bridge-ended', reason: 'encoder-back' });
    // A few seconds of the encoder again; the stream ends while it still sends.
    await delay(5000);
    expect(await relay.stop()).toBe(0);
    second.stop();

    // One outbound connection per target for the whole run.
    expect(events(relay, 'target-connecting')).toHaveLength(TARGETS);
    expect(events(relay, 'session-ended')).toHaveLength(0);
    expect(events(relay, 'bridge-started')).toHaveLength(1);
    expect(events(relay, 'bridge-ended')).toHaveLength(1);
    for (const target of targets) await checkRecording(target);
  }, 60_000);

  it('ends the outbound publish cleanly once a short window runs out', async () => {
    const [nginx] = await nginxServers(1);
    const { relay, publishUrl } = await startRelay([nginx!], '3');
    const encoder = encoders.publish(publishUrl, 60);
    await until(() => events(relay, 'target-connected')[0], 'target-connected');
    await delay(2000);
    encoder.stop();
    await until(() => events(relay, 'bridge-started')[0], 'bridge-started', 5000);
    expect(await until(() => events(relay, 'bridge-ended')[0], 'bridge-ended', 8000)).toEqual({ event: 'bridge-ended', reason: 'timeout' });
    // No further grace: the relay ends its publish right after the window.
    await until(() => events(relay, 'session-ended')[0], 'session-ended', 2000);
    // nginx saw the publish end (its log says so once the relay closed the stream).
    let log = '';
    for (let tries = 0; tries < 20 && !/deleteStream/.test(log); tries += 1) {
      await delay(100);
      log = await nginx!.log();
    }
    expect(log).toMatch(/deleteStream/);
    expect(events(relay, 'target-connecting')).toHaveLength(1);
    expect(await relay.stop()).toBe(0);
    const recordings = await nginx!.recordings();
    expect(recordings).toHaveLength(1);
    // The slate ran for the window: the recording holds the 2 s of the encoder and about 3 s of slate.
    const last = (await packetsOf(recordings[0]!.path)).at(-1)!.dts;
    expect(last).toBeGreaterThan(4);
  }, 40_000);
});
