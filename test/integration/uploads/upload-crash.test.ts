// Crash safety of `companion upload`, the built command as a streamer runs it: the process is killed
// with SIGKILL at points all through a batch (right after an initialisation, twice mid-transfer, between
// the transfer and `ready`, between `ready` and complete, after a file completed, and at a random
// moment), and restarted each time without arguments, which resumes the saved queue. In the end every
// file is complete and byte-identical on the server, no file was initialised twice, and no completed
// file was sent again.
//
// The one moment a kill must not land on is the platform's answer to an initialisation in flight: the
// spec gives no way to find an upload whose answer was lost, so the queue initialises again (it says so
// in its log; the lost upload never becomes a video). To keep this test about everything else, each kill
// freezes the process first (SIGSTOP), reads the journal, and kills only when no initialisation is in
// flight; otherwise it lets the process run on for a few milliseconds and tries again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { builtCli, runCli } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';
import { makeBigVideo, makeClip, sha256 } from './upload-media.js';

const PROFILE = 'crash';
let work: string;
let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
const children = new Set<ChildProcess>();

beforeEach(() => requireKeyring());

beforeAll(async () => {
  requireKeyring();
  work = await mkdtemp(join(tmpdir(), 'companion-upload-crash-'));
  sandbox = await startSandbox({ dataDir: join(work, 'sandbox'), uploadStepMs: 200 });
  env = {
    COMPANION_DATA_DIR: join(work, 'data'),
    COMPANION_PROFILE: PROFILE,
    COMPANION_API_URL: sandbox.apiUrl,
    COMPANION_AUTH_URL: sandbox.authUrl,
    COMPANION_CLIENT_ID: sandbox.client.id,
    COMPANION_CLIENT_SECRET: sandbox.client.secret,
  };
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sandbox?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Line {
  readonly event: string;
  readonly id?: string;
  readonly status?: string;
  readonly bytes?: number;
  readonly size?: number;
  readonly resumed_from?: number;
  readonly [field: string]: unknown;
}

interface Run {
  readonly lines: Line[];
  readonly exitCode: number | null;
  /** The kill happened (the trigger was met before the batch ended). */
  readonly killed: boolean;
  readonly stderr: string;
}

const journalFile = () => join(work, 'data', 'uploads', PROFILE, 'journal.jsonl');

/** True when the journal shows an initialisation sent whose answer is not written yet. */
function initialisationInFlight(): boolean {
  if (!existsSync(journalFile())) return false;
  const pending = new Set<string>();
  for (const text of readFileSync(journalFile(), 'utf8').split('\n')) {
    let record: { t: string; id?: string; item?: { id: string; initStarted: boolean; upload: unknown; outcome: unknown }; fresh?: boolean };
    try {
      record = JSON.parse(text) as typeof record;
    } catch {
      continue;
    }
    if (record.t === 'item' && record.item) {
      if (record.item.initStarted && record.item.upload === null && record.item.outcome === null) pending.add(record.item.id);
      else pending.delete(record.item.id);
    } else if (record.t === 'init-started') pending.add(record.id!);
    else if (record.t === 'initialised' || record.t === 'failed' || record.t === 'cancelled' || (record.t === 'retry' && record.fresh)) pending.delete(record.id!);
  }
  return pending.size > 0;
}

async function crash(child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    process.kill(child.pid!, 'SIGSTOP');
    if (!initialisationInFlight()) {
      process.kill(child.pid!, 'SIGKILL');
      return;
    }
    process.kill(child.pid!, 'SIGCONT');
    await sleep(3);
  }
  throw new Error('an initialisation stayed in flight for seconds');
}

/** Runs `companion --json upload ...`; kills it (see crash) when `trigger` is met by a line or by the clock. */
function upload(args: string[], trigger: { line?: (line: Line) => boolean; afterMs?: number }, observe: (line: Line) => void): Promise<Run> {
  const child = spawn(process.execPath, [builtCli, '--json', 'upload', '--concurrency', '1', '--limit-rate', '6M', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines: Line[] = [];
  let stderr = '';
  let killing: Promise<void> | null = null;
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const kill = () => {
    killing ??= crash(child);
  };
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    observe(line);
    if (trigger.line?.(line)) kill();
  });
  const timer = trigger.afterMs === undefined ? null : setTimeout(kill, trigger.afterMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      if (timer) clearTimeout(timer);
      void (killing ?? Promise.resolve()).then(() => resolve({ lines, exitCode: code, killed: killing !== null, stderr }));
    });
  });
}

describe('companion upload killed with SIGKILL, again and again', () => {
  it('completes the batch with every file once on the platform, byte-identical, and nothing completed sent again', { timeout: 240_000 }, async () => {
    const login = await runCli(['login', '--username', sandbox.demo.username, '--password-stdin'], { input: `${sandbox.demo.password}\n`, env });
    expect(login.code, login.stderr).toBe(0);
    const media = join(work, 'event');
    await mkdir(media);
    const bigSize = await makeBigVideo(join(media, 'a main stage.avi'), 30);
    for (const name of ['b interview.mp4', 'c backstage.mov', 'd encore.mkv', 'e crowd.mp4']) await makeClip(join(media, name));
    const channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live')!.id;

    let bigId: string | null = null;
    const observe = (line: Line) => {
      if (line.event === 'queued' && String(line.file).endsWith('a main stage.avi')) bigId = line.id!;
    };
    const isBig = (line: Line) => line.id !== undefined && line.id === bigId;
    const bigAt = (share: number) => (line: Line) => isBig(line) && line.event === 'progress' && line.bytes! >= share * bigSize;
    const randomShare = 0.5 + Math.random() * 0.4;
    const points: { name: string; trigger: { line?: (line: Line) => boolean; afterMs?: number } }[] = [
      { name: 'right after an initialisation', trigger: { line: (line) => line.event === 'status' && line.status === 'initiated' } },
      { name: 'mid-transfer at 35%', trigger: { line: bigAt(0.35) } },
      { name: `mid-transfer at ${Math.round(randomShare * 100)}%`, trigger: { line: bigAt(randomShare) } },
      { name: 'transfer done, before or during ready', trigger: { line: (line) => isBig(line) && line.event === 'transferred' } },
      { name: 'between ready and complete', trigger: { line: (line) => line.event === 'status' && ['queued', 'pending', 'transcoding'].includes(line.status!) } },
      { name: 'after a file completed', trigger: { line: (line) => line.event === 'complete' } },
      { name: 'at a random moment', trigger: { afterMs: 300 + Math.round(Math.random() * 1200) } },
    ];

    const runs: { name: string; run: Run }[] = [];
    for (const [index, point] of points.entries()) {
      const run = await upload(index === 0 ? ['--channel', channelId, media] : [], point.trigger, observe);
      runs.push({ name: point.name, run });
      if (!run.killed) expect(run.exitCode, `${point.name}: ${run.stderr}`).toBe(0);
    }
    const last = await upload([], {}, observe);
    runs.push({ name: 'to the end', run: last });
    expect(last.exitCode, last.stderr).toBe(0);
    expect(last.lines.at(-1)).toMatchObject({ event: 'done', failed: 0, rejected: 0 });

    const killedAt = runs.filter(({ run }) => run.killed).map(({ name }) => name);
    expect(killedAt.length, `kills: ${killedAt.join('; ')}`).toBeGreaterThanOrEqual(5);
    // 'transfer done': the slot is free and ready still to go (sent outside the slot); the restart must send it.
    expect(killedAt).toEqual(expect.arrayContaining(['mid-transfer at 35%', 'transfer done, before or during ready', 'between ready and complete']));
    // A cut transfer went on from the byte the server had.
    const transfers = runs.flatMap(({ run }) => run.lines.filter((line) => line.event === 'transferred'));
    expect(transfers.some((line) => line.resumed_from! > 0)).toBe(true);

    // Once complete, a file is never sent again: no later run shows a transfer or progress for it.
    const completedIn = new Map<string, number>();
    runs.forEach(({ run }, index) => {
      for (const line of run.lines) {
        const doneAt = line.id === undefined ? undefined : completedIn.get(line.id);
        if (doneAt !== undefined && index > doneAt) expect(['progress', 'transferred'], `${line.event} of ${line.id} in run ${index}`).not.toContain(line.event);
        if (line.event === 'complete') completedIn.set(line.id!, index);
      }
    });

    // Each file is one platform upload, complete, and its video holds exactly the file's bytes.
    for (const name of ['a main stage.avi', 'b interview.mp4', 'c backstage.mov', 'd encore.mkv', 'e crowd.mp4']) {
      const title = name.replace(/\.[^.]+$/, '');
      const uploads = sandbox.admin.store.data.uploads.filter((upload) => upload.title === title);
      expect(uploads.map((upload) => upload.status), title).toEqual(['complete']);
      const video = sandbox.admin.store.video(uploads[0]!.videoId)!;
      expect(await sha256(video.filePath!), title).toBe(await sha256(join(media, name)));
    }
  });
});
