// A channel manager at work (part A, "Channel managers"): sam, whom the demo streamer made an active manager
// of Demo Live and Backstage, signs in with the built CLI, sees those channels as managed for demo, goes
// live on Backstage with an ffmpeg encoder through the app's relay, records it with the platform's cloud
// recorder, and uploads a real video file to it.
// Then demo turns sam's manager access off, and sam's next upload is refused with a sentence that says why.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { until } from '../../support/until.js';

const BACKSTAGE = '5002';
const DEMO_LIVE = '5001';
const SAM = '1011';

const encoders = new Encoders();
const running: RunningCommand[] = [];
let dataDir: string;
let media: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-manager-cli-'));
  media = join(dataDir, 'media');
  execFileSync('mkdir', ['-p', media]);
});

afterAll(async () => {
  encoders.killAll();
  for (const command of running) await command.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ COMPANION_DATA_DIR: dataDir });

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function clip(name: string): string {
  const file = join(media, name);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', '-y', file]);
  return file;
}

describe('a channel manager with the CLI', () => {
  it('signs in as sam and sees the channels sam manages for demo, none of them the default', async () => {
    requireKeyring();
    const login = await runCli(['login', '--username', 'sam', '--password-stdin'], { input: 'broadcast\n', env: env() });
    expect(login.code, login.stderr).toBe(0);
    const channels = await runCli(['--json', 'channels'], { env: env() });
    expect(channels.code, channels.stderr).toBe(0);
    const listed = jsonLines(channels.stdout).filter((line) => line.event === 'channel');
    expect(listed.map((line) => [line.id, line.managed_for, line.default])).toEqual([
      [DEMO_LIVE, 'demo', false],
      [BACKSTAGE, 'demo', false],
    ]);
    const table = await runCli(['channels'], { env: env() });
    expect(table.stdout).toContain('Backstage (managed for demo)');
  });

  it('goes live on the managed channel with an ffmpeg encoder, and records it with the cloud recorder', { timeout: 90_000 }, async () => {
    const live = await startCommand(['live', '--channel', BACKSTAGE, '--listen', 'rtmp://127.0.0.1:0/live'], 30_000, env(), 'listening');
    running.push(live);
    encoders.publish(`${String(live.ready.url)}/${String(live.ready.key)}`, 30);
    await until(() => live.lines.find((line) => line.event === 'target-connected'), 'target-connected', 20_000);
    // The platform's side: the channel is on air (read by another command of the same data folder).
    await until(async () => {
      const read = await runCli(['api', 'GET', `/channels/${BACKSTAGE}.json`], { env: env() });
      return (JSON.parse(read.stdout) as { channel: { status: string } }).channel.status === 'live' ? true : undefined;
    }, 'Backstage to be live', 20_000, 200);
    const started = await runCli(['record', 'start', '--channel', BACKSTAGE], { env: env() });
    expect(started.code, started.stderr).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stopped = await runCli(['--json', 'record', 'stop', '--channel', BACKSTAGE], { env: env() });
    expect(stopped.code, stopped.stderr).toBe(0);
    const recorded = (JSON.parse(stopped.stdout) as { video: { id: string } | null }).video;
    expect(recorded?.id).toMatch(/^\d+$/);
    const video = await runCli(['api', 'GET', `/videos/${recorded!.id}.json`], { env: env() });
    expect((JSON.parse(video.stdout) as { video: { links: { channel: { id: string } } } }).video.links.channel.id).toBe(BACKSTAGE);
    expect(await live.stop()).toBe(0);
    expect(live.stderr()).not.toMatch(/lack_of_ownership|belongs to another account/);
  });

  it('uploads a video file to the managed channel, where it is listed', async () => {
    const upload = await runCli(['--json', 'upload', '--channel', BACKSTAGE, clip('from-sam.mp4')], { env: env(), timeoutMs: 90_000 });
    expect(upload.code, upload.stderr).toBe(0);
    const events = jsonLines(upload.stdout);
    expect(events.map((event) => event.event)).toContain('complete');
    const listed = await runCli(['api', 'GET', `/channels/${BACKSTAGE}/videos.json`], { env: env() });
    const videos = (JSON.parse(listed.stdout) as { videos: { title: string }[] }).videos;
    expect(videos.map((video) => video.title)).toContain('from-sam');
  });

  it('after demo turns the manager access off, the next upload is refused with the reason and what to do', async () => {
    const off = await runCli(['api', 'PUT', `/users/self/managers/${SAM}.json`, '-f', 'active=false', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: env() });
    expect(off.code, off.stderr).toBe(0);
    expect((JSON.parse(off.stdout) as { manager: { active: boolean } }).manager.active).toBe(false);
    // With a keychain, a command's --username sign-in is kept: sam signs in again.
    expect((await runCli(['login', '--username', 'sam', '--password-stdin'], { input: 'broadcast\n', env: env() })).code).toBe(0);
    const upload = await runCli(['--json', 'upload', '--channel', BACKSTAGE, clip('refused.mp4')], { env: env(), timeoutMs: 90_000 });
    expect(upload.code).not.toBe(0);
    const failed = jsonLines(upload.stdout).find((event) => event.event === 'failed');
    expect(failed?.reason).toContain(`The platform refused uploads to channel ${BACKSTAGE}: it is neither yours nor a channel you are an active manager of`);
  });
});
