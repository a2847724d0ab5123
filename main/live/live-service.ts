// Going live, end to end: the local ingest the encoder publishes to (always on while the app runs), the
// channel's targets kept fresh, the relay with failover, the cloud recorder, the channel's status and
// viewers, and the checklist, all told to the UI as one LiveState.
import { CompanionError, type ChannelChoice, type Contract, type DestinationInput, type LiveState, type NamespaceImplementation, type SafetyCopyChoice, type liveNamespace } from '../../preload/contract.js';
import type { Logger } from '../log/redacting-logger.js';
import type { PlatformApi } from '../platform/endpoints/index.js';
import type { LocalIngest } from '../relay/local-ingest.js';
import { createRelay, type Relay } from '../relay/relay.js';
import type { EncoderEvent, RelayEvent } from '../relay/relay-types.js';
import type { ChannelChoices } from '../admin/channels/channel-choices.js';
import type { SessionService } from '../session/session-service.js';
import type { LiveSettings, LiveSettingsStore } from '../settings/live-settings.js';
import { ChannelHelpers, type ChannelRef } from './channel-helpers.js';
import type { RecorderEvent } from './recorder.js';
import type { ChannelWatcher } from './channel-watcher.js';
import { DestinationRunner, type DestinationKeySlot } from './destination-runner.js';
import { LiveBridge, type BridgeChoice, type BridgeEvent } from './live-bridge.js';
import { LiveRelayFacts } from './live-relay-facts.js';
import { liveTargets } from './live-relay-view.js';
import { LocalIngestRunner } from './local-ingest-runner.js';
import { localIngestKey, maskKey, newLocalIngestKey, type LocalKeySlot } from './local-ingest-key.js';
import { preflight } from './preflight.js';
import { publishChoice } from './publish-choice.js';
import { SafetyCopyService, type SafetyCopyHooks } from './safety-copy-service.js';
import { StreamingKeyKeeper } from './streaming-key-keeper.js';
import { ContractEvents } from '../typed-emitter.js';

export interface LiveServiceOptions {
  readonly session: SessionService;
  readonly platformApi: () => Promise<PlatformApi>;
  /** The channels the user may choose: their own and those they manage. */
  readonly channelChoices: ChannelChoices;
  readonly keySlot: () => LocalKeySlot & DestinationKeySlot;
  readonly settings: LiveSettingsStore;
  readonly logger: Logger;
  /** Overrides the saved ingest port (tests and `companion live --listen`). */
  readonly ingestPort?: number;
  readonly ingestHost?: string;
  /** Every encoder and relay event as it happens (the `live` command prints them). */
  readonly onRelayEvent?: (event: EncoderEvent | RelayEvent | BridgeEvent) => void;
  /** The shell's part of the safety copy: a folder for this run, its events, the upload queue. */
  readonly safetyCopy?: SafetyCopyHooks;
  /** The encoder-drop bridge for this run, over the saved choice (`companion live --bridge`). */
  readonly bridge?: BridgeChoice;
  /** The channel and "record when live" chosen are not saved: `companion live` is a guest (issue 22). */
  readonly choicesForThisRun?: boolean;
  /** Every start, stop and failure of the cloud recorder as it happens (the `live` command prints them). */
  readonly onRecorderEvent?: (event: RecorderEvent) => void;
}

interface Going {
  readonly channel: ChannelRef;
  readonly keeper: StreamingKeyKeeper;
  readonly relay: Relay;
  readonly watcher: ChannelWatcher;
  readonly unwatch: () => void;
}

export class LiveService implements NamespaceImplementation<typeof liveNamespace> {
  readonly #options: LiveServiceOptions;
  readonly #copy: SafetyCopyService;
  /** The local ingest, on its port (local-ingest-runner.ts). */
  readonly #runner: LocalIngestRunner;
  /** The saved port, and this run's instead of it (`ui --ingest-port`) until a port is chosen in the app. */
  #savedPort: number | null = null;
  #runPort: number | null;
  #key: string | null = null;
  #channel: ChannelRef | null = null;
  #going: Going | null = null;
  /** The recorder and watcher of the chosen channel. */
  readonly #helpers: ChannelHelpers;
  /** What the encoder and the relay said: the checklist's facts, the stats, the on-air state's facts. */
  readonly #facts: LiveRelayFacts;
  #lastError: string | null = null;
  /** The last error is the local ingest refusing an encoder: an encoder connecting afterwards answers it. */
  #lastErrorIsEncoderRefusal = false;
  /** The profile whose saved channel choice is loaded. */
  #profile: string | null = null;

  /** Emits `live` whenever anything about going live changes. */
  readonly events = new ContractEvents<Contract, 'live'>();
  readonly destinations: DestinationRunner;
  readonly #bridge: LiveBridge;

  constructor(options: LiveServiceOptions) {
    this.#options = options;
    this.#runPort = options.ingestPort ?? null;
    this.#runner = new LocalIngestRunner({ host: options.ingestHost, logger: options.logger, onEvent: (event) => this.#onEncoder(event) });
    this.#helpers = new ChannelHelpers(() => this.#changed(), options.onRecorderEvent);
    this.destinations = new DestinationRunner({ settings: options.settings, keys: options.keySlot, profile: () => options.session.profileName, logger: options.logger, onChange: () => this.#changed() });
    this.#copy = new SafetyCopyService({ settings: options.settings, logger: options.logger, onChange: () => this.#changed(), hooks: options.safetyCopy });
    this.#bridge = new LiveBridge(options.settings, options.bridge, options.logger);
    this.#facts = new LiveRelayFacts({
      listenUrl: () => this.ingestUrl,
      relay: () => this.#going?.relay,
      encoderAccepted: () => {
        if (this.#lastErrorIsEncoderRefusal) this.#setLastError(null);
      },
      problem: (error, encoderRefusal) => this.#setLastError(error, encoderRefusal),
      giveUp: (reason) => void this.#endGoing(reason, true),
    });
    // After the current event has gone out: windows hear of the session before the live state that follows from it.
    options.session.events.on('session', () => queueMicrotask(() => void this.sessionChanged()));
  }

  /** Starts the local ingest (a port in use moves it for this run: local-ingest-runner.ts); a failure is in the state, so the app still opens. */
  async open(): Promise<void> {
    const settings = await this.#options.settings.load();
    this.#helpers.setRecordWhenLive(settings.recordWhenLive);
    this.#copy.load(settings);
    this.#bridge.load(settings);
    const key = await localIngestKey(this.#options.keySlot());
    this.#key = key;
    this.#options.logger.registerSecret(key);
    this.#savedPort = settings.ingestPort;
    await this.#runner.open(this.#runPort ?? settings.ingestPort, key);
    this.#facts.encoder = { state: 'waiting', listenUrl: this.ingestUrl };
    this.#loadChannelChoice(settings);
    this.#changed();
  }

  /**
   * The port chosen in the Go live panel: the ingest moves there at once and it is saved, or, taken, the
   * state offers the next free one. It also replaces this run's port (`ui --ingest-port`): the streamer
   * asking in the app is the newer wish, and a saved port that did not apply until a restart would leave
   * the panel naming one port and the encoder's address another.
   */
  async setIngestPort(port: number): Promise<LiveState> {
    if (this.#going) throw new CompanionError('live_busy', "End the stream before moving the local ingest: the encoder would be cut off.");
    if (this.#key && (await this.#runner.moveTo(port, this.#key))) {
      await this.#options.settings.update((settings) => {
        settings.ingestPort = port;
      });
      this.#savedPort = port;
      this.#runPort = null;
      if (this.#facts.encoder.state === 'waiting') this.#facts.encoder = { state: 'waiting', listenUrl: this.ingestUrl };
    }
    this.#changed();
    return this.state();
  }

  /**
   * The sign-in changed: the checklist's first step with it. Another profile or a sign-out also drops
   * what belonged to the last account (its channel, recorder and watcher); the next profile's saved
   * channel choice is loaded, and checked against the channels of whoever signs in next.
   */
  async sessionChanged(): Promise<void> {
    const anotherAccount = this.#options.session.profileName !== this.#profile || this.#sessionStatus() === 'signed-out';
    if (anotherAccount && !this.#going) {
      this.#helpers.forget();
      this.#setLastError(null);
      this.#loadChannelChoice(await this.#options.settings.load());
    }
    this.#changed();
  }

  /** Whether the encoder's stream is being relayed to the platform (or about to be). */
  get onAir(): boolean {
    return this.#going !== null;
  }

  #loadChannelChoice(settings: LiveSettings): void {
    this.#profile = this.#options.session.profileName;
    const saved = settings.channels[this.#profile];
    // Only the id is saved: the title is learned from the channel list.
    this.#channel = saved ? { id: saved, title: saved, managedFor: null } : null;
  }

  /** The running local ingest (null until open, or when it could not listen): the confidence monitor taps it. */
  get ingest(): LocalIngest | null {
    return this.#runner.ingest;
  }

  get ingestUrl(): string | null {
    return this.#runner.ingest?.url ?? null;
  }

  async close(): Promise<void> {
    await this.#endGoing('the app is closing');
    this.#helpers.forget();
    await this.#runner.close();
  }

  state(): LiveState {
    const session = { status: this.#sessionStatus(), user: null };
    const facts = this.#facts;
    const air = facts.air(this.#bridge.holding(), this.#copy.state());
    const { checklist, nextAction } = preflight({ session, channel: this.#channel, ingest: facts.ingest, encoder: facts.encoder, target: facts.target, air });
    const stats = facts.stats;
    return {
      ingest: { ...this.#runner.view(), keyMasked: this.#key ? maskKey(this.#key) : null, savedPort: this.#savedPort, runPort: this.#runPort },
      channel: this.#channel,
      phase: facts.phase,
      air,
      checklist: checklist.map((step) => ({ step: step.step, label: step.label, state: step.state, detail: step.detail })),
      nextAction,
      encoder: facts.encoderView(),
      targets: liveTargets(stats),
      destinations: this.destinations.rows(stats, this.#channel && { label: this.#channel.title }),
      channelStatus: this.#helpers.activity?.status ?? null,
      viewers: this.#helpers.activity?.viewers ?? null,
      recording: this.#helpers.recording(),
      autorecord: this.#helpers.autorecord,
      lastError: this.#lastError,
      history: facts.history.view(),
      safetyCopy: this.#copy.state(),
      bridge: this.#bridge.state(),
    };
  }

  /** The user's channels; none until signed in (the panel then says to sign in). */
  async channels(): Promise<ChannelChoice[]> {
    if (this.#sessionStatus() !== 'signed-in') return [];
    const choices = await this.#options.channelChoices.list(await this.#options.platformApi());
    if (this.#going) return choices;
    const current = choices.find((choice) => choice.id === this.#channel?.id);
    if (current) {
      this.#channel = { id: current.id, title: current.title, managedFor: current.managedFor };
    } else {
      // None chosen yet, or the saved one is not this user's (deleted, or another account signed in).
      const preferred = choices.find((choice) => choice.isDefault) ?? choices[0];
      if (preferred) await this.chooseChannel(preferred.id, preferred);
      else this.#channel = null;
    }
    return choices;
  }

  /** `listed`: the channel as the list just gave it, saving a second read of the list. */
  async chooseChannel(id: string, listed?: Pick<ChannelChoice, 'title' | 'managedFor'>): Promise<LiveState> {
    if (this.#going) throw new CompanionError('live_busy', 'End the stream before choosing another channel.');
    const known = listed ?? (await this.channels().then((choices) => choices.find((choice) => choice.id === id)));
    if (known === undefined) throw new CompanionError('channel_not_found', `There is no channel ${id} among your channels or the channels you manage.`);
    this.#channel = { id, title: known.title, managedFor: known.managedFor };
    if (!this.#options.choicesForThisRun) await this.#options.settings.update((settings) => Object.assign(settings.channels, { [this.#options.session.profileName]: id }));
    this.#helpers.forget();
    this.#changed();
    return this.state();
  }

  async goLive(): Promise<LiveState> {
    if (this.#going) return this.state();
    if (this.#sessionStatus() !== 'signed-in') throw new CompanionError('sign_in_needed', 'Sign in before going live.');
    const channel = this.#channel;
    if (!channel) throw new CompanionError('channel_needed', 'Choose the channel to go live on first.');
    const ingest = this.#runner.ingest;
    if (!ingest) throw new CompanionError('ingest_unavailable', this.#runner.view().error ?? 'The local ingest is not running.');
    const api = await this.#options.platformApi();
    // The dialect and the plain-RTMP switch choose TLS first or not; the sandbox profile trusts its sandbox's authority too.
    const publish = await publishChoice(this.#options.session);
    this.#facts.begin();
    this.#setLastError(null);
    this.#changed();
    const keeper = new StreamingKeyKeeper({ platform: api, channelId: channel.id, managedFor: channel.managedFor, preferTls: publish.preferTls, logger: this.#options.logger });
    try {
      const targets = await keeper.start();
      this.#facts.ingest = { state: 'fetched', targets: targets.length };
    } catch (error) {
      keeper.stop();
      this.#facts.ingest = { state: 'failed', error: messageOf(error) };
      this.#facts.phase = 'failed';
      this.#setLastError(`The channel's ingest could not be fetched: ${messageOf(error)}`);
      this.#changed();
      throw error;
    }
    const relay = createRelay({
      ...(await this.#bridge.wrap(ingest, (event) => this.#onRelay(event))),
      targets: keeper,
      destinations: await this.destinations.prepare(api, publish.preferTls, channel.id),
      publisher: { extraCaCerts: publish.extraCaCerts },
      logger: this.#options.logger,
      onEvent: (event) => this.#onRelay(event),
    });
    const watcher = this.#helpers.watcher(api, channel);
    this.#going = { channel, keeper, relay, watcher, unwatch: watcher.watch() };
    this.destinations.attach(relay);
    await relay.start();
    await this.#copy.start(ingest, channel.id);
    this.#changed();
    return this.state();
  }

  async endLive(): Promise<LiveState> {
    await this.#endGoing('ended by you');
    return this.state();
  }

  /** The streamer has read the last error. */
  dismissError(): LiveState {
    this.#setLastError(null);
    this.#changed();
    return this.state();
  }

  reconnectNow(): LiveState {
    this.#going?.relay.reconnectNow();
    return this.state();
  }

  addDestination = (input: DestinationInput) => this.destinations.add(input, (id) => this.channels().then((all) => all.find((one) => one.id === id)?.title)).then(() => this.state());
  removeDestination = (id: string) => this.destinations.remove(id).then(() => this.state());
  setDestinationEnabled = (id: string, on: boolean) => this.destinations.setEnabled(id, on).then(() => this.state());
  reconnectDestination = (id: string) => this.destinations.reconnect(id).then(() => this.state());

  revealLocalKey(): string {
    if (!this.#key) throw new CompanionError('ingest_unavailable', 'There is no local stream key yet.');
    return this.#key;
  }

  async regenerateLocalKey(): Promise<LiveState> {
    if (this.#going) throw new CompanionError('live_busy', 'End the stream before making a new key: the encoder would be cut off.');
    const key = newLocalIngestKey();
    await this.#options.keySlot().localIngestKey.save(key);
    this.#options.logger.registerSecret(key);
    this.#key = key;
    this.#runner.ingest?.setStreamKey(key);
    this.#changed();
    return this.state();
  }

  async startRecording(): Promise<LiveState> {
    const { api, channel } = await this.#chosen();
    await this.#helpers.recorder(api, channel).start();
    return this.state();
  }

  async stopRecording(): Promise<LiveState> {
    const { api, channel } = await this.#chosen();
    await this.#helpers.recorder(api, channel).stop();
    return this.state();
  }

  async setRecordWhenLive(on: boolean): Promise<LiveState> {
    if (!this.#options.choicesForThisRun) await this.#options.settings.update((settings) => Object.assign(settings, { recordWhenLive: on }));
    this.#helpers.setRecordWhenLive(on);
    this.#changed();
    return this.state();
  }

  async setBridge(choice: BridgeChoice): Promise<LiveState> {
    await this.#bridge.choose(choice);
    this.#changed();
    return this.state();
  }

  async setAutorecord(mode: 'disabled' | 'private' | 'public'): Promise<LiveState> {
    const { api, channel } = await this.#chosen();
    await this.#helpers.setAutorecord(api, channel, mode);
    this.#changed();
    return this.state();
  }

  /** The safety copy's saved choice, and its files queued for upload (safety-copy-service.ts). */
  setSafetyCopy = async (choice: SafetyCopyChoice): Promise<LiveState> => this.#copy.set(choice).then(() => this.state());
  uploadSafetyCopies = async (): Promise<LiveState> => this.#copy.upload().then(() => this.state());

  async #chosen(): Promise<{ api: PlatformApi; channel: ChannelRef }> {
    const channel = this.#channel;
    if (!channel) throw new CompanionError('channel_needed', 'Choose a channel first.');
    return { api: await this.#options.platformApi(), channel };
  }

  /** `failed`: every destination gave up; the alarm says why until the next broadcast. */
  async #endGoing(reason: string, failed = false): Promise<void> {
    const going = this.#going;
    if (!going) return;
    this.#going = null;
    this.#facts.phase = 'ending';
    this.#changed();
    await going.relay.stop(reason);
    await this.#copy.stop();
    going.keeper.stop();
    this.destinations.end();
    going.watcher.releaseOnceOffAir(going.unwatch);
    this.#facts.end(failed);
    this.#changed();
  }

  #onEncoder(event: EncoderEvent): void {
    this.#options.onRelayEvent?.(event);
    this.#facts.onEncoder(event);
    this.#changed();
  }

  #onRelay(event: RelayEvent | BridgeEvent): void {
    this.#options.onRelayEvent?.(event);
    this.#facts.onRelay(event);
    this.#changed();
  }

  #setLastError(error: string | null, encoderRefusal = false): void {
    this.#lastError = error;
    this.#lastErrorIsEncoderRefusal = error !== null && encoderRefusal;
  }

  #sessionStatus(): 'signed-in' | 'signed-out' | 'expired' {
    return this.#options.session.currentStatus();
  }

  #changed(): void {
    this.events.emit('live', this.state());
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
