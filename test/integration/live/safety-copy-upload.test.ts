// The safety copy in the app (issue 20): the built `companion ui` (browser mode with its embedded sandbox)
// driven over its contract socket as the Go live panel drives it. The switch and folder are saved; a
// broadcast from ffmpeg leaves a copy; "Upload" (uploadSafetyCopies) queues it in the app's upload queue,
// which the sandbox turns into a video of the channel; with "upload when done" the next broadcast's copy is
// queued by itself.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChannelChoice, LiveState, UploadsState } from '../../../preload/contract.js';
import { runCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { ContractSocket } from '../../support/contract-socket.js';
import { codecsOf, durationOf } from '../../support/flv-checks.js';
import { requireKeyring } from '../../support/keyring.js';
import { Encoders } from '../../support/synthetic-encoder.js';

const encoders = new Encoders();
let dataDir: string;
let app: RunningCommand | null = null;
let contract: ContractSocket | null = null;

beforeAll(async () => {
  requireKeyring();
  dataDir = mkdtempSync(join(tmpdir(), 'companion-copy-app-'));
  const env = { COMPANION_DATA_DIR: dataDir };
  expect((await runCli(['login', '--username', 'demo', '--password-stdin'], { input: 'broadcast\n', env })).code).toBe(0);
  app = await startCommand(['ui', '--port', '0', '--ingest-port', '0'], 30_000, env);
  contract = await ContractSocket.open(String(app.ready.url));
}, 60_000);

afterAll(async () => {
  encoders.killAll();
  contract?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function poll<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await read();
    if (found !== null && found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

/** One broadcast: Go live, `seconds` of ffmpeg, End; the state after End. */
async function broadcast(call: ContractSocket['call'], seconds: number): Promise<LiveState> {
  const state = await call<LiveState>('live.goLive');
  const key = await call<string>('live.revealLocalKey');
  const encoder = encoders.publish(`${state.ingest.url}/${key}`, seconds);
  await poll('the copy writing', async () => ((await call<LiveState>('live.state')).safetyCopy.currentFile !== null ? true : null));
  expect(await encoder.exited).toBe(0);
  return call<LiveState>('live.endLive');
}

it('saves the choice, copies a broadcast, and queues the copy as a video of the channel; upload when done does it by itself', async () => {
  const call: ContractSocket['call'] = (method, ...args) => contract!.call(method, ...args);
  const folder = join(dataDir, 'copies');
  // A folder that is not there is refused in a sentence, and nothing is saved.
  await expect(call('live.setSafetyCopy', { enabled: true, folder, uploadWhenDone: false })).rejects.toThrow(`The safety copy folder ${folder} does not exist: create it or choose another one.`);
  mkdirSync(folder);
  const set = await call<LiveState>('live.setSafetyCopy', { enabled: true, folder, uploadWhenDone: false });
  expect(set.safetyCopy).toMatchObject({ enabled: true, folder, uploadWhenDone: false, state: 'off', files: [] });
  expect(JSON.parse(readFileSync(join(dataDir, 'live.json'), 'utf8')).safetyCopy).toEqual({ enabled: true, folder, uploadWhenDone: false });

  const channels = await call<ChannelChoice[]>('live.channels');
  const channel = channels.find((choice) => choice.isDefault) ?? channels[0]!;
  await call('live.chooseChannel', channel.id);

  const ended = await broadcast(call, 6);
  expect(ended.safetyCopy.state).toBe('off');
  expect(ended.safetyCopy.warning).toBeNull();
  expect(ended.safetyCopy.files).toHaveLength(1);
  const [file] = ended.safetyCopy.files;
  expect(file).toMatchObject({ path: expect.stringMatching(new RegExp(`^${folder}/companion-[\\d_-]+\\.flv$`)), queued: false });
  expect(await codecsOf(file!.path)).toEqual(['aac', 'h264']);
  expect(Math.abs((await durationOf(file!.path)) - 6)).toBeLessThan(1);

  // One click: the copy goes to the upload queue, to the channel it was broadcast on, and becomes a video there.
  const queued = await call<LiveState>('live.uploadSafetyCopies');
  expect(queued.safetyCopy.files).toEqual([{ ...file, queued: true }]);
  const row = await poll('the upload complete', async () => {
    const uploads = await call<UploadsState>('uploads.state');
    const found = uploads.rows.find((candidate) => candidate.file === file!.path);
    expect(found, 'the copy is in the upload queue').toBeDefined();
    return found!.state === 'complete' ? found : null;
  }, 30_000);
  expect(row).toMatchObject({ channelId: channel.id, size: file!.bytes, videoId: expect.any(String) });
  await expect(call('live.uploadSafetyCopies')).rejects.toThrow('There is no safety copy to upload');

  // Upload when done: the next broadcast's copy is queued as it ends.
  await call<LiveState>('live.setSafetyCopy', { enabled: true, folder, uploadWhenDone: true });
  const next = await broadcast(call, 4);
  expect(next.safetyCopy.files).toHaveLength(1);
  expect(next.safetyCopy.files[0]).toMatchObject({ queued: true });
  expect(next.safetyCopy.files[0]!.path).not.toBe(file!.path);
  const uploads = await call<UploadsState>('uploads.state');
  expect(uploads.rows.find((candidate) => candidate.file === next.safetyCopy.files[0]!.path)).toMatchObject({ channelId: channel.id });
}, 90_000);
