// Listening when the asked port is taken. On a streaming PC another encoder server (nginx-rtmp, a second
// copy of OBS's tools) often holds 1935, and a fixed UI port may be held by anything: the app still has to
// start, on a port it then names, rather than end in "choose another port" with no way to go on.
// Only EADDRINUSE moves on; any other listen error (EACCES on a privileged port, a bad host) is the caller's.
import { createServer } from 'node:net';

/** The asked port, then the next few (for a port people can still guess), then one the OS picks (0). */
export function portsToTry(asked: number, nextFew: number): number[] {
  if (asked === 0) return [0];
  const next: number[] = [];
  for (let port = asked + 1; port <= Math.min(asked + nextFew, 65535); port += 1) next.push(port);
  return [asked, ...next, 0];
}

export function isPortInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

export interface Listened<T> {
  readonly value: T;
  /** The ports found in use before one worked, in order; empty when the asked one did. */
  readonly busy: readonly number[];
}

/** Tries `listen` on each port in turn while the port is in use; the last error goes out as it is. */
export async function listenOnFreePort<T>(ports: readonly number[], listen: (port: number) => Promise<T>): Promise<Listened<T>> {
  const busy: number[] = [];
  for (const [index, port] of ports.entries()) {
    try {
      return { value: await listen(port), busy };
    } catch (error) {
      if (!isPortInUse(error) || index === ports.length - 1) throw error;
      busy.push(port);
    }
  }
  throw new Error('no port to listen on');
}

/**
 * The first of `ports` that can be listened on now (probed with a plain listener, closed again), or `ours`
 * when the caller already holds that one: a port to offer in one click. Null when none is free.
 */
export async function firstFreePort(ports: readonly number[], host = '127.0.0.1', ours?: number): Promise<number | null> {
  for (const port of ports) {
    if (port === ours) return port;
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, host, () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
  return null;
}
