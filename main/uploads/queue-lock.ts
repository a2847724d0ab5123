// One process at a time works a profile's upload queue: the app, or a `companion upload`, not both, or
// each would send the same files (a lock file holding the owner's pid: pid-lock-file.ts).
import { tryLockFile } from '../pid-lock-file.js';

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
  const attempt = tryLockFile(file);
  if (!attempt.held) throw new QueueBusyError(attempt.owner);
  return attempt;
}
