// The typed platform client: one object per area of the spec (docs/platform-api/part-a.md and
// part-b.md), each function one endpoint row, all over one PlatformCaller (the transport that signs,
// sends, retries and validates).
import type { PlatformCaller } from '../platform-request.js';
import { brandingApi } from './branding.js';
import { captionsApi } from './captions.js';
import { channelDesignApi } from './channel-design.js';
import { channelMetadataApi } from './channel-metadata.js';
import { channelSecurityApi } from './channel-security.js';
import { channelsApi } from './channels.js';
import { chaptersApi } from './chapters.js';
import { devicePasswordsApi } from './device-passwords.js';
import { downloadsApi } from './downloads.js';
import { expirationApi } from './expiration.js';
import { featuredVideosApi } from './featured-videos.js';
import { hashLockApi } from './hash-lock.js';
import { hooksApi } from './hooks.js';
import { ingestApi } from './ingest.js';
import { labelsApi } from './labels.js';
import { managersApi } from './managers.js';
import { metadataFieldsApi } from './metadata-fields.js';
import { playlistsApi } from './playlists.js';
import { recordingApi } from './recording.js';
import { thumbnailsTrimCopyApi } from './thumbnails-trim-copy.js';
import { upcomingEventsApi } from './upcoming-events.js';
import { uploadsApi } from './uploads.js';
import { videoMetadataApi } from './video-metadata.js';
import { videosApi } from './videos.js';

export function createPlatformApi(caller: PlatformCaller) {
  return {
    // Part A
    channels: channelsApi(caller),
    channelMetadata: channelMetadataApi(caller),
    devicePasswords: devicePasswordsApi(caller),
    channelSecurity: channelSecurityApi(caller),
    branding: brandingApi(caller),
    channelDesign: channelDesignApi(caller),
    managers: managersApi(caller),
    recording: recordingApi(caller),
    ingest: ingestApi(caller),
    // Part B
    videos: videosApi(caller),
    downloads: downloadsApi(caller),
    uploads: uploadsApi(caller),
    expiration: expirationApi(caller),
    videoMetadata: videoMetadataApi(caller),
    thumbnailsTrimCopy: thumbnailsTrimCopyApi(caller),
    labels: labelsApi(caller),
    captions: captionsApi(caller),
    chapters: chaptersApi(caller),
    featuredVideos: featuredVideosApi(caller),
    playlists: playlistsApi(caller),
    upcomingEvents: upcomingEventsApi(caller),
    hooks: hooksApi(caller),
    metadataFields: metadataFieldsApi(caller),
    hashLock: hashLockApi(caller),
  };
}

export type PlatformApi = ReturnType<typeof createPlatformApi>;

export type { BrandingType, LogoImage, LogoPosition, LogoSettings } from './branding.js';
export type { CaptionEdit } from './captions.js';
export type { MetadataInput } from './channel-metadata.js';
export type { ChannelFields, ChannelGetOptions, ChannelListOptions } from './channels.js';
export type { ChapterFields } from './chapters.js';
export type { DevicePasswordListOptions, DevicePasswordRequest } from './device-passwords.js';
export type { DownloadFormat } from './downloads.js';
export type { FeaturedVideoListOptions } from './featured-videos.js';
export type { HashLockResult, HashLockSetting } from './hash-lock.js';
export type { HookEvent } from './hooks.js';
export type { ManagerEdit } from './managers.js';
export type { MetadataContentType, MetadataFieldDefinition } from './metadata-fields.js';
export type { CreatedChannelPlaylist, CreatedPlaylist, PlaylistListOptions, PlaylistVideoListOptions } from './playlists.js';
export type { AutorecordMode } from './recording.js';
export type { CollectionCapacity, ImageFile, ReadOptions } from './request-parts.js';
export type * from './schemas.js';
export type { CopyOrder, TrimRange } from './thumbnails-trim-copy.js';
export type { UpcomingEventListOptions } from './upcoming-events.js';
export type { UploadInit } from './uploads.js';
export type { VideoEdit, VideoGetOptions, VideoListOptions, VideoListPage, VideoProtection } from './videos.js';
