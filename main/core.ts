// The composition root: builds the services for a shell in dependency order (data folder, keychain vault,
// session with the embedded sandbox, then the capabilities), composes them into the contract's namespaces
// with their merged events and the dispatcher. Electron, browser mode and the CLI each call this once.
import { contract, copiesNamespace, desktopNamespace, downloadsNamespace, liveNamespace, livePreviewNamespace, uploadsNamespace, type AppInfo, type Contract, type Implementation } from '../preload/contract.js';
import { AppService } from './app-service/app-service.js';
import { NoticeBoard } from './app-service/notice-board.js';
import { PlatformWaits } from './app-service/platform-waits.js';
import { ChannelAdminService } from './admin/channel-admin/channel-admin-service.js';
import { ChannelChoices } from './admin/channels/channel-choices.js';
import { createCollectionServices } from './admin/collections/collection-services.js';
import { SecurityService } from './admin/channel-security/security-service.js';
import { toCompanionError } from './companion-errors.js';
import { createDispatcher, type Dispatcher } from './dispatch.js';
import type { AppLogger } from './log/app-logger.js';
import { diagnosticsReport } from './log/diagnostics-report.js';
import type { Logger } from './log/redacting-logger.js';
import { createPlatformCaller } from './platform/platform-caller.js';
import { SignInNeededError } from './platform/platform-error.js';
import { RateLimitGate, type PlatformWait } from './platform/rate-limit-gate.js';
import { createPlatformApi } from './platform/endpoints/index.js';
import { LiveService, type LiveServiceOptions } from './live/live-service.js';
import { LivePreviewService } from './live/live-preview-service.js';
import { HookService } from './admin/hooks/hook-service.js';
import { createVideoTools } from './admin/video-tools/video-tools.js';
import { CopyTracker } from './admin/video-tools/copy-tracker.js';
import { ManagerService } from './admin/managers/manager-service.js';
import { LookService } from './admin/look/look-service.js';
import { DevicePasswordService } from './admin/device-passwords/device-password-service.js';
import { HookReceiverSettingsStore } from './settings/hook-receiver-settings.js';
import { LiveSettingsStore } from './settings/live-settings.js';
import type { PlatformCaller } from './platform/platform-request.js';
import { discoverUser } from './session/discover-user.js';
import { serveSession } from './session/session-namespace.js';
import { SANDBOX_PROFILE } from './profiles/profiles.js';
import { SessionService } from './session/session-service.js';
import type { SignInDriver } from './session/sign-in-driver.js';
import { dataDir, defaultDataDir } from './settings/data-dir.js';
import { UploadSettingsStore } from './settings/upload-settings.js';
import { UploadService, type UploadServiceOptions } from './upload-service/upload-service.js';
import { LiveYield } from './upload-service/live-yield.js';
import { DownloadTracker } from './admin/video-library/download-tracker.js';
import { VideoDownloadService } from './admin/video-library/video-download-service.js';
import { VideoLibraryService } from './admin/video-library/video-library-service.js';
import { keytarSecretStore } from './vault/secret-store.js';
import { FallbackSecretStore, type KeychainState } from './vault/fallback-secret-store.js';
import { describeKeychain, keychainLine } from './vault/keychain-status.js';
import { DesktopSettingsService } from './desktop/desktop-settings-service.js';
import { AppStatusTracker } from './desktop/app-status.js';
import { runHotkeyAction } from './desktop/hotkey-actions.js';
import { DesktopSettingsStore } from './settings/desktop-settings.js';
import { Vault, vaultServiceFor } from './vault/vault.js';
import { mergeEventSources, type ContractEventSource } from './typed-emitter.js';
import { unavailableNamespace } from './unavailable-namespace.js';

export interface CoreOptions {
  readonly shell: AppInfo['shell'];
  readonly shellNote?: string | null;
  readonly signInDriver?: SignInDriver;
  /** A profile for this run only (`--profile`), without changing the saved choice. */
  readonly profile?: string;
  /** The shell's logger (log file and console), made before the core so its own failures are logged too. */
  readonly logger: AppLogger;
  readonly dataDir?: string;
  /** Runs the local ingest and going live (the app's shells and `companion live`). */
  readonly live?: { readonly ingestPort?: number; readonly ingestHost?: string; readonly onRelayEvent?: LiveServiceOptions['onRelayEvent']; readonly safetyCopy?: LiveServiceOptions['safetyCopy']; readonly bridge?: LiveServiceOptions['bridge'] } & Pick<
    LiveServiceOptions,
    'choicesForThisRun' | 'onRecorderEvent'
  >;
  /**
   * Keeps the signed-in profile's upload queue open (the app's shells). Not for commands: `companion upload`
   * opens the queue itself, and one process must not hold it twice.
   */
  readonly uploads?: { readonly tuning?: UploadServiceOptions['tuning'] };
  /** Runs the built-in hook receiver of the sandbox profile (the app's shells). */
  readonly hookReceiver?: boolean;
  /**
   * Saves video files, keeps the list per profile and resumes unfinished transfers after a restart (the app's
   * shells): the folder when none is named (default: ~/Downloads), and how the shell shows a file. Not for
   * commands, for the same reason as videoCopies.
   */
  readonly videoDownloads?: { readonly folder?: string; readonly reveal?: (file: string) => void };
  /**
   * Follows copies of parts of videos until made, and keeps the list per profile (the app's shells). Not
   * for commands: one process follows and saves the list, or two would overwrite each other's changes.
   */
  readonly videoCopies?: boolean;
  /**
   * Keeps the desktop settings (hotkeys, start at login) for the app's shells; the desktop app applies
   * them with Core.desktopSettings.attach once Electron is ready; browser mode only shows and saves them.
   */
  readonly desktopSettings?: boolean;
  /** Told of each wait of 2 s or more the platform's rate limit asks of a call, as it starts (the CLI prints it); the app's status shows it anyway. */
  readonly onPlatformWait?: (wait: PlatformWait) => void;
}

export interface Core {
  /** Every contract namespace, served by its service (or by a stand-in where this shell runs none). */
  readonly services: Implementation<Contract>;
  /** The services' events merged: what the transports forward. */
  readonly events: ContractEventSource<Contract>;
  readonly dispatch: Dispatcher;
  readonly session: SessionService;
  /** Present when CoreOptions.live asked for it. */
  readonly live?: LiveService;
  /** Present when CoreOptions.uploads asked for it. */
  readonly uploads?: UploadService;
  readonly notices: NoticeBoard;
  readonly logger: Logger;
  readonly dataDir: string;
  readonly secretsFor: (profile: string) => Vault;
  /** Where this run keeps secrets (the keychain, or memory without one). */
  readonly keychain: FallbackSecretStore;
  /** Present when CoreOptions.desktopSettings asked for it. */
  readonly desktopSettings?: DesktopSettingsService;
  /** A platform caller for the active profile, signed with its tokens. */
  platformCaller(): Promise<PlatformCaller>;
  /** Tells connected windows the core is going away (so they can say so instead of just going grey), then closes every service. */
  shutdown(reason: string): Promise<void>;
}

/** What each stand-in says: where the capability runs instead. */
const UNAVAILABLE = {
  live: 'Going live needs the app (or `companion live`), which runs the local ingest.',
  uploads: 'Uploads need the app (or `companion upload`), which keeps the upload queue.',
  copies: 'Copying a part of a video needs the app, which follows the copy until it is made.',
  downloads: 'Saving video files needs the app, which keeps the transfers going and resumes them after a restart.',
  desktop: 'Hotkeys and start at login are set in the app.',
} as const;

export async function createCore(options: CoreOptions): Promise<Core> {
  const directory = options.dataDir ?? dataDir();
  const logger = options.logger;
  const notices = new NoticeBoard();
  // A damaged settings file is reset at once (the show goes on with defaults); the streamer reads why.
  const settingsRecovered = (message: string) => {
    logger.warn(message);
    notices.notify({ level: 'warning', message });
  };
  // Without a keychain the app still runs: secrets stay in memory for this run, and every window says so.
  const secrets = new FallbackSecretStore(keytarSecretStore(vaultServiceFor(directory, defaultDataDir())));
  secrets.onChange(logKeychainChange(logger));
  await secrets.ready();
  const secretsFor = (profile: string) => new Vault(secrets, profile, logger);
  // The rate limits' state is kept per platform address, so every caller made for it (one per use) shares what
  // the platform said; the waits reach the app's status (and the shell, when it asks).
  const waits = new PlatformWaits();
  const rateLimits = new Map<string, RateLimitGate>();
  const onWait = (wait: PlatformWait): (() => void) => {
    logger.info(wait.message);
    options.onPlatformWait?.(wait);
    return waits.report(wait);
  };
  const platformCaller = async (): Promise<PlatformCaller> => {
    const { apiUrl } = await session.platform();
    let gate = rateLimits.get(apiUrl);
    if (!gate) rateLimits.set(apiUrl, (gate = new RateLimitGate()));
    return createPlatformCaller({ apiUrl, tokens: session, onRequest: (line) => logger.debug(line), rateLimits: gate, onWait });
  };
  const platformApi = async () => createPlatformApi(await platformCaller());
  const session: SessionService = new SessionService({
    dataDir: directory,
    secretsFor,
    signInDriver: options.signInDriver,
    identify: async () => discoverUser(await platformCaller()),
    onSettingsRecovered: settingsRecovered,
  });
  const channelChoices = new ChannelChoices(session);
  const live = options.live
    ? new LiveService({
        session,
        platformApi,
        channelChoices,
        keySlot: () => secretsFor(session.profileName),
        settings: new LiveSettingsStore(directory, settingsRecovered),
        logger,
        ingestPort: options.live.ingestPort,
        ingestHost: options.live.ingestHost,
        onRelayEvent: options.live.onRelayEvent,
        // The safety copies go to this shell's upload queue (none in a command: the stand-in says so).
        safetyCopy: { ...options.live.safetyCopy, queueUploads: async (request) => uploadCalls.add(request) },
        bridge: options.live.bridge,
        choicesForThisRun: options.live.choicesForThisRun,
        onRecorderEvent: options.live.onRecorderEvent,
      })
    : undefined;
  const livePreview = live && new LivePreviewService(() => live.ingest);
  const uploads = options.uploads
    ? new UploadService({
        session,
        dataDir: directory,
        platformCaller,
        vaultFor: secretsFor,
        settings: new UploadSettingsStore(directory, settingsRecovered),
        logger,
        notify: notices.notify,
        tuning: options.uploads.tuning,
      })
    : undefined;
  // A shell that goes live and uploads on the same link: uploads take only what the broadcast leaves.
  const liveYield = live && uploads ? new LiveYield({ live, uploads }) : undefined;
  const sandboxVault = secretsFor(SANDBOX_PROFILE);
  const hooks = new HookService({
    platformApi,
    session,
    logger,
    receiver: options.hookReceiver
      ? {
          settings: new HookReceiverSettingsStore(directory, settingsRecovered),
          secrets: { load: () => sandboxVault.hookSecrets(), save: (secrets) => sandboxVault.setHookSecrets(secrets) },
        }
      : undefined,
  });
  const videoFiles = new VideoDownloadService({ platformApi, defaultFolder: options.videoDownloads?.folder });
  const downloads = options.videoDownloads
    ? new DownloadTracker({
        downloads: videoFiles,
        session: session.events,
        dataDir: directory,
        reveal: options.videoDownloads.reveal,
        onRecovered: settingsRecovered,
        warn: (message) => logger.warn(message),
      })
    : undefined;
  const videoTools = createVideoTools(platformApi);
  const copies = options.videoCopies
    ? new CopyTracker({
        trimCopy: videoTools.trim,
        session: session.events,
        dataDir: directory,
        onRecovered: settingsRecovered,
        warn: (message) => logger.warn(message),
      })
    : undefined;
  const status = new AppStatusTracker(
    [live?.events, uploads?.events].filter((source) => source !== undefined),
    waits,
  );
  const app = new AppService({
    shell: options.shell,
    shellNote: options.shellNote ?? null,
    keychain: secrets,
    notices,
    status,
    diagnostics: (about) => diagnosticsReport({ app: about, profiles: session.profilesInfo(), keychain: describeKeychain(secrets.state), logDirectory: logger.directory, redact: logger.redact }),
  });
  const liveCalls = live ?? unavailableNamespace(liveNamespace, UNAVAILABLE.live);
  const uploadCalls = uploads ?? unavailableNamespace(uploadsNamespace, UNAVAILABLE.uploads);
  const desktopSettings = options.desktopSettings
    ? new DesktopSettingsService({
        store: new DesktopSettingsStore(directory, settingsRecovered),
        platform: process.platform,
        run: (action) => void runHotkeyAction(action, { live: liveCalls, uploads: uploadCalls, app }, notices.notify),
        warn: (message) => logger.warn(message),
      })
    : undefined;
  const collections = createCollectionServices(platformApi);
  const services: Implementation<Contract> = {
    app,
    session: serveSession(session, () => live?.onAir ?? false),
    live: liveCalls,
    livePreview: livePreview ?? unavailableNamespace(livePreviewNamespace, UNAVAILABLE.live),
    uploads: uploadCalls,
    channel: new ChannelAdminService(platformApi, channelChoices),
    managers: new ManagerService(platformApi, channelChoices),
    devicePasswords: new DevicePasswordService(platformApi),
    look: new LookService(platformApi),
    security: new SecurityService(platformApi),
    hooks,
    ...collections,
    videos: new VideoLibraryService(platformApi),
    videoFiles,
    downloads: downloads ?? unavailableNamespace(downloadsNamespace, UNAVAILABLE.downloads),
    ...videoTools,
    copies: copies ?? unavailableNamespace(copiesNamespace, UNAVAILABLE.copies),
    desktop: desktopSettings ?? unavailableNamespace(desktopNamespace, UNAVAILABLE.desktop),
  };
  const events = mergeEventSources<Contract>([notices.events, session.events, ...[live, uploads, hooks, downloads, copies].flatMap((service) => (service ? [service.events] : [])), status.events, app.events]);

  await session.open(options.profile);
  await live?.open();
  await uploads?.open();
  await hooks.open();
  const account = session.currentStatus() === 'signed-out' ? null : session.profileName;
  await copies?.accountChanged(account);
  await downloads?.accountChanged(account);
  await desktopSettings?.open();
  notices.startupFinished();
  const dispatch = createDispatcher(contract, services, {
    translateError: (error) => {
      if (error instanceof SignInNeededError) void session.tokenRefused();
      const translated = toCompanionError(error);
      // The person reads words; the technical detail behind them goes to the log as well as the Details disclosure.
      if (translated?.details !== undefined) logger.info(`Refused: ${translated.message}`, { details: translated.details });
      return translated;
    },
    onInternalError: (method, error) => logger.error(`${method} failed unexpectedly`, { error }),
  });

  async function shutdown(reason: string): Promise<void> {
    notices.notify({ level: 'warning', message: reason });
    // The queue first: its transfers stop where they are while the platform (the sandbox) still answers.
    liveYield?.close();
    await uploads?.close();
    livePreview?.close();
    await live?.close();
    await hooks.close();
    await copies?.close();
    await downloads?.close();
    desktopSettings?.close();
    await session.close();
    secrets.close();
  }

  return { services, events, dispatch, session, live, uploads, notices, logger, dataDir: directory, secretsFor, keychain: secrets, platformCaller, desktopSettings, shutdown };
}

/** The keychain's changes in the log (and so on the terminal of a shell that shows warnings). */
function logKeychainChange(logger: Logger): (state: KeychainState) => void {
  let last: KeychainState['mode'] = 'checking';
  return (state) => {
    const line = keychainLine(describeKeychain(state));
    if (state.mode === 'memory' || state.mode === 'waiting') logger.warn(line);
    else if (state.mode === 'keychain' && last !== 'checking') logger.info(`The keychain answers again: ${line}`);
    last = state.mode;
  };
}
