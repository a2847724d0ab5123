// The Videos panel's library calls: one page of a channel's or the user's videos (search, sort, protection
// filter), one video at a detail level, edit, delete, expiration and custom metadata values. Each call goes
// to the platform as it is asked; the renderer's slices hold what is shown.
import {
  VIDEO_PAGE_SIZE,
  type VideoDetailLevel,
  type VideoDetails,
  type VideoEdit,
  type VideoExpiration,
  type VideoListRequest,
  type VideoMetadata,
  type VideoPage,
  type VideoRow, type NamespaceImplementation, type videosNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { fieldFromPlatform } from '../channel-admin/channel-admin-service.js';
import type { Video } from '../../platform/endpoints/schemas.js';
import { explained } from './video-library-errors.js';

export const SEARCH_DROPS_FILTER =
  'The platform searches public videos only and ignores the protection filter while searching, so the filter was left out. Clear the search to filter by protection.';

export class VideoLibraryService extends PlatformBackedService implements NamespaceImplementation<typeof videosNamespace> {
  async page(request: VideoListRequest): Promise<VideoPage> {
    const api = await this.api();
    const q = request.q === undefined || request.q === '' ? undefined : request.q;
    // "q ... works only when no filter is set": sending both would quietly lose the search.
    const dropsFilter = q !== undefined && request.protect.length > 0;
    const options = { pageSize: VIDEO_PAGE_SIZE, q, sort: request.sort, protect: q === undefined ? request.protect : [] };
    const list = (pageNumber: number, chosen: typeof options) =>
      request.channelId === null ? api.videos.pageForUser(pageNumber, chosen) : api.videos.pageForChannel(request.channelId, pageNumber, chosen);
    const page = await explained(() => list(request.page, options));
    // The video object seldom says who may watch it; a filter on one protection, or a search (public only), does.
    // Both kinds listed together: one more request, for the private ones (few, as a rule), tells them apart.
    const privateOnes = q === undefined && options.protect.length === 0 && page.items.length > 0 ? await list(1, { ...options, protect: ['private'] }).catch(() => null) : null;
    const privateIds = new Set(privateOnes?.items.map((video) => video.id) ?? []);
    const protectOf = (video: Video): VideoRow['protect'] => {
      if (q !== undefined) return 'public';
      if (options.protect.length === 1) return options.protect[0]!;
      if (privateIds.has(video.id)) return 'private';
      // Public when the private list was read whole; unknown when it was cut at a page (or not read).
      return privateOnes !== null && !privateOnes.hasNext ? 'public' : null;
    };
    return {
      request: { ...request, q, protect: options.protect },
      items: page.items.map((video) => videoRow(video, protectOf(video))),
      hasPrevious: page.hasPrevious,
      hasNext: page.hasNext,
      note: dropsFilter ? SEARCH_DROPS_FILTER : null,
    };
  }

  async details(videoId: string, detailLevel: VideoDetailLevel): Promise<VideoDetails> {
    const api = await this.api();
    const video = await explained(() => api.videos.get(videoId, { detailLevel: detailLevel === 'default' ? undefined : detailLevel }));
    return {
      ...videoRow(video),
      detailLevel,
      addedAt: video.added_at ?? null,
      fileSize: numberOrNull(video.file_size),
      hlsUrl: video.stream?.dhls ?? null,
    };
  }

  async edit(videoId: string, edit: VideoEdit): Promise<VideoDetails> {
    const api = await this.api();
    await explained(() => api.videos.edit(videoId, edit));
    return this.details(videoId, 'default');
  }

  async remove(videoId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.videos.remove(videoId));
    return null;
  }

  async expiration(videoId: string): Promise<VideoExpiration> {
    const api = await this.api();
    const expiration = await explained(() => api.expiration.get(videoId));
    return { videoId, rule: expiration.rule, expiresAt: expiration.rule === 'at_given_time' ? (expiration.expires_at ?? null) : null };
  }

  /** "PUT supports only `never`": the one change there is, keeping the video for good. */
  async neverExpire(videoId: string): Promise<VideoExpiration> {
    const api = await this.api();
    await explained(() => api.expiration.setRule(videoId, 'never'));
    return this.expiration(videoId);
  }

  async metadata(videoId: string): Promise<VideoMetadata> {
    const api = await this.api();
    const [fields, values] = await Promise.all([api.metadataFields.list('video'), explained(() => api.videoMetadata.list(videoId))]);
    return { videoId, fields: fields.map(fieldFromPlatform), values: values.map((entry) => ({ fieldId: entry.field_id, value: entry.value })) };
  }

  async setValue(videoId: string, fieldId: string, value: string): Promise<VideoMetadata> {
    const api = await this.api();
    await explained(() => api.videoMetadata.set(videoId, fieldId, value));
    return this.metadata(videoId);
  }

  async removeValue(videoId: string, fieldId: string): Promise<VideoMetadata> {
    const api = await this.api();
    await explained(() => api.videoMetadata.remove(videoId, fieldId));
    return this.metadata(videoId);
  }
}

function numberOrNull(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The channel's id: the link's `id` where the platform gives it, else the last segment of its address. */
function channelIdOf(video: Video): string | null {
  if (video.links.channel.id !== undefined) return video.links.channel.id;
  const match = /\/channels\/([^/]+?)(?:\.[a-z]+)?$/.exec(video.links.channel.href);
  return match?.[1] === undefined ? null : decodeURIComponent(match[1]);
}

export function videoRow(video: Video, listedAs: VideoRow['protect'] = null): VideoRow {
  return {
    id: video.id,
    channelId: channelIdOf(video),
    title: video.title ?? '',
    description: video.description ?? '',
    url: video.url ?? null,
    lengthSeconds: numberOrNull(video.length),
    createdAt: video.created_at ?? null,
    views: video.views ?? null,
    thumbnailUrl: video.thumbnail?.default ?? null,
    protect: video.protect ?? listedAs,
    captionMatches: video.caption_matches?.map((match) => ({ startSec: match.start_sec, endSec: match.end_sec, caption: match.caption })) ?? null,
  };
}

