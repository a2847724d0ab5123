// The queue lock on real files with real processes: a live owner keeps it, a dead one loses it, and
// release takes away only our own lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockQueue, QueueBusyError } from '../../../main/uploads/queue-lock.js';

let root: string;
let file: string;
let count = 0;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'queue-lock-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  count += 1;
  file = join(root, `queue-${count}.lock`);
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A process that stays alive until the test ends, to own a pid. */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has ended. */
async function deadProcess(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  const pid = child.pid!;
  await once(child, 'exit');
  return pid;
}

describe('lockQueue', () => {
  it('writes our pid into a new lock file and removes it on release', () => {
    const lock = lockQueue(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a lock that a live other process holds, naming its pid', () => {
    const pid = liveProcess();
    writeFileSync(file, `${pid}\n`);
    let refusal: unknown;
    try {
      lockQueue(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(QueueBusyError);
    expect((refusal as QueueBusyError).pid).toBe(pid);
    expect((refusal as QueueBusyError).message).toContain(`pid ${pid}`);
    expect(readFileSync(file, 'utf8')).toBe(`${pid}\n`);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const pid = await deadProcess();
    writeFileSync(file, String(pid));
    const lock = lockQueue(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file that names no process', () => {
    writeFileSync(file, 'not a pid');
    const lock = lockQueue(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('on release, leaves a lock that another process took over in the meantime', () => {
    const lock = lockQueue(file);
    const pid = liveProcess();
    writeFileSync(file, String(pid));
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(String(pid));
  });

  it('releases once: a second release does not remove a newer lock of ours', () => {
    const first = lockQueue(file);
    first.release();
    const second = lockQueue(file);
    first.release();
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    second.release();
    expect(existsSync(file)).toBe(false);
  });
});
