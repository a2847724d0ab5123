// Waits for something a test can only poll for (a line in a child's output, a file, a platform's state):
// `read` is asked every `everyMs` until it gives a value, or the wait fails after `timeoutMs` naming `what`.
import { setTimeout as delay } from 'node:timers/promises';

export async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(everyMs);
  }
}
