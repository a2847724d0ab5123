// Folders the app cannot write to, made for real: root ignores file modes, so a read-only or full folder is a
// small tmpfs mounted read-only or filled up. Null when this machine cannot mount (not root, or a container
// without the capability); the caller then falls back or skips, saying why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LimitedFolder {
  /** The mount point. */
  readonly dir: string;
  release(): void;
}

function mountTmpfs(options: string): LimitedFolder | null {
  const dir = mkdtempSync(join(tmpdir(), 'companion-limited-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore', timeout: 5000 });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    release() {
      execFileSync('umount', [dir], { stdio: 'ignore', timeout: 5000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An empty file system of `megabytes`, a disk of its own whose free space only the test uses. */
export function smallFolder(megabytes: number): LimitedFolder | null {
  return mountTmpfs(`size=${megabytes}m`);
}

/** A read-only file system (EROFS on any write). */
export function readOnlyFolder(): LimitedFolder | null {
  return mountTmpfs('size=1m,ro');
}

/** A 64 KiB file system with no block left (ENOSPC on a write). */
export function fullFolder(): LimitedFolder | null {
  const folder = mountTmpfs('size=64k');
  if (!folder) return null;
  // One write past the size fails with ENOSPC, leaving every block taken.
  try {
    writeFileSync(join(folder.dir, 'filler'), Buffer.alloc(128 * 1024));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  return folder;
}
