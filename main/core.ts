// Builds the app's core for a shell: data folder, keychain vault, redacting logger, session (with the
// embedded sandbox), the facade and its dispatcher. Electron, browser mode and the CLI each call this once.
import type { AppInfo } from '../preload/contract.js';
import { ChannelAdminService } from './channel-admin/channel-admin-service.js';
import { ChannelChoices } from './channels/channel-choices.js';
import { createCollectionServices } from './collections/collection-services.js';
import { SecurityService } from './channel-security/security-service.js';
import { Companion, type CompanionOptions } from './companion.js';
import { toCompanionError } from './companion-errors.js';
import { createDispatcher, type Dispatcher } from './dispatch.js';
import type { AppLogger } from './log/app-logger.js';
import { diagnosticsReport } from './log/diagnostics-report.js';
import type { Logger } from './log/redacting-logger.js';
import { createPlatformCaller } from './platform/platform-caller.js';
import { SignInNeededError } from './platform/platform-error.js';
import { createPlatformApi } from './platform/endpoints/index.js';
import { LiveService, type LiveServiceOptions } from './live/live-service.js';
import { HookService } from './hooks/hook-service.js';
import { createVideoTools } from './video-tools/video-tools.js';
import { CopyTracker } from './video-tools/copy-tracker.js';
import { ManagerService } from './managers/manager-service.js';
import { LookService } from './look/look-service.js';
import { DevicePasswordService } from './device-passwords/device-password-service.js';
import { HookReceiverSettingsStore } from './settings/hook-receiver-settings.js';
import { LiveSettingsStore } from './settings/live-settings.js';
import type { PlatformCaller } from './platform/platform-request.js';
import { discoverUser } from './session/discover-user.js';
import { SANDBOX_PROFILE } from './profiles/profiles.js';
import { SessionService } from './session/session-service.js';
import type { SignInDriver } from './session/sign-in-driver.js';
import { dataDir, defaultDataDir } from './settings/data-dir.js';
import { UploadSettingsStore } from './settings/upload-settings.js';
import { UploadService, type UploadServiceOptions } from './upload-service/upload-service.js';
import { DownloadTracker } from './video-library/download-tracker.js';
import { VideoDownloadService } from './video-library/video-download-service.js';
import { VideoLibraryService } from './video-library/video-library-service.js';
import { keytarSecretStore } from './vault/secret-store.js';
import { FallbackSecretStore, type KeychainState } from './vault/fallback-secret-store.js';
import { describeKeychain, keychainLine } from './vault/keychain-status.js';
import { DesktopSettingsService } from './desktop/desktop-settings-service.js';
import { runHotkeyAction } from './desktop/hotkey-actions.js';
import { DesktopSettingsStore } from './settings/desktop-settings.js';
import { Vault, vaultServiceFor } from './vault/vault.js';

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
  readonly live?: { readonly ingestPort?: number; readonly ingestHost?: string; readonly onRelayEvent?: LiveServiceOptions['onRelayEvent'] };
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
}

export interface Core {
  readonly companion: Companion;
  readonly session: SessionService;
  readonly dispatch: Dispatcher;
  readonly logger: Logger;
  readonly dataDir: string;
  readonly secretsFor: (profile: string) => Vault;
  /** Where this run keeps secrets (the keychain, or memory without one). */
  readonly keychain: FallbackSecretStore;
  /** Present when CoreOptions.desktopSettings asked for it. */
  readonly desktopSettings?: DesktopSettingsService;
  /** A platform caller for the active profile, signed with its tokens. */
  platformCaller(): Promise<PlatformCaller>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const directory = options.dataDir ?? dataDir();
  const logger = options.logger;
  // A damaged settings file is reset at once (the show goes on with defaults); the streamer reads why.
  const settingsRecovered = (message: string) => {
    logger.warn(message);
    companion?.notify({ level: 'warning', message });
  };
  // Without a keychain the app still runs: secrets stay in memory for this run, and every window says so.
  const secrets = new FallbackSecretStore(keytarSecretStore(vaultServiceFor(directory, defaultDataDir())));
  secrets.onChange(logKeychainChange(logger));
  await secrets.ready();
  const secretsFor = (profile: string) => new Vault(secrets, profile, logger);
  let companion: Companion | null = null;
  const platformCaller = async (): Promise<PlatformCaller> => {
    const { apiUrl } = await session.platform();
    return createPlatformCaller({ apiUrl, tokens: session, onRequest: (line) => logger.debug(line) });
  };
  const session: SessionService = new SessionService({
    dataDir: directory,
    secretsFor,
    signInDriver: options.signInDriver,
    onChange: (info) => companion?.sessionChanged(info),
    identify: async () => discoverUser(await platformCaller()),
    onSettingsRecovered: settingsRecovered,
  });
  const channelChoices = new ChannelChoices(session);
  const live = options.live
    ? new LiveService({
        session,
        platformApi: async () => createPlatformApi(await platformCaller()),
        channelChoices,
        keySlot: () => secretsFor(session.profileName),
        settings: new LiveSettingsStore(directory, settingsRecovered),
        logger,
        onChange: (state) => companion?.liveChanged(state),
        ingestPort: options.live.ingestPort,
        ingestHost: options.live.ingestHost,
        onRelayEvent: options.live.onRelayEvent,
      })
    : undefined;
  const uploads = options.uploads
    ? new UploadService({
        session,
        dataDir: directory,
        platformCaller,
        vaultFor: secretsFor,
        settings: new UploadSettingsStore(directory, settingsRecovered),
        logger,
        onChange: (change) => companion?.uploadsChanged(change),
        notify: (notice) => companion?.notify(notice),
        tuning: options.uploads.tuning,
      })
    : undefined;
  const platformApi = async () => createPlatformApi(await platformCaller());
  const managers = new ManagerService(platformApi, channelChoices);
  const look = new LookService(platformApi);
  const devicePasswords = new DevicePasswordService(platformApi);
  const channelAdmin = new ChannelAdminService(platformApi, channelChoices);
  const security = new SecurityService(platformApi);
  const collections = createCollectionServices(platformApi);
  const sandboxVault = secretsFor(SANDBOX_PROFILE);
  const hooks = new HookService({
    platformApi,
    session,
    logger,
    receiver: options.hookReceiver
      ? {
          settings: new HookReceiverSettingsStore(directory, settingsRecovered),
          secrets: { load: () => sandboxVault.hookSecrets(), save: (secrets) => sandboxVault.setHookSecrets(secrets) },
          onRecord: (record) => companion?.hookDelivered(record),
        }
      : undefined,
  });
  const videoLibrary = new VideoLibraryService(platformApi);
  const videoDownloads = new VideoDownloadService({ platformApi, defaultFolder: options.videoDownloads?.folder });
  const videoDownloadTransfers = options.videoDownloads
    ? new DownloadTracker({
        downloads: videoDownloads,
        dataDir: directory,
        reveal: options.videoDownloads.reveal,
        onChange: (transfer) => companion?.videoDownloadChanged(transfer),
        onRemoved: (id) => companion?.videoDownloadRemoved(id),
        onRecovered: settingsRecovered,
        warn: (message) => logger.warn(message),
      })
    : undefined;
  const videoTools = createVideoTools(platformApi);
  const videoCopies = options.videoCopies
    ? new CopyTracker({
        trimCopy: videoTools.trimCopy,
        dataDir: directory,
        onChange: (copy) => companion?.videoCopyChanged(copy),
        onRecovered: settingsRecovered,
        warn: (message) => logger.warn(message),
      })
    : undefined;
  const diagnostics: CompanionOptions['diagnostics'] = (app, profiles) => diagnosticsReport({ app, profiles, keychain: describeKeychain(secrets.state), logDirectory: logger.directory, redact: logger.redact });
  const desktopSettings = options.desktopSettings
    ? new DesktopSettingsService({
        store: new DesktopSettingsStore(directory, settingsRecovered),
        platform: process.platform,
        run: (action) => {
          if (companion) void runHotkeyAction(action, companion, (notice) => companion?.notify(notice));
        },
        warn: (message) => logger.warn(message),
      })
    : undefined;
  companion = new Companion({ shell: options.shell, shellNote: options.shellNote, keychain: secrets, session, live, uploads, managers, look, devicePasswords, channelAdmin, security, hooks, collections, videoTools, videoCopies, videoLibrary, videoDownloads, videoDownloadTransfers, diagnostics, desktopSettings });
  await session.open(options.profile);
  await live?.open();
  await uploads?.open();
  await hooks.open();
  await videoCopies?.accountChanged(session.currentStatus() === 'signed-out' ? null : session.profileName);
  await videoDownloadTransfers?.accountChanged(session.currentStatus() === 'signed-out' ? null : session.profileName);
  await desktopSettings?.open();
  companion.startupFinished();
  const dispatch = createDispatcher(companion.contract, companion, {
    translateError: (error) => {
      if (error instanceof SignInNeededError) void session.tokenRefused();
      return toCompanionError(error);
    },
    onInternalError: (method, error) => logger.error(`${method} failed unexpectedly`, { error }),
  });
  return { companion, session, dispatch, logger, dataDir: directory, secretsFor, keychain: secrets, platformCaller, desktopSettings };
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
