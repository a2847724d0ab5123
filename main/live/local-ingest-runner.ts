// The local ingest as the live service keeps it: opened with the app on the saved port (or this run's), moved
// to the next free port for this run when another program holds that one (said in a note, with the port it
// took offered to keep), and moved at once to a port the streamer chooses in the Go live panel. A chosen
// port is not swapped for another behind the streamer's back: when it is taken, the ingest stays where it
// was and the next free port is offered in one click. Every problem reaches the panel as words, beside
// the port field that solves it.
import type { Logger } from '../log/redacting-logger.js';
import { firstFreePort, isPortInUse, listenOnFreePort, portsToTry } from '../port-fallback.js';
import { startLocalIngest, type LocalIngest } from '../relay/local-ingest.js';
import type { EncoderEvent } from '../relay/relay-types.js';

/** Ports after the asked one tried before the OS picks one: 1936–1945 for 1935, still easy to type in an encoder. */
const PORTS_AFTER = 10;

export interface LocalIngestRunnerOptions {
  readonly host?: string;
  readonly logger: Logger;
  readonly onEvent: (event: EncoderEvent) => void;
}

/** What the panel shows of the ingest, beside its address. */
export interface LocalIngestView {
  readonly url: string | null;
  /** Why the ingest does not listen where it was asked to, and what to do. */
  readonly error: string | null;
  /** It listens, but elsewhere than asked, for this run. */
  readonly note: string | null;
  /** A free port to offer in one click, with the error or the note. */
  readonly freePort: number | null;
}

export class LocalIngestRunner {
  readonly #options: LocalIngestRunnerOptions;
  #ingest: LocalIngest | null = null;
  #error: string | null = null;
  #note: string | null = null;
  #freePort: number | null = null;

  constructor(options: LocalIngestRunnerOptions) {
    this.#options = options;
  }

  get ingest(): LocalIngest | null {
    return this.#ingest;
  }

  view(): LocalIngestView {
    return { url: this.#ingest?.url ?? null, error: this.#error, note: this.#note, freePort: this.#freePort };
  }

  /**
   * At the app's start: a port in use moves the ingest to the next free one for this run (the saved setting
   * stays) and the note says so; any other failure is the error, not thrown, so the app still opens.
   */
  async open(port: number, key: string): Promise<void> {
    try {
      const { value: ingest, busy } = await listenOnFreePort(portsToTry(port, PORTS_AFTER), (tried) => this.#start(tried, key));
      this.#ingest = ingest;
      this.#setProblem(null, null, null);
      if (busy.length > 0) {
        this.#setProblem(null, `Port ${port} is used by another program, so the local ingest listens on ${ingest.port} for this run: point your encoder at ${ingest.url}`, ingest.port);
        this.#options.logger.warn(this.#note!, { busy: busy.join(', ') });
      }
    } catch (error) {
      // A port in use was dealt with above: this is a port the app may not take (EACCES below 1024) or a host it cannot bind.
      this.#setProblem(cannotListen(port, error), null, null);
    }
  }

  /**
   * The streamer chose another port (not while live: the encoder would be cut off). node-media-server runs
   * one server per process, so the old ingest closes before the new one starts: the port is probed first,
   * and a port that still cannot be had brings the ingest back where it was. True when it listens on `port`.
   */
  async moveTo(port: number, key: string): Promise<boolean> {
    const old = this.#ingest;
    if (old?.port === port) {
      this.#setProblem(null, null, null);
      return true;
    }
    if ((await firstFreePort([port], this.#options.host)) === null) {
      await this.#offerInstead(port);
      return false;
    }
    await this.close();
    try {
      this.#ingest = await this.#start(port, key);
    } catch (error) {
      if (old !== null) await this.open(old.port, key);
      if (isPortInUse(error)) await this.#offerInstead(port, this.#ingest?.port);
      else this.#setProblem(cannotListen(port, error), null, null);
      return false;
    }
    this.#setProblem(null, null, null);
    this.#options.logger.info('the local ingest moved to the port chosen in the app', { url: this.#ingest.url });
    return true;
  }

  /** "Port 1935 is used by another program.", with the next free port after it to use instead. */
  async #offerInstead(port: number, ours = this.#ingest?.port): Promise<void> {
    const free = await firstFreePort(portsToTry(port, PORTS_AFTER).slice(1, -1), this.#options.host, ours);
    this.#setProblem(`Port ${port} is used by another program.${free === null ? ' Choose another port.' : ''}`, null, free);
  }

  async close(): Promise<void> {
    const ingest = this.#ingest;
    this.#ingest = null;
    await ingest?.close();
  }

  #start(port: number, key: string): Promise<LocalIngest> {
    return startLocalIngest({ host: this.#options.host, port, streamKey: key, logger: this.#options.logger, onEvent: this.#options.onEvent });
  }

  #setProblem(error: string | null, note: string | null, freePort: number | null): void {
    this.#error = error;
    this.#note = note;
    this.#freePort = freePort;
  }
}

function cannotListen(port: number, error: unknown): string {
  const reason = (error as { code?: unknown }).code === 'EACCES' ? 'this computer lets only administrators use ports below 1024' : error instanceof Error ? error.message : String(error);
  return `The local ingest could not listen on port ${port} (${reason}). Choose another port, above 1023.`;
}
