// One process at a time works a profile's upload queue: the app, or a `companion upload`, not both, or
// each would send the same files. The lock is a file holding the owner's pid, made with O_EXCL; a lock
// whose process is gone (killed, crashed) is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { processAlive } from '../process-alive.js';

export class QueueBusyError extends Error {
  override readonly name = 'QueueBusyError';
  constructor(readonly pid: number) {
    super(`The upload queue is open in another Broadcaster Companion process (pid ${pid}): the app or a \`companion upload\`. Let that one finish or close it, then try again.`);
  }
}

export interface QueueLock {
  release(): void;
}

export function lockQueue(file: string): QueueLock {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          if (ownerOf(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner !== null && owner !== process.pid && processAlive(owner)) throw new QueueBusyError(owner);
      // Left by a process that is gone (or unreadable): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`The upload queue lock ${file} could not be taken.`);
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
