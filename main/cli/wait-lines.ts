// What a command says when the platform's rate limit makes a call wait 2 s or more: a line on stderr, or
// with --json a `waiting` event line among the command's others (`{"event":"waiting","seconds":23,…}`).
import type { PlatformWait } from '../platform/rate-limit-gate.js';
import { emitJson, type CommandContext } from './command-context.js';

/**
 * `events`: a `waiting` line on stdout with --json (commands whose output is event lines); `stderr`: always on
 * stderr (a command whose stdout is one answer, as `companion api`).
 */
export type WaitLines = 'events' | 'stderr';

export function platformWaitPrinter(context: CommandContext, lines: WaitLines): (wait: PlatformWait) => void {
  return (wait) => {
    if (context.json && lines === 'events') {
      emitJson(context, 'waiting', { seconds: wait.seconds, endpoint: wait.endpoint, until: new Date(wait.until).toISOString(), message: wait.message });
    } else {
      context.err.write(`${wait.message}\n`);
    }
  };
}
