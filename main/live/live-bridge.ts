// The encoder-drop bridge as going live uses it: the saved switch and window (or this run's choice,
// `companion live --bridge`), the bridge put in front of the local ingest for each broadcast, and what
// the live state shows of it (the panel's "Encoder lost — holding for 0:47").
import type { LiveState } from '../../preload/contract.js';
import { withBridge, type BridgeSetup } from '../relay/bridge-setup.js';
import type { BridgeEvent } from '../relay/encoder-bridge.js';
import type { LocalIngest } from '../relay/local-ingest.js';
import type { RelayOptions } from '../relay/relay.js';
import type { RelayLogger } from '../relay/relay-types.js';
import { BRIDGE_WINDOW_SECONDS, type LiveSettings, type LiveSettingsStore } from '../settings/live-settings.js';

export type BridgeChoice = LiveSettings['bridge'];
export type { BridgeEvent };

export class LiveBridge {
  readonly #settings: LiveSettingsStore;
  /** For this run only, over the saved choice. */
  readonly #override: BridgeChoice | undefined;
  readonly #logger: RelayLogger | undefined;
  #saved: BridgeChoice = { enabled: true, windowSeconds: BRIDGE_WINDOW_SECONDS.default };
  /** The bridge of the latest broadcast (it holds nothing once its relay has stopped). */
  #setup: BridgeSetup | null = null;

  constructor(settings: LiveSettingsStore, override?: BridgeChoice, logger?: RelayLogger) {
    this.#settings = settings;
    this.#override = override;
    this.#logger = logger;
  }

  load(settings: LiveSettings): void {
    this.#saved = settings.bridge;
  }

  /** Saved; the next broadcast uses it. */
  async choose(choice: BridgeChoice): Promise<void> {
    await this.#settings.update((settings) => {
      settings.bridge = { ...choice };
    });
    this.#saved = { ...choice };
  }

  /** What the relay of a new broadcast subscribes to, and its grace. */
  async wrap(ingest: Pick<LocalIngest, 'subscribe'>, onEvent: (event: BridgeEvent) => void): Promise<Pick<RelayOptions, 'ingest' | 'graceMs'>> {
    const choice = this.#choice();
    const setup = await withBridge(ingest, { windowMs: choice.enabled ? choice.windowSeconds * 1000 : null, onEvent, logger: this.#logger });
    this.#setup = setup;
    return { ingest: setup.ingest, graceMs: setup.graceMs };
  }

  /** While the slate stands in for the encoder: since when, and until when at most (ms since the epoch). */
  holding(): { since: number; until: number } | null {
    return this.#setup?.holding() ?? null;
  }

  state(): LiveState['bridge'] {
    const { enabled, windowSeconds } = this.#choice();
    const holding = this.holding();
    return { enabled, windowSeconds, holdingSince: holding?.since ?? null, holdingUntil: holding?.until ?? null };
  }

  #choice(): BridgeChoice {
    return this.#override ?? this.#saved;
  }
}
