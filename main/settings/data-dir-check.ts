// The first thing a shell does with the data folder: make it and prove a file can be written there (write,
// fsync, remove). A read-only, full or forbidden folder otherwise surfaces later as a stack trace from
// whichever writer comes first (the log file, a settings file, the embedded sandbox), or not at all (the log
// sink swallows its failures), and the streamer never learns which folder or what to do.
import { closeSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The error codes that mean "this folder cannot hold the app's files", each with what to tell. */
const PROBLEMS = {
  EROFS: { kind: 'read-only', cause: 'read-only file system' },
  EACCES: { kind: 'forbidden', cause: 'permission denied' },
  EPERM: { kind: 'forbidden', cause: 'operation not permitted' },
  ENOSPC: { kind: 'full', cause: 'no space left on device' },
  EDQUOT: { kind: 'full', cause: 'disk quota exceeded' },
  ENOTDIR: { kind: 'not-a-folder', cause: 'a part of the path is a file, not a folder' },
  EEXIST: { kind: 'not-a-folder', cause: 'a file is in the way where the folder should be' },
} as const;

export type DataDirProblemCode = keyof typeof PROBLEMS;
export type DataDirProblem = (typeof PROBLEMS)[DataDirProblemCode]['kind'];

/** The data folder cannot be used; the message is the one sentence to show (no stack trace needed). */
export class DataDirError extends Error {
  readonly directory: string;
  readonly code: DataDirProblemCode;
  readonly problem: DataDirProblem;

  constructor(directory: string, code: DataDirProblemCode) {
    super(dataDirSentence(directory, code));
    this.name = 'DataDirError';
    this.directory = directory;
    this.code = code;
    this.problem = PROBLEMS[code].kind;
  }
}

export function isDataDirProblemCode(code: unknown): code is DataDirProblemCode {
  return typeof code === 'string' && Object.hasOwn(PROBLEMS, code);
}

/** What happened to which folder, and what to do about it. */
export function dataDirSentence(directory: string, code: DataDirProblemCode): string {
  const { kind, cause } = PROBLEMS[code];
  const elsewhere = 'choose another folder with COMPANION_DATA_DIR=/path/to/folder';
  switch (kind) {
    case 'full':
      return `The data folder ${directory} is full (${cause}): free some space there, or ${elsewhere}.`;
    case 'read-only':
      return `The data folder ${directory} cannot be written (${cause}). Make it writable, or ${elsewhere}.`;
    case 'forbidden':
      return `The data folder ${directory} cannot be written (${cause}). Give your user write access to it, or ${elsewhere}.`;
    case 'not-a-folder':
      return `The data folder ${directory} cannot be made (${cause}). Move that file away, or ${elsewhere}.`;
  }
}

const PROBE_NAME = '.companion-write-check';

/**
 * Makes the folder (with its missing parents) and writes, syncs and removes a small file in it. Throws
 * DataDirError for the causes above; anything else (an I/O error) is thrown as it is.
 */
export function checkDataDir(directory: string): void {
  try {
    makeFolder(directory);
    const probe = join(directory, `${PROBE_NAME}-${process.pid}`);
    const descriptor = openSync(probe, 'w', 0o600);
    try {
      // Enough bytes to need a block: an empty file can still be made on a full disk.
      writeSync(descriptor, Buffer.alloc(4096, 0x2e));
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
      unlinkSync(probe);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (isDataDirProblemCode(code)) throw new DataDirError(directory, code);
    throw error;
  }
}

/**
 * mkdir one level at a time: Node's recursive mkdir reports ENOENT on a read-only file system, which
 * would hide the real cause.
 */
function makeFolder(directory: string): void {
  const missing: string[] = [];
  let current = directory;
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) {
        const error: NodeJS.ErrnoException = new Error(`${current} is not a folder`);
        error.code = current === directory ? 'EEXIST' : 'ENOTDIR';
        throw error;
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.unshift(current);
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  for (const folder of missing) mkdirSync(folder, { mode: 0o700 });
}
