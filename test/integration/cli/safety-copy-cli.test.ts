// `companion relay --copy FOLDER` as run from a terminal (issue 20, acceptance c): the built CLI relays an
// ffmpeg encoder to a real nginx-rtmp while writing the safety copy, and ffprobe checks the copy against
// what the encoder sent and what nginx recorded. A relay killed mid-stream leaves a copy that still reads.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { backwardSteps, codecsOf, decodingTimes, durationOf, firstFrameKey, videoSizeOf } from '../../support/flv-checks.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const ENCODER_SECONDS = 20;
const encoders = new Encoders();
const running: RunningCommand[] = [];
let nginx: NginxRtmp;
let work: string;

beforeAll(async () => {
  nginx = await startNginxRtmp();
  work = await mkdtemp(join(tmpdir(), 'companion-copy-cli-'));
});

afterAll(async () => {
  encoders.killAll();
  for (const command of running) if (command.child.exitCode === null && command.child.signalCode === null) await command.stop();
  await nginx?.close();
  await rm(work, { recursive: true, force: true });
});

async function relayWithCopy(folder: string, stream: string): Promise<RunningCommand> {
  const relay = await startCommand(['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', `${nginx.url}/${stream}`, '--copy', folder], 20_000, {}, 'listening');
  running.push(relay);
  return relay;
}

const publishUrl = (relay: RunningCommand) => `${String(relay.ready.url)}/${String(relay.ready.key)}`;
const event = (relay: RunningCommand, name: string) => relay.lines.filter((line) => line.event === name);

describe('companion relay --copy', () => {
  it('writes a copy that ffprobe reads, as long as the stream the encoder sent and nginx recorded', async () => {
    const folder = join(work, 'clean');
    await mkdir(folder);
    const relay = await relayWithCopy(folder, 'copy-clean');
    const encoder = encoders.publish(publishUrl(relay), ENCODER_SECONDS);
    const started = await until(() => event(relay, 'copy-started')[0], 'copy-started');
    expect(String(started.path)).toMatch(new RegExp(`^${folder}/companion-\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.flv$`));
    await until(() => event(relay, 'target-connected')[0], 'target-connected');
    expect(await encoder.exited).toBe(0);
    await until(() => event(relay, 'encoder-disconnected')[0], 'encoder-disconnected');
    expect(await relay.stop()).toBe(0);

    // Closed before the relay said it stopped, and told in order: started, file closed, copy stopped.
    const copyEvents = relay.lines.filter((line) => String(line.event).startsWith('copy-'));
    expect(copyEvents.map((line) => line.event)).toEqual(['copy-started', 'copy-file-closed', 'copy-stopped']);
    const closed = copyEvents[1]!;
    expect(copyEvents[2]).toEqual({ event: 'copy-stopped', reason: 'ended' });
    expect(closed.path).toBe(started.path);
    expect(await readdir(folder)).toEqual([String(started.path).slice(folder.length + 1)]);

    const copy = String(closed.path);
    expect(await codecsOf(copy)).toEqual(['aac', 'h264']);
    expect(await videoSizeOf(copy)).toBe('640x360');
    expect(await firstFrameKey(copy)).toMatch(/^1/);
    expect(backwardSteps(await decodingTimes(copy))).toEqual([]);
    const copyDuration = await durationOf(copy);
    expect(Math.abs(copyDuration - ENCODER_SECONDS)).toBeLessThan(1);
    expect(Math.abs(Number(closed.durationSeconds) - copyDuration)).toBeLessThan(0.1);
    const recording = (await nginx.recordings()).find((file) => file.path.includes('copy-clean'));
    expect(recording, 'nginx recorded the relayed stream').toBeDefined();
    expect(Math.abs(copyDuration - (await durationOf(recording!.path)))).toBeLessThan(1);
  }, 60_000);

  it('refuses a folder that does not exist, before anything starts', async () => {
    const missing = join(work, 'not-there');
    const result = await runCli(['relay', '--listen', 'rtmp://127.0.0.1:0/live', '--to', `${nginx.url}/never`, '--copy', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--copy: The safety copy folder ${missing} does not exist: create it or choose another one.`);
  });

  it('leaves a file that reads up to its last complete tag when the relay is killed mid-stream', async () => {
    const folder = join(work, 'crash');
    await mkdir(folder);
    const relay = await relayWithCopy(folder, 'copy-crash');
    encoders.publish(publishUrl(relay), 30);
    const started = await until(() => event(relay, 'copy-started')[0], 'copy-started');
    // A few seconds of stream on disk, then the process dies with no chance to close the file.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const gone = new Promise((resolve) => relay.child.once('exit', resolve));
    relay.child.kill('SIGKILL');
    await gone;
    encoders.killAll();
    const copy = String(started.path);
    expect(await codecsOf(copy)).toEqual(['aac', 'h264']);
    const times = await decodingTimes(copy);
    expect(times.length).toBeGreaterThan(60);
    expect(backwardSteps(times)).toEqual([]);
    expect(times.at(-1)!).toBeGreaterThan(2);
  }, 30_000);
});
