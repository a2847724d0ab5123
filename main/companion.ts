// The facade: implements the contract once, for Electron IPC, browser mode and the CLI alike.
// Capability modules (platform, live, uploads, ...) plug in here as later issues add them.
import {
  CompanionError,
  contract,
  type AddUploads,
  type AddUploadsResult,
  type AppInfo,
  type ChannelChoice,
  type ChannelDetails,
  type ChannelEdit,
  type ChannelMetadata,
  type ChannelSecurity,
  type HashLockChange,
  type HashLockResult,
  type HashLockView,
  type HookDelivery,
  type HookEventName,
  type HooksState,
  type ViewerSetting,
  type MetadataContentType,
  type MetadataField,
  type NewMetadataField,
  type CreatedDevicePassword,
  type DevicePasswordPage,
  type DevicePasswordPageRequest,
  type InviteManager,
  type ManagerChange,
  type ManagerRow,
  type ManagersState,
  type NewDevicePassword,
  type FolderListing,
  type LiveState,
  type Contract,
  type Implementation,
  type KeychainStatus,
  type Notice,
  type ProfilesInfo,
  type SessionInfo,
  type SignInOptions,
  type SignInStart,
  type UploadEdit,
  type UploadRow,
  type UploadSettings,
  type UploadsChange,
  type UploadsState,
  type UploadTotals,
  type FeaturedVideos,
  type NewPlaylist,
  type PlaylistContents,
  type PlaylistPage,
  type PlaylistPageRequest,
  type PlaylistRow,
  type UpcomingEventPage,
  type VideoChoicePage,
  type VideoChoiceRequest,
} from '../preload/contract.js';
import { describeApp } from './app-info.js';
import type { ChannelAdminService } from './channel-admin/channel-admin-service.js';
import type { LiveService } from './live/live-service.js';
import type { SessionService } from './session/session-service.js';
import { ContractEvents } from './typed-emitter.js';
import type { FallbackSecretStore } from './vault/fallback-secret-store.js';
import { describeKeychain } from './vault/keychain-status.js';
import type { UploadService } from './upload-service/upload-service.js';
import type { ManagerService } from './managers/manager-service.js';
import type { LookService } from './look/look-service.js';
import type { BrandingType, ChannelBackground, ImageUpload, LogoSettings, UploadedImage } from '../preload/contract.js';
import type { DevicePasswordService } from './device-passwords/device-password-service.js';
import type { SecurityService } from './channel-security/security-service.js';
import type { HookService } from './hooks/hook-service.js';
import type { CollectionServices } from './collections/collection-services.js';
import type { VideoTools } from './video-tools/video-tools.js';
import type { CopyTracker } from './video-tools/copy-tracker.js';
import type { SaveVideoDownload, VideoDetailLevel, VideoDetails, VideoDownloadable, VideoDownloadsState, VideoDownloadTransfer, VideoEdit, VideoExpiration, VideoFileFormat, VideoListRequest, VideoMetadata, VideoPage } from '../preload/contract.js';
import type { DownloadTracker } from './video-library/download-tracker.js';
import type { VideoDownloadService } from './video-library/video-download-service.js';
import type { VideoLibraryService } from './video-library/video-library-service.js';
import type {
  CaptionFlags,
  CaptionLanguage,
  ChapterFields,
  CopyOrder,
  CopyProgress,
  ThumbnailUpload,
  VideoCopy,
  TrimRange,
  VideoCaption,
  VideoChapter,
  VideoLabel,
  VideoLabels,
  VideoTrim,
} from '../preload/contract.js';
import type { AppStatus, DesktopSettings, DesktopSettingsChange } from '../preload/contract.js';
import { AppStatusTracker } from './desktop/app-status.js';
import type { DesktopSettingsService } from './desktop/desktop-settings-service.js';

export interface CompanionOptions {
  readonly shell: AppInfo['shell'];
  /** Where secrets are kept this run: the keychain, or memory when there is none. */
  readonly keychain: FallbackSecretStore;
  readonly shellNote?: string | null;
  readonly session: SessionService;
  /** Going live; absent in one-shot commands, which have no local ingest. */
  readonly live?: LiveService;
  /** The upload queue; absent in commands (`companion upload` opens the queue itself). */
  readonly uploads?: UploadService;
  /** The Channel panel's calls: details, custom metadata. */
  readonly channelAdmin?: ChannelAdminService;
  readonly managers?: ManagerService;
  readonly look?: LookService;
  readonly devicePasswords?: DevicePasswordService;
  /** The Security panel's calls: locks, viewer settings, viewer authentication. */
  readonly security?: SecurityService;
  /** The Hooks panel's calls and the built-in receiver. */
  readonly hooks?: HookService;
  /** The Playlists panel's calls (featured videos, playlists, the video picker) and the channel's upcoming events. */
  readonly collections?: CollectionServices;
  /** The Videos panel's per-video tools: thumbnail, trim and copy, labels, chapters, captions. */
  readonly videoTools?: VideoTools;
  /** Copies of parts of videos, followed until made; absent in commands (the app's shells follow them). */
  readonly videoCopies?: CopyTracker;
  /** The Videos panel's library calls: list, details, edit, delete, expiration, metadata values. */
  readonly videoLibrary?: VideoLibraryService;
  /** The Videos panel's downloads: the platform's file (made on request) and where a saved one goes. */
  readonly videoDownloads?: VideoDownloadService;
  /** Saving those files to this computer, listed and resumed across restarts; absent in commands (the app's shells save them). */
  readonly videoDownloadTransfers?: DownloadTracker;
  /** Builds the "copy diagnostics" text from what the facade knows (the core knows the logs and the redaction). */
  readonly diagnostics?: (app: AppInfo, profiles: ProfilesInfo) => Promise<string>;
  /** Global hotkeys and start at login (the app's shells; only the desktop app applies them). */
  readonly desktopSettings?: DesktopSettingsService;
}

export class Companion implements Implementation<Contract> {
  readonly contract = contract;
  readonly events = new ContractEvents<Contract>();
  readonly #options: CompanionOptions;
  /** Notices raised while the core started, when no window could hear them; kept for every window that opens. */
  readonly #startupNotices: Notice[] = [];
  #starting = true;
  readonly #status = new AppStatusTracker((status) => this.events.emit('appStatus', status));

  constructor(options: CompanionOptions) {
    this.#options = options;
    options.keychain.onChange((state) => this.events.emit('keychain', describeKeychain(state)));
  }

  /** The session service reports changes here (wire its onChange to this). */
  sessionChanged(session: SessionInfo): void {
    this.events.emit('session', session);
    void this.#options.live?.sessionChanged();
    void this.#options.uploads?.sessionChanged();
    const account = accountOf(session);
    void this.#options.videoCopies?.accountChanged(account);
    void this.#options.videoDownloadTransfers?.accountChanged(account);
  }

  liveChanged(state: LiveState): void {
    this.events.emit('live', state);
    this.#status.liveChanged(state);
  }

  uploadsChanged(change: UploadsChange): void {
    this.events.emit('uploads', change);
    this.#status.uploadsChanged(change.available ? change.totals : null);
  }

  hookDelivered(record: HookDelivery): void {
    this.events.emit('hookDelivery', record);
  }

  videoDownloadChanged(transfer: VideoDownloadTransfer): void {
    this.events.emit('videoDownload', transfer);
  }

  videoDownloadRemoved(id: string): void {
    this.events.emit('videoDownloadRemoved', { id });
  }

  videoCopyChanged(copy: VideoCopy): void {
    this.events.emit('videoCopy', copy);
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

  async dismissLiveError(): Promise<LiveState> {
    return this.#live().dismissError();
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

  #uploads(): UploadService {
    if (!this.#options.uploads) throw new CompanionError('unavailable', 'Uploads need the app (or `companion upload`), which keeps the upload queue.');
    return this.#options.uploads;
  }

  uploadsState(): Promise<UploadsState> {
    return this.#uploads().state();
  }

  addUploads(request: AddUploads): Promise<AddUploadsResult> {
    return this.#uploads().add(request);
  }

  async pauseUploads(): Promise<UploadTotals> {
    return this.#uploads().pauseAll();
  }

  async resumeUploads(): Promise<UploadTotals> {
    return this.#uploads().resumeAll();
  }

  async pauseUpload(id: string): Promise<UploadRow> {
    return this.#uploads().pause(id);
  }

  async resumeUpload(id: string): Promise<UploadRow> {
    return this.#uploads().resume(id);
  }

  async cancelUpload(id: string): Promise<UploadRow> {
    return this.#uploads().cancel(id);
  }

  async retryUpload(id: string): Promise<UploadRow> {
    return this.#uploads().retry(id);
  }

  async retryFailedUploads(): Promise<UploadTotals> {
    return this.#uploads().retryFailed();
  }

  async clearFinishedUploads(options: { failed?: boolean }): Promise<UploadTotals> {
    return this.#uploads().clearFinished(options);
  }

  async editUpload(id: string, change: UploadEdit): Promise<UploadRow> {
    return this.#uploads().edit(id, change);
  }

  setUploadSettings(settings: UploadSettings): Promise<UploadTotals> {
    return this.#uploads().setSettings(settings);
  }

  browseFolder(request: { path?: string }): Promise<FolderListing> {
    return this.#uploads().browse(request.path);
  }

  #managers(): ManagerService {
    if (!this.#options.managers) throw new CompanionError('unavailable', 'Managers are not available in this shell.');
    return this.#options.managers;
  }

  managers(): Promise<ManagersState> {
    return this.#managers().state();
  }

  inviteManager(request: InviteManager): Promise<ManagerRow> {
    return this.#managers().invite(request);
  }

  changeManager(managerId: string, change: ManagerChange): Promise<ManagerRow> {
    return this.#managers().change(managerId, change);
  }

  removeManager(managerId: string): Promise<null> {
    return this.#managers().remove(managerId);
  }

  setManagerChannel(managerId: string, channelId: string, granted: boolean): Promise<ManagerRow> {
    return this.#managers().setChannel(managerId, channelId, granted);
  }

  #devicePasswords(): DevicePasswordService {
    if (!this.#options.devicePasswords) throw new CompanionError('unavailable', 'Device passwords are not available in this shell.');
    return this.#options.devicePasswords;
  }

  devicePasswords(request: DevicePasswordPageRequest): Promise<DevicePasswordPage> {
    return this.#devicePasswords().page(request);
  }

  createDevicePassword(request: NewDevicePassword): Promise<CreatedDevicePassword> {
    return this.#devicePasswords().create(request);
  }

  deleteDevicePassword(userName: string): Promise<null> {
    return this.#devicePasswords().remove(userName);
  }

  #look(): LookService {
    if (!this.#options.look) throw new CompanionError('unavailable', 'Branding and design are not available in this shell.');
    return this.#options.look;
  }

  setBrandingType(channelId: string, type: BrandingType): Promise<null> {
    return this.#look().setBrandingType(channelId, type);
  }

  removeBranding(channelId: string): Promise<null> {
    return this.#look().removeBranding(channelId);
  }

  setLogoSettings(channelId: string, settings: LogoSettings): Promise<null> {
    return this.#look().setLogoSettings(channelId, settings);
  }

  uploadLogo(channelId: string, image: ImageUpload): Promise<UploadedImage> {
    return this.#look().uploadLogo(channelId, image);
  }

  channelBackground(channelId: string): Promise<ChannelBackground> {
    return this.#look().background(channelId);
  }

  setChannelBackground(channelId: string, color: string): Promise<ChannelBackground> {
    return this.#look().setBackground(channelId, color);
  }

  removeChannelBackground(channelId: string): Promise<null> {
    return this.#look().removeBackground(channelId);
  }

  uploadChannelPicture(channelId: string, image: ImageUpload): Promise<UploadedImage> {
    return this.#look().uploadPicture(channelId, image);
  }

  removeChannelPicture(channelId: string): Promise<null> {
    return this.#look().removePicture(channelId);
  }

  #channelAdmin(): ChannelAdminService {
    if (!this.#options.channelAdmin) throw new CompanionError('unavailable', 'Channel administration needs the app.');
    return this.#options.channelAdmin;
  }

  channelDetails(channelId: string): Promise<ChannelDetails> {
    return this.#channelAdmin().details(channelId);
  }

  editChannel(channelId: string, edit: ChannelEdit): Promise<ChannelDetails> {
    return this.#channelAdmin().edit(channelId, edit);
  }

  deleteChannel(channelId: string, confirmation: { confirmTitle: string }): Promise<ChannelChoice[]> {
    return this.#channelAdmin().remove(channelId, confirmation.confirmTitle);
  }

  metadataFields(contentType: MetadataContentType): Promise<MetadataField[]> {
    return this.#channelAdmin().fields(contentType);
  }

  createMetadataField(field: NewMetadataField): Promise<MetadataField> {
    return this.#channelAdmin().createField(field);
  }

  deleteMetadataField(fieldId: string): Promise<null> {
    return this.#channelAdmin().deleteField(fieldId);
  }

  channelMetadata(channelId: string): Promise<ChannelMetadata> {
    return this.#channelAdmin().metadata(channelId);
  }

  setChannelMetadataValue(channelId: string, fieldId: string, value: string): Promise<ChannelMetadata> {
    return this.#channelAdmin().setValue(channelId, fieldId, value);
  }

  removeChannelMetadataValue(channelId: string, fieldId: string): Promise<ChannelMetadata> {
    return this.#channelAdmin().removeValue(channelId, fieldId);
  }

  setChannelMetadataDisplay(channelId: string, fieldId: string, isLink: boolean): Promise<ChannelMetadata> {
    return this.#channelAdmin().setDisplay(channelId, fieldId, isLink);
  }

  removeChannelMetadataDisplay(channelId: string, fieldId: string): Promise<ChannelMetadata> {
    return this.#channelAdmin().removeDisplay(channelId, fieldId);
  }

  #security(): SecurityService {
    if (!this.#options.security) throw new CompanionError('unavailable', 'Security settings need the app.');
    return this.#options.security;
  }

  channelSecurity(channelId: string): Promise<ChannelSecurity> {
    return this.#security().state(channelId);
  }

  setChannelPassword(channelId: string, password: string): Promise<ChannelSecurity> {
    return this.#security().setPassword(channelId, password);
  }

  removeChannelPassword(channelId: string): Promise<ChannelSecurity> {
    return this.#security().removePassword(channelId);
  }

  setEmbedLock(channelId: string, locked: boolean): Promise<ChannelSecurity> {
    return this.#security().setEmbedLock(channelId, locked);
  }

  addEmbedAllowedUrl(channelId: string, url: string): Promise<ChannelSecurity> {
    return this.#security().addEmbedAllowedUrl(channelId, url);
  }

  clearEmbedAllowedUrls(channelId: string): Promise<ChannelSecurity> {
    return this.#security().clearEmbedAllowedUrls(channelId);
  }

  setPageLock(channelId: string, locked: boolean): Promise<ChannelSecurity> {
    return this.#security().setPageLock(channelId, locked);
  }

  setViewerSetting(channelId: string, setting: ViewerSetting, value: boolean): Promise<null> {
    return this.#security().setViewerSetting(channelId, setting, value);
  }

  hashLock(channelId: string): Promise<HashLockView | null> {
    return this.#security().hashLock(channelId);
  }

  setHashLock(channelId: string, change: HashLockChange): Promise<HashLockResult> {
    return this.#security().setHashLock(channelId, change);
  }

  removeHashLock(channelId: string): Promise<null> {
    return this.#security().removeHashLock(channelId);
  }

  hooks(channelId: string): Promise<HooksState> {
    return this.#hooks().state(channelId);
  }

  registerHook(channelId: string, event: HookEventName, recipient: string): Promise<HooksState> {
    return this.#hooks().register(channelId, event, recipient);
  }

  removeHook(channelId: string, event: HookEventName): Promise<HooksState> {
    return this.#hooks().remove(channelId, event);
  }

  async hookDeliveries(): Promise<HookDelivery[]> {
    return this.#hooks().deliveries();
  }

  // Videos panel (issue 8): library, download, expiration, metadata values
  #videoLibrary(): VideoLibraryService {
    if (!this.#options.videoLibrary) throw new CompanionError('unavailable', 'The video library needs the app.');
    return this.#options.videoLibrary;
  }

  #videoDownloads(): VideoDownloadService {
    if (!this.#options.videoDownloads) throw new CompanionError('unavailable', 'Video downloads need the app.');
    return this.#options.videoDownloads;
  }

  #videoDownloadTransfers(): DownloadTracker {
    if (!this.#options.videoDownloadTransfers) throw new CompanionError('unavailable', 'Saving video files needs the app, which keeps the transfers going and resumes them after a restart.');
    return this.#options.videoDownloadTransfers;
  }

  videos(request: VideoListRequest): Promise<VideoPage> {
    return this.#videoLibrary().page(request);
  }

  videoDetails(videoId: string, detailLevel: VideoDetailLevel): Promise<VideoDetails> {
    return this.#videoLibrary().details(videoId, detailLevel);
  }

  editVideo(videoId: string, edit: VideoEdit): Promise<VideoDetails> {
    return this.#videoLibrary().edit(videoId, edit);
  }

  deleteVideo(videoId: string): Promise<null> {
    return this.#videoLibrary().remove(videoId);
  }

  videoDownloadable(videoId: string, format: VideoFileFormat): Promise<VideoDownloadable> {
    return this.#videoDownloads().downloadable(videoId, format);
  }

  requestVideoDownloadable(videoId: string, format: VideoFileFormat): Promise<VideoDownloadable> {
    return this.#videoDownloads().request(videoId, format);
  }

  async videoDownloads(): Promise<VideoDownloadsState> {
    return this.#videoDownloadTransfers().state();
  }

  saveVideoDownload(videoId: string, format: VideoFileFormat, request: SaveVideoDownload): Promise<VideoDownloadTransfer> {
    return this.#videoDownloadTransfers().save(videoId, format, request);
  }

  async showVideoDownload(transferId: string): Promise<null> {
    return this.#videoDownloadTransfers().reveal(transferId);
  }

  async cancelVideoDownload(transferId: string): Promise<VideoDownloadTransfer> {
    return this.#videoDownloadTransfers().cancel(transferId);
  }

  async removeVideoDownload(transferId: string): Promise<null> {
    return this.#videoDownloadTransfers().remove(transferId);
  }

  videoExpiration(videoId: string): Promise<VideoExpiration> {
    return this.#videoLibrary().expiration(videoId);
  }

  setVideoExpirationNever(videoId: string): Promise<VideoExpiration> {
    return this.#videoLibrary().setNever(videoId);
  }

  videoMetadata(videoId: string): Promise<VideoMetadata> {
    return this.#videoLibrary().metadata(videoId);
  }

  setVideoMetadataValue(videoId: string, fieldId: string, value: string): Promise<VideoMetadata> {
    return this.#videoLibrary().setValue(videoId, fieldId, value);
  }

  removeVideoMetadataValue(videoId: string, fieldId: string): Promise<VideoMetadata> {
    return this.#videoLibrary().removeValue(videoId, fieldId);
  }

  #videoTools(): VideoTools {
    if (!this.#options.videoTools) throw new CompanionError('unavailable', 'Video tools need the app.');
    return this.#options.videoTools;
  }

  uploadVideoThumbnail(videoId: string, image: ThumbnailUpload): Promise<UploadedImage> {
    return this.#videoTools().thumbnail.upload(videoId, image);
  }

  setVideoThumbnailFrame(videoId: string, position: number): Promise<null> {
    return this.#videoTools().thumbnail.setFrame(videoId, position);
  }

  videoTrim(videoId: string): Promise<VideoTrim> {
    return this.#videoTools().trimCopy.trim(videoId);
  }

  setVideoTrim(videoId: string, range: TrimRange): Promise<VideoTrim> {
    return this.#videoTools().trimCopy.setTrim(videoId, range);
  }

  removeVideoTrim(videoId: string): Promise<VideoTrim> {
    return this.#videoTools().trimCopy.removeTrim(videoId);
  }

  #videoCopies(): CopyTracker {
    if (!this.#options.videoCopies) throw new CompanionError('unavailable', 'Copying a part of a video needs the app, which follows the copy until it is made.');
    return this.#options.videoCopies;
  }

  copyVideoPart(videoId: string, order: CopyOrder): Promise<CopyProgress> {
    return this.#videoCopies().copy(videoId, order);
  }

  async videoCopies(): Promise<VideoCopy[]> {
    return this.#videoCopies().copies();
  }

  videoLabels(videoId: string): Promise<VideoLabels> {
    return this.#videoTools().labels.forVideo(videoId);
  }

  createLabel(name: string): Promise<VideoLabel> {
    return this.#videoTools().labels.create(name);
  }

  renameLabel(labelId: number, name: string): Promise<null> {
    return this.#videoTools().labels.rename(labelId, name);
  }

  deleteLabel(labelId: number): Promise<null> {
    return this.#videoTools().labels.remove(labelId);
  }

  setVideoLabel(videoId: string, labelId: number, attached: boolean): Promise<null> {
    return this.#videoTools().labels.setOnVideo(videoId, labelId, attached);
  }

  videoChapters(videoId: string): Promise<VideoChapter[]> {
    return this.#videoTools().chapters.list(videoId);
  }

  addVideoChapter(videoId: string, fields: ChapterFields): Promise<VideoChapter[]> {
    return this.#videoTools().chapters.add(videoId, fields);
  }

  editVideoChapter(videoId: string, chapterId: string, fields: ChapterFields): Promise<VideoChapter[]> {
    return this.#videoTools().chapters.edit(videoId, chapterId, fields);
  }

  deleteVideoChapter(videoId: string, chapterId: string): Promise<VideoChapter[]> {
    return this.#videoTools().chapters.remove(videoId, chapterId);
  }

  deleteAllVideoChapters(videoId: string): Promise<VideoChapter[]> {
    return this.#videoTools().chapters.removeAll(videoId);
  }

  videoCaptions(videoId: string): Promise<VideoCaption[]> {
    return this.#videoTools().captions.list(videoId);
  }

  captionLanguages(): Promise<CaptionLanguage[]> {
    return this.#videoTools().captions.languages();
  }

  uploadVideoCaption(videoId: string, language: string, vtt: string): Promise<VideoCaption[]> {
    return this.#videoTools().captions.upload(videoId, language, vtt);
  }

  setVideoCaptionFlags(videoId: string, language: string, flags: CaptionFlags): Promise<VideoCaption[]> {
    return this.#videoTools().captions.setFlags(videoId, language, flags);
  }

  videoCaptionVtt(videoId: string, language: string): Promise<string> {
    return this.#videoTools().captions.vtt(videoId, language);
  }

  #hooks(): HookService {
    if (!this.#options.hooks) throw new CompanionError('unavailable', 'Hooks are managed in the app.');
    return this.#options.hooks;
  }

  #collections(): CollectionServices {
    if (!this.#options.collections) throw new CompanionError('unavailable', 'Featured videos, playlists and upcoming events are managed in the app.');
    return this.#options.collections;
  }

  featuredVideos(channelId: string): Promise<FeaturedVideos> {
    return this.#collections().featured.state(channelId);
  }

  setFeaturedVideos(channelId: string, videoIds: string[]): Promise<FeaturedVideos> {
    return this.#collections().featured.set(channelId, videoIds);
  }

  playlists(request: PlaylistPageRequest): Promise<PlaylistPage> {
    return this.#collections().playlists.page(request);
  }

  createPlaylist(request: NewPlaylist): Promise<PlaylistRow> {
    return this.#collections().playlists.create(request);
  }

  renamePlaylist(playlistId: string, title: string): Promise<PlaylistRow> {
    return this.#collections().playlists.rename(playlistId, title);
  }

  deletePlaylist(playlistId: string): Promise<null> {
    return this.#collections().playlists.remove(playlistId);
  }

  playlistVideos(playlistId: string): Promise<PlaylistContents> {
    return this.#collections().playlists.contents(playlistId);
  }

  addPlaylistVideo(playlistId: string, videoId: string): Promise<PlaylistContents> {
    return this.#collections().playlists.addVideo(playlistId, videoId);
  }

  removePlaylistVideo(playlistId: string, videoId: string): Promise<PlaylistContents> {
    return this.#collections().playlists.removeVideo(playlistId, videoId);
  }

  movePlaylistVideo(playlistId: string, videoId: string, position: number): Promise<PlaylistContents> {
    return this.#collections().playlists.moveVideo(playlistId, videoId, position);
  }

  videoChoices(request: VideoChoiceRequest): Promise<VideoChoicePage> {
    return this.#collections().videoChoices.page(request);
  }

  upcomingEvents(channelId: string, page: number): Promise<UpcomingEventPage> {
    return this.#collections().events.page(channelId, page);
  }

  async keychainStatus(): Promise<KeychainStatus> {
    return describeKeychain(this.#options.keychain.state);
  }

  async retryKeychain(): Promise<KeychainStatus> {
    return describeKeychain(await this.#options.keychain.retry());
  }

  async appStatus(): Promise<AppStatus> {
    return this.#status.status;
  }

  #desktopSettings(): DesktopSettingsService {
    if (!this.#options.desktopSettings) throw new CompanionError('unavailable', 'Hotkeys and start at login are set in the app.');
    return this.#options.desktopSettings;
  }

  async desktopSettings(): Promise<DesktopSettings> {
    return this.#desktopSettings().settings();
  }

  setDesktopSettings(change: DesktopSettingsChange): Promise<DesktopSettings> {
    return this.#desktopSettings().update(change);
  }

  async appInfo(): Promise<AppInfo> {
    return describeApp(this.#options.shell, this.#options.shellNote ?? null);
  }

  async session(): Promise<SessionInfo> {
    // The sandbox profile's platform starts on demand: asking who is signed in is that demand.
    await this.#options.session.sandbox();
    return this.#options.session.info();
  }

  signIn(options: SignInOptions): Promise<SignInStart> {
    return this.#options.session.beginSignIn(options.offline ? ['broadcaster', 'offline'] : ['broadcaster'], options.tokenType);
  }

  async signOut(): Promise<SessionInfo> {
    this.#refuseWhileOnAir('signing out');
    return this.#options.session.signOut();
  }

  async profiles(): Promise<ProfilesInfo> {
    return this.#options.session.profilesInfo();
  }

  async switchProfile(name: string): Promise<SessionInfo> {
    this.#refuseWhileOnAir('switching to another profile');
    return this.#options.session.switchProfile(name);
  }

  /** The show goes on: the account it runs on cannot be left while the stream is relayed. */
  #refuseWhileOnAir(doing: string): void {
    if (this.#options.live?.onAir) throw new CompanionError('live_busy', `End the stream before ${doing}: the stream runs on this account.`);
  }

  notify(notice: Notice): void {
    if (this.#starting) this.#startupNotices.push(notice);
    this.events.emit('notice', notice);
  }

  /** From now on windows are listening: later notices reach them as events. */
  startupFinished(): void {
    this.#starting = false;
  }

  async startupNotices(): Promise<Notice[]> {
    return [...this.#startupNotices];
  }

  async diagnostics(): Promise<string> {
    if (!this.#options.diagnostics) throw new CompanionError('unavailable', 'Diagnostics are not available in this shell.');
    return this.#options.diagnostics(await this.appInfo(), await this.profiles());
  }

  /** Tells connected windows the core is going away, so they can say so instead of just going grey. */
  async shutdown(reason: string): Promise<void> {
    this.notify({ level: 'warning', message: reason });
    // The queue first: its transfers stop where they are while the platform (the sandbox) still answers.
    await this.#options.uploads?.close();
    await this.#options.live?.close();
    await this.#options.hooks?.close();
    await this.#options.videoCopies?.close();
    await this.#options.videoDownloadTransfers?.close();
    this.#options.desktopSettings?.close();
    await this.#options.session.close();
    this.#options.keychain.close();
  }
}

/**
 * Whose lists of copies and saved files are shown: the profile and, when the platform told it, the user
 * (two accounts signed in on one profile keep theirs apart); null while signed out.
 */
function accountOf(session: SessionInfo): string | null {
  if (session.status === 'signed-out') return null;
  return session.user === null ? session.profile : `${session.profile}/${session.user}`;
}
