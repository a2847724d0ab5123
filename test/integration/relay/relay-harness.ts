// Shared by the relay's integration tests: an event recorder to wait on, a logger that keeps its lines
// (to check no stream key reaches a log), a relay + local ingest pair, and their cleanup.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalIngest, type LocalIngest } from '../../../main/relay/local-ingest.js';
import { createRelay, type Relay, type RelayOptions } from '../../../main/relay/relay.js';
import type { EncoderEvent, RelayEvent, RelayLogger, TargetSpec } from '../../../main/relay/relay-types.js';
import type { SafetyCopyEvent } from '../../../main/relay/safety-copy.js';

type AnyEvent = RelayEvent | EncoderEvent | SafetyCopyEvent;

export class EventLog<T extends AnyEvent = AnyEvent> {
  readonly events: T[] = [];
  readonly #waiters = new Set<() => void>();

  readonly push = (event: T): void => {
    this.events.push(event);
    for (const waiter of this.#waiters) waiter();
  };

  of<K extends T['event']>(name: K): Extract<T, { event: K }>[] {
    return this.events.filter((event): event is Extract<T, { event: K }> => event.event === name);
  }

  /** The first event named `name` (after `skip` of them) that matches, waiting up to `timeoutMs`. */
  waitFor<K extends T['event']>(name: K, timeoutMs: number, match: (event: Extract<T, { event: K }>) => boolean = () => true, skip = 0): Promise<Extract<T, { event: K }>> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = this.of(name).filter(match)[skip];
        if (found === undefined) return false;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no ${name} event within ${timeoutMs} ms; got: ${this.events.map((event) => event.event).join(', ')}`));
      }, timeoutMs);
      if (!check()) this.#waiters.add(check);
    });
  }
}

export interface CapturedLogger extends RelayLogger {
  readonly lines: string[];
}

export function capturingLogger(): CapturedLogger {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Readonly<Record<string, unknown>>) => void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

export function staticTargets(targets: readonly TargetSpec[]): RelayOptions['targets'] {
  return { targets: async () => targets, refreshAfterAuthFailure: async () => null };
}

/** Everything a test started, ended in reverse order by `close` (also after a failure). */
export class Cleanup {
  readonly #steps: (() => Promise<unknown> | unknown)[] = [];

  add(step: () => Promise<unknown> | unknown): void {
    this.#steps.push(step);
  }

  async close(): Promise<void> {
    for (const step of this.#steps.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
  }
}

export async function tempDir(cleanup: Cleanup, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.add(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface RelayRig {
  readonly ingest: LocalIngest;
  readonly relay: Relay;
  readonly events: EventLog<RelayEvent>;
  readonly ingestEvents: EventLog<EncoderEvent>;
  readonly logger: CapturedLogger;
  /** The encoder's publish URL. */
  readonly publishUrl: string;
}

/** A local ingest (key `localKey`) and a relay on it, started, each with its event log. */
export async function startRig(cleanup: Cleanup, localKey: string, options: Omit<RelayOptions, 'ingest' | 'onEvent' | 'logger'>): Promise<RelayRig> {
  const events = new EventLog<RelayEvent>();
  const ingestEvents = new EventLog<EncoderEvent>();
  const logger = capturingLogger();
  const ingest = await startLocalIngest({ port: 0, streamKey: localKey, logger, onEvent: ingestEvents.push });
  cleanup.add(() => ingest.close());
  const relay = createRelay({ ...options, ingest, onEvent: events.push, logger });
  await relay.start();
  cleanup.add(() => relay.stop('test over'));
  return { ingest, relay, events, ingestEvents, logger, publishUrl: `${ingest.url}/${localKey}` };
}
