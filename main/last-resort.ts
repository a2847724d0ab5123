// The last resort of the app's long-running shells (the desktop app, `companion ui`, `companion live` and
// `relay`): an exception nothing caught, or a rejection nobody handled, is logged (through the app's
// redacting logger) and the process goes on. Node's default is to exit, which ends a running broadcast,
// its relay, uploads and the UI for one bad socket somewhere. What failed is already lost
// either way; the rest of the app is usually fine. A storm of them is logged in part, not in full.
import type { Logger } from './log/redacting-logger.js';

export interface LastResortOptions {
  readonly logger: Pick<Logger, 'error'>;
  /** Where the events come from; the process unless a test says otherwise. */
  readonly target?: NodeJS.EventEmitter;
  /** Lines logged per minute at most; the count of those left out follows. */
  readonly maxLinesPerMinute?: number;
  readonly now?: () => number;
}

const DEFAULT_MAX_LINES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/** Installs the handlers; the returned function removes them. */
export function installLastResort(options: LastResortOptions): () => void {
  const target = options.target ?? process;
  const now = options.now ?? Date.now;
  const most = options.maxLinesPerMinute ?? DEFAULT_MAX_LINES_PER_MINUTE;
  let windowStart = now();
  let logged = 0;
  let skipped = 0;

  const report = (message: string, error: unknown, origin: string): void => {
    const at = now();
    if (at - windowStart >= MINUTE_MS) {
      if (skipped > 0) options.logger.error(`${skipped} more unexpected errors were not logged in the last minute`);
      windowStart = at;
      logged = 0;
      skipped = 0;
    }
    if (logged >= most) {
      skipped += 1;
      return;
    }
    logged += 1;
    try {
      options.logger.error(message, { error, origin });
    } catch {
      // A logger that fails has nowhere else to go; throwing here would end the process after all.
    }
  };
  const onException = (error: unknown, origin: unknown): void =>
    report('An unexpected error was caught; the app keeps running', error, typeof origin === 'string' ? origin : 'uncaughtException');
  const onRejection = (reason: unknown): void => report('A promise failed and nothing handled it; the app keeps running', reason, 'unhandledRejection');

  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
