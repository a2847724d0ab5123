// `companion record start|stop` as a streamer runs it: the built command against the embedded sandbox
// (started here, in the test's process, for the data folder the commands share), the token in a real
// GNOME Keyring (scripts/with-keyring.mjs), and a real encoder (ffmpeg) making the channel live.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectEmbeddedSandbox, type SandboxConnection } from '../../../main/profiles/embedded-sandbox.js';
import { runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { Encoders } from '../../support/synthetic-encoder.js';

let dataDir: string;
let sandbox: SandboxConnection;
const encoders = new Encoders();
const env = () => ({ COMPANION_DATA_DIR: dataDir, COMPANION_PROFILE: '' });
/** The seed gives the rival user this channel (checked below). */
const RIVAL_CHANNEL = '5004';

beforeEach(() => requireKeyring());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'companion-record-'));
  sandbox = await connectEmbeddedSandbox(dataDir);
});

afterAll(async () => {
  encoders.killAll();
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function publicChannel(id: string): Promise<{ title: string; status: string }> {
  const response = await fetch(`${sandbox.apiUrl}/channels/${id}.json`);
  return ((await response.json()) as { channel: { title: string; status: string } }).channel;
}

async function record(...args: string[]) {
  return runCli(args[0] === '--json' ? ['--json', 'record', ...args.slice(1)] : ['record', ...args], { env: env() });
}

describe('companion record', () => {
  it('needs a sign-in, and says so with the command that signs in', async () => {
    const result = await record('start', '--channel', '5001');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('companion: Not signed in to profile sandbox: run `companion login`, then try again.\n');
  });

  it('reads its arguments strictly', async () => {
    for (const args of [[], ['pause', '--channel', '5001'], ['start'], ['start', '--channel', '5001', 'extra']]) {
      const result = await record(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^companion: record /);
    }
  });

  it('records a live channel and prints the video; refuses off-air, unknown and foreign channels clearly', { timeout: 90_000 }, async () => {
    const login = await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env: env() });
    expect(login.code, login.stderr).toBe(0);

    const listed = await runCli(['--json', 'channels'], { env: env() });
    const channels = listed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; title: string });
    const demo = channels.find((channel) => channel.title === 'Demo Live')!.id;
    const backstage = channels.find((channel) => channel.title === 'Backstage')!.id;
    expect((await publicChannel(RIVAL_CHANNEL)).title).toBe('Rival Channel');

    const offAir = await record('start', '--channel', backstage);
    expect(offAir.code).toBe(1);
    expect(offAir.stderr).toBe(`companion: Channel ${backstage} is off air: the platform records only during a broadcast. Start broadcasting first (or turn on "record when live").\n`);
    const unknown = await record('start', '--channel', '999999');
    expect([unknown.code, unknown.stderr]).toEqual([1, 'companion: There is no channel 999999 on the platform (any more): choose one of your own channels.\n']);
    const foreign = await record('stop', '--channel', RIVAL_CHANNEL);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain(`Channel ${RIVAL_CHANNEL} belongs to another account`);

    // The encoder publishes as a streamer's would: the first ingest URL with the streaming key.
    const ingest = JSON.parse((await runCli(['api', 'GET', `/channels/${demo}/ingest.json`], { env: env() })).stdout) as { rtmp_urls: string[]; streaming_key: string };
    encoders.publish(`${ingest.rtmp_urls[0]}/${ingest.streaming_key}`, 40);
    await expect.poll(async () => (await publicChannel(demo)).status, { timeout: 10_000 }).toBe('live');

    const started = await record('start', '--channel', demo);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(started.stdout).toBe(`Recording channel ${demo}.\nThe platform ends the recording after 8 h (the channel's record time limit).\n`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stopped = await record('--json', 'stop', '--channel', demo);
    expect(stopped.code, stopped.stderr).toBe(0);
    const event = JSON.parse(stopped.stdout) as { event: string; channel: string; video: { id: string; url: string } };
    expect(event).toEqual({ event: 'recording-stopped', channel: demo, video: { id: expect.stringMatching(/^\d+$/), url: `${sandbox.apiUrl}/videos/${event.video.id}.json` } });

    const startedJson = await record('--json', 'start', '--channel', demo);
    expect(startedJson.code, startedJson.stderr).toBe(0);
    const startEvent = JSON.parse(startedJson.stdout) as Record<string, unknown>;
    expect(startEvent).toEqual({ event: 'recording-started', channel: demo, since: expect.any(Number), video_id: expect.stringMatching(/^\d+$/), limit_seconds: 8 * 3600 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stoppedHuman = await record('stop', '--channel', demo);
    expect(stoppedHuman.code, stoppedHuman.stderr).toBe(0);
    expect(stoppedHuman.stdout).toBe(`Stopped; the recording is video ${String(startEvent.video_id)}: ${sandbox.apiUrl}/videos/${String(startEvent.video_id)}.json\n`);

    const again = await record('stop', '--channel', demo);
    expect(again.stdout).toBe(`Stopped; nothing was recorded (channel ${demo} was not recording).\n`);
  });
});
