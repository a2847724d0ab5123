// The one API contract between the renderer and main: one namespace per capability (preload/contract/*.ts),
// each served by its service in main, plus the events. Add a method to its namespace file and implement it
// in that service: Electron IPC, browser mode and the renderer bridge all derive from this object.
import { z } from 'zod';
import { defineContract, type Bridge, type EnvelopeBridge, type EventName, type EventPayload } from './contract-kit.js';
import { AppStatus, appNamespace, KeychainStatus, Notice } from './contract/app.js';
import { channelNamespace } from './contract/channel.js';
import { featuredNamespace, playlistsNamespace, upcomingEventsNamespace, videoChoicesNamespace } from './contract/collections.js';
import { desktopNamespace } from './contract/desktop.js';
import { devicePasswordsNamespace } from './contract/device-passwords.js';
import { HookDelivery, hooksNamespace } from './contract/hooks.js';
import { downloadsNamespace, VideoDownloadTransfer, videoFilesNamespace, videosNamespace } from './contract/library.js';
import { LiveState, liveNamespace } from './contract/live.js';
import { livePreviewNamespace } from './contract/live-preview.js';
import { lookNamespace } from './contract/look.js';
import { managersNamespace } from './contract/managers.js';
import { securityNamespace } from './contract/security.js';
import { SessionInfo, sessionNamespace } from './contract/session.js';
import { UploadsChange, uploadsNamespace } from './contract/uploads.js';
import { captionsNamespace, chaptersNamespace, copiesNamespace, labelsNamespace, thumbnailNamespace, trimNamespace, VideoCopy } from './contract/video-tools.js';

export * from './contract-kit.js';
export * from './contract/common.js';
export * from './contract/app.js';
export * from './contract/session.js';
export * from './contract/live.js';
export * from './contract/safety-copy.js';
export * from './contract/live-preview.js';
export * from './contract/uploads.js';
export * from './contract/channel.js';
export * from './contract/managers.js';
export * from './contract/device-passwords.js';
export * from './contract/look.js';
export * from './contract/security.js';
export * from './contract/hooks.js';
export * from './contract/collections.js';
export * from './contract/library.js';
export * from './contract/video-tools.js';
export * from './contract/desktop.js';

export const contract = defineContract({
  namespaces: {
    app: appNamespace,
    session: sessionNamespace,
    live: liveNamespace,
    livePreview: livePreviewNamespace,
    uploads: uploadsNamespace,
    channel: channelNamespace,
    managers: managersNamespace,
    devicePasswords: devicePasswordsNamespace,
    look: lookNamespace,
    security: securityNamespace,
    hooks: hooksNamespace,
    featured: featuredNamespace,
    playlists: playlistsNamespace,
    videoChoices: videoChoicesNamespace,
    upcomingEvents: upcomingEventsNamespace,
    videos: videosNamespace,
    videoFiles: videoFilesNamespace,
    downloads: downloadsNamespace,
    thumbnail: thumbnailNamespace,
    trim: trimNamespace,
    copies: copiesNamespace,
    labels: labelsNamespace,
    chapters: chaptersNamespace,
    captions: captionsNamespace,
    desktop: desktopNamespace,
  },
  events: {
    /** Something the streamer should read: shown as a banner. */
    notice: Notice,
    /** Sign-in state changed (signed in or out, token expiring or expired, profile switched). */
    session: SessionInfo,
    /** Anything about going live changed: checklist, encoder, targets, stats (every 2 s while live), recording. */
    live: LiveState,
    /** The upload queue changed: changed rows and totals, batched to at most about four a second. */
    uploads: UploadsChange,
    /** The built-in hook receiver got a handshake or a delivery. */
    hookDelivery: HookDelivery,
    /** A video file being saved made progress (at most about four a second), finished or failed. */
    videoDownload: VideoDownloadTransfer,
    /** A transfer row was taken off the list. */
    videoDownloadRemoved: z.object({ id: z.string() }),
    /** A followed copy started, finished, or was given up on (the row as it is now). */
    videoCopy: VideoCopy,
    /** What the app is doing changed (live, recording, uploading): the tray and the header follow it. */
    appStatus: AppStatus,
    /** Where secrets are kept changed: the keychain went missing, is waiting for a prompt, or came back. */
    keychain: KeychainStatus,
  },
});

export type Contract = typeof contract;
export type CompanionBridge = Bridge<Contract>;
/** The shape of window.companion as the preload exposes it. */
export type CompanionTransport = EnvelopeBridge<Contract>;
export type CompanionEventName = EventName<Contract>;
export type CompanionEvent<E extends CompanionEventName> = EventPayload<Contract, E>;
