// Multistream while going live (the live service's addDestination, removeDestination, setDestinationEnabled
// and reconnectDestination): the profile's switched-on destinations (or, for one run, the CLI's
// `--also` ones) resolved into relay destinations when the broadcast starts, switched on and off while it
// runs (`addDestination` / `removeDestination` on the relay), ended with it; and each destination's row of
// the live state, the channel first. One destination that cannot be had (its ingest not fetched, its key
// missing) is said in its row and never keeps the channel or the others from going live.
import { CompanionError, type DestinationInput, type LiveState } from '../../preload/contract.js';
import type { Logger } from '../log/redacting-logger.js';
import type { Relay } from '../relay/relay.js';
import type { DestinationSpec, DestinationStats, RelayStats } from '../relay/relay-types.js';
import type { SavedDestination } from '../settings/live-settings.js';
import type { LiveSettingsStore } from '../settings/live-settings.js';
import { DestinationList, resolveDestination, type DestinationKeySlot, type ResolvedDestination } from './destinations.js';
import { liveTargets } from './live-relay-view.js';
import type { KeeperPlatform } from './streaming-key-keeper.js';

export type { DestinationKeySlot } from './destinations.js';

type Row = LiveState['destinations'][number];

export interface DestinationRunnerOptions {
  readonly settings: Pick<LiveSettingsStore, 'load' | 'update'>;
  /** The profile's vault: address destinations' stream keys. */
  readonly keys: () => DestinationKeySlot;
  readonly profile: () => string;
  readonly logger: Pick<Logger, 'registerSecret' | 'warn' | 'info'>;
  /** Something in the rows changed (the saved list was read or changed, a destination switched). */
  readonly onChange: () => void;
}

interface Run {
  readonly platform: KeeperPlatform;
  readonly preferTls: boolean;
  readonly mainChannelId: string;
  relay: Relay | null;
  readonly resolved: Map<string, ResolvedDestination>;
  /** Destinations that could not be had this run, with the reason. */
  readonly unavailable: Map<string, string>;
}

export class DestinationRunner {
  readonly #options: DestinationRunnerOptions;
  readonly #list: DestinationList;
  #saved: SavedDestination[] = [];
  #loadedFor: string | null = null;
  /** `companion live --also`: these instead of the saved ones, for this process. */
  #forThisRun: readonly DestinationSpec[] | null = null;
  #run: Run | null = null;

  constructor(options: DestinationRunnerOptions) {
    this.#options = options;
    this.#list = new DestinationList({ settings: options.settings, profile: options.profile, keys: options.keys, logger: options.logger });
  }

  useForThisRun(specs: readonly DestinationSpec[]): void {
    this.#forThisRun = specs;
  }

  /** The destinations the broadcast starts with; those that cannot be had are left out (their rows say why). */
  async prepare(platform: KeeperPlatform, preferTls: boolean, mainChannelId: string): Promise<DestinationSpec[]> {
    const run: Run = { platform, preferTls, mainChannelId, relay: null, resolved: new Map(), unavailable: new Map() };
    this.#run = run;
    if (this.#forThisRun !== null) return [...this.#forThisRun];
    await this.#reload();
    const enabled = this.#saved.filter((saved) => saved.enabled);
    await Promise.all(enabled.map((saved) => this.#resolve(run, saved)));
    // In the saved order, whichever resolved first.
    return enabled.flatMap((saved) => run.resolved.get(saved.id)?.spec ?? []);
  }

  /** The relay built with the prepared destinations. */
  attach(relay: Relay): void {
    const run = this.#run;
    if (run === null) return;
    run.relay = relay;
    if (this.#forThisRun !== null) return;
    // Switched on or off while the broadcast was being prepared: caught up now.
    for (const saved of this.#saved) {
      if (saved.enabled !== (run.resolved.has(saved.id) || run.unavailable.has(saved.id))) void this.#switch(saved).catch((error: unknown) => this.#options.logger.warn('a destination switch failed', { destination: saved.id, error }));
    }
  }

  /** After the relay stopped: the other channels' key keepers stop too. */
  end(): void {
    for (const resolved of this.#run?.resolved.values() ?? []) resolved.stop();
    this.#run = null;
  }

  async add(input: DestinationInput, channelTitle: (id: string) => Promise<string | undefined>): Promise<void> {
    const saved = await this.#list.add(input, channelTitle);
    await this.#reload();
    await this.#switch(saved);
    this.#options.onChange();
  }

  async remove(id: string): Promise<void> {
    if (!(await this.#list.list()).some((saved) => saved.id === id)) throw new CompanionError('destination_not_found', `There is no saved destination ${id}; it may have been removed already.`);
    await this.#run?.relay?.removeDestination(id);
    this.#forget(id);
    await this.#list.remove(id);
    await this.#reload();
    this.#options.onChange();
  }

  async setEnabled(id: string, on: boolean): Promise<void> {
    const saved = await this.#list.setEnabled(id, on);
    await this.#reload();
    await this.#switch(saved);
    this.#options.onChange();
  }

  async reconnect(id: string): Promise<void> {
    this.#run?.relay?.reconnectNow(id);
  }

  /** Every destination's row, the channel first; `main` is the channel gone live on (or chosen). */
  rows(stats: RelayStats | null, main: { readonly label: string } | null): Row[] {
    if (this.#loadedFor !== this.#options.profile()) void this.#reload().then(() => this.#options.onChange(), () => undefined);
    const live = new Map((stats?.destinations ?? []).map((destination) => [destination.id, destination]));
    const first = stats?.destinations[0];
    const rows: Row[] = [];
    if (main !== null || first !== undefined) rows.push(this.#row(stats, first, { id: first?.id ?? 'channel', label: main?.label ?? first!.label, kind: 'main', enabled: true }));
    if (this.#forThisRun !== null) {
      for (const spec of this.#forThisRun) rows.push(this.#row(stats, live.get(spec.id), { id: spec.id, label: spec.label, kind: 'rtmp', enabled: true }));
      return rows;
    }
    for (const saved of this.#saved) {
      const base = { id: saved.id, label: saved.label, kind: saved.kind, enabled: saved.enabled };
      const reason = this.#run?.unavailable.get(saved.id);
      // Switched off: out of the relay, whatever its last stats (up to 2 s old) still say.
      if (!saved.enabled) rows.push(this.#row(null, undefined, base));
      else if (reason !== undefined) rows.push({ ...this.#row(null, undefined, base), state: 'stopped', lastFailure: { kind: 'unavailable', reason } });
      else rows.push(this.#row(stats, live.get(saved.id), base));
    }
    return rows;
  }

  #row(stats: RelayStats | null, destination: DestinationStats | undefined, base: Pick<Row, 'id' | 'label' | 'kind' | 'enabled'>): Row {
    if (stats === null || destination === undefined) {
      return { ...base, state: base.enabled ? 'idle' : 'off', bitrateKbps: null, reconnects: 0, lastFailure: null, nextRetryAt: null, targets: [] };
    }
    const failure = destination.lastFailure;
    return {
      ...base,
      state: destination.state,
      bitrateKbps: destination.bitrateKbps,
      reconnects: destination.reconnects,
      lastFailure: failure === null ? null : { kind: failure.kind, reason: failure.reason },
      nextRetryAt: destination.nextRetryAt,
      targets: liveTargets({ ...stats, targets: destination.targets }),
    };
  }

  /** A destination switched on joins a running broadcast; one switched off leaves it. */
  async #switch(saved: SavedDestination): Promise<void> {
    const run = this.#run;
    if (run === null || run.relay === null) return;
    if (!saved.enabled) {
      await run.relay.removeDestination(saved.id);
      this.#forget(saved.id);
      return;
    }
    await this.#resolve(run, saved);
    const resolved = run.resolved.get(saved.id);
    if (resolved === undefined || this.#run !== run) return;
    try {
      await run.relay.addDestination(resolved.spec);
    } catch (error) {
      // Already in it (switched on twice), or the broadcast ended meanwhile.
      this.#options.logger.warn('a destination did not join the broadcast', { destination: saved.id, error });
    }
  }

  async #resolve(run: Run, saved: SavedDestination): Promise<void> {
    run.unavailable.delete(saved.id);
    if (saved.kind === 'channel' && saved.channelId === run.mainChannelId) {
      run.unavailable.set(saved.id, `${saved.label} is the channel you are going live on: it gets the stream already.`);
      return;
    }
    try {
      const resolved = await resolveDestination(saved, { platform: run.platform, preferTls: run.preferTls, list: this.#list, logger: this.#options.logger });
      if (this.#run === run) run.resolved.set(saved.id, resolved);
      else resolved.stop();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#options.logger.warn('a destination cannot go live', { destination: saved.id, reason });
      run.unavailable.set(saved.id, reason);
    }
  }

  #forget(id: string): void {
    this.#run?.resolved.get(id)?.stop();
    this.#run?.resolved.delete(id);
    this.#run?.unavailable.delete(id);
  }

  async #reload(): Promise<void> {
    const profile = this.#options.profile();
    this.#loadedFor = profile;
    this.#saved = await this.#list.list();
  }
}

/** Every destination of the relay has given up (its key refused again): the broadcast is over. */
export function everyDestinationGaveUp(relay: Relay | undefined): boolean {
  return relay === undefined || relay.stats().destinations.every((destination) => destination.state === 'stopped');
}
