// Puts the encoder-drop bridge in front of the local ingest for one relay, or not (`off`): what the
// relay subscribes to, and the grace it then needs (none: past the bridge's window the stream ends at
// once, since the slate already covered the wait). The slates are read from disk once per process.
import { slatesDir } from '../paths.js';
import { createEncoderBridge, type BridgeEvent, type Holding } from './encoder-bridge.js';
import type { LocalIngest } from './local-ingest.js';
import type { RelayLogger } from './relay-types.js';
import { SlateLibrary } from './slate-library.js';

export interface BridgeSetup {
  readonly ingest: Pick<LocalIngest, 'subscribe'>;
  /** For createRelay's graceMs: undefined keeps the relay's own grace (the bridge is off). */
  readonly graceMs: number | undefined;
  holding(): Holding | null;
}

export interface BridgeSetupOptions {
  /** null: no bridge, today's grace window. */
  readonly windowMs: number | null;
  readonly onEvent?: (event: BridgeEvent) => void;
  readonly logger?: RelayLogger;
  /** Where the slates are (tests); assets/slates/ next to main/ otherwise. */
  readonly slatesDir?: string;
}

const libraries = new Map<string, Promise<SlateLibrary>>();

export async function withBridge(ingest: Pick<LocalIngest, 'subscribe'>, options: BridgeSetupOptions): Promise<BridgeSetup> {
  if (options.windowMs === null) return { ingest, graceMs: undefined, holding: () => null };
  const dir = options.slatesDir ?? slatesDir;
  let library = libraries.get(dir);
  if (library === undefined) {
    library = SlateLibrary.load(dir);
    libraries.set(dir, library);
    // A failed load is not kept: the next broadcast tries again.
    library.catch(() => libraries.delete(dir));
  }
  const bridge = createEncoderBridge({ ingest, slates: await library, windowMs: options.windowMs, onEvent: options.onEvent, logger: options.logger });
  return { ingest: bridge, graceMs: 0, holding: () => bridge.holding() };
}
