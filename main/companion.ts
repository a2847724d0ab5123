// The facade: implements the contract once, for Electron IPC, browser mode and the CLI alike.
// Capability modules (platform, live, uploads, ...) plug in here as later issues add them.
import {
  CompanionError,
  contract,
  type AppInfo,
  type ChannelChoice,
  type LiveState,
  type Contract,
  type Implementation,
  type Notice,
  type ProfilesInfo,
  type SessionInfo,
  type SignInOptions,
  type SignInStart,
} from '../preload/contract.js';
import packageJson from '../package.json' with { type: 'json' };
import type { LiveService } from './live/live-service.js';
import type { SessionService } from './session/session-service.js';
import { ContractEvents } from './typed-emitter.js';

export interface CompanionOptions {
  readonly shell: AppInfo['shell'];
  readonly shellNote?: string | null;
  readonly session: SessionService;
  /** Going live; absent in one-shot commands, which have no local ingest. */
  readonly live?: LiveService;
}

export class Companion implements Implementation<Contract> {
  readonly contract = contract;
  readonly events = new ContractEvents<Contract>();
  readonly #options: CompanionOptions;

  constructor(options: CompanionOptions) {
    this.#options = options;
  }

  /** The session service reports changes here (wire its onChange to this). */
  sessionChanged(session: SessionInfo): void {
    this.events.emit('session', session);
    this.#options.live?.sessionChanged();
  }

  liveChanged(state: LiveState): void {
    this.events.emit('live', state);
  }

  get ingestUrl(): string | null {
    return this.#options.live?.ingestUrl ?? null;
  }

  /** The live service, for the `live` command, which drives it without a window. */
  get liveService(): LiveService | undefined {
    return this.#options.live;
  }

  #live(): LiveService {
    if (!this.#options.live) throw new CompanionError('unavailable', 'Going live needs the app (or `companion live`), which runs the local ingest.');
    return this.#options.live;
  }

  async liveState(): Promise<LiveState> {
    return this.#live().state();
  }

  liveChannels(): Promise<ChannelChoice[]> {
    return this.#live().channels();
  }

  chooseLiveChannel(channelId: string): Promise<LiveState> {
    return this.#live().chooseChannel(channelId);
  }

  goLive(): Promise<LiveState> {
    return this.#live().goLive();
  }

  endLive(): Promise<LiveState> {
    return this.#live().endLive();
  }

  async reconnectNow(): Promise<LiveState> {
    return this.#live().reconnectNow();
  }

  async revealLocalKey(): Promise<string> {
    return this.#live().revealLocalKey();
  }

  regenerateLocalKey(): Promise<LiveState> {
    return this.#live().regenerateLocalKey();
  }

  startRecording(): Promise<LiveState> {
    return this.#live().startRecording();
  }

  stopRecording(): Promise<LiveState> {
    return this.#live().stopRecording();
  }

  setRecordWhenLive(on: boolean): Promise<LiveState> {
    return this.#live().setRecordWhenLive(on);
  }

  setAutorecord(mode: 'disabled' | 'private' | 'public'): Promise<LiveState> {
    return this.#live().setAutorecord(mode);
  }

  async appInfo(): Promise<AppInfo> {
    return {
      name: packageJson.productName,
      version: packageJson.version,
      shell: this.#options.shell,
      shellNote: this.#options.shellNote ?? null,
      platform: `${process.platform}-${process.arch}`,
      versions: {
        node: process.versions.node,
        electron: process.versions.electron ?? null,
        chrome: process.versions.chrome ?? null,
      },
    };
  }

  async session(): Promise<SessionInfo> {
    // The sandbox profile's platform starts on demand: asking who is signed in is that demand.
    await this.#options.session.sandbox();
    return this.#options.session.info();
  }

  signIn(options: SignInOptions): Promise<SignInStart> {
    return this.#options.session.beginSignIn(options.offline ? ['broadcaster', 'offline'] : ['broadcaster']);
  }

  signOut(): Promise<SessionInfo> {
    return this.#options.session.signOut();
  }

  async profiles(): Promise<ProfilesInfo> {
    return this.#options.session.profilesInfo();
  }

  switchProfile(name: string): Promise<SessionInfo> {
    return this.#options.session.switchProfile(name);
  }

  notify(notice: Notice): void {
    this.events.emit('notice', notice);
  }

  /** Tells connected windows the core is going away, so they can say so instead of just going grey. */
  async shutdown(reason: string): Promise<void> {
    this.notify({ level: 'warning', message: reason });
    await this.#options.live?.close();
    await this.#options.session.close();
  }
}
