// A lock between processes of this app on one computer: a file made with O_EXCL that holds its owner's pid.
// A lock whose process is gone (killed, crashed) or whose file is unreadable is taken over. Used where two
// processes of one profile (the app and a `companion` command) must not both act: its upload queue, the
// refresh of its sign-in.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { processAlive } from './process-alive.js';

export type LockAttempt = { readonly held: true; release(): void } | { readonly held: false; readonly owner: number };

/** Takes the lock at once, or says which live process holds it. */
export function tryLockFile(file: string): LockAttempt {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return {
        held: true,
        release() {
          if (!held) return;
          held = false;
          if (ownerOf(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner !== null && owner !== process.pid && processAlive(owner)) return { held: false, owner };
      // Left by a process that is gone (or unreadable): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`The lock ${file} could not be taken.`);
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
