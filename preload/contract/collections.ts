// Featured videos, playlists, the video picker and upcoming events (part B): the Playlists panel and the
// Channel panel's events. One namespace per service.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { channelId, videoId } from './common.js';

/**
 * How full a featured list or playlist is, as the platform's `X-Collection-Limit` / `X-Collection-Remaining`
 * headers say (part B, Limits: the maximums are "not shown"); null where it did not say. Shown as "N of M".
 */
export const CollectionCapacity = z.object({ limit: z.number().nullable(), remaining: z.number().nullable() });
export type CollectionCapacity = z.output<typeof CollectionCapacity>;

/** A video in a featured list, a playlist or the video picker. */
export const CollectionVideo = z.object({
  id: z.string(),
  title: z.string(),
  /** Seconds; null when the platform did not say. */
  lengthSeconds: z.number().nullable(),
});
export type CollectionVideo = z.output<typeof CollectionVideo>;

export const FeaturedVideos = z.object({ channelId: z.string(), videos: z.array(CollectionVideo), capacity: CollectionCapacity });
export type FeaturedVideos = z.output<typeof FeaturedVideos>;

/** Part B "Playlist": a channel's (`channelId` set) or the user's own (`channelId` null). */
export const PlaylistRow = z.object({
  id: z.string(),
  title: z.string(),
  channelId: z.string().nullable(),
  /** Seconds, the sum of the videos' lengths. */
  totalDuration: z.number(),
  /** Unix seconds. */
  updatedAt: z.number(),
});
export type PlaylistRow = z.output<typeof PlaylistRow>;

/** The spec gives no maximum; the sandbox's (and the app's) is 100 characters. */
export const PLAYLIST_TITLE_MAX = 100;
const playlistTitle = z
  .string()
  .trim()
  .min(1, 'the title is required')
  .max(PLAYLIST_TITLE_MAX)
  .refine((title) => ![...title].some((character) => character.charCodeAt(0) < 0x20), 'no control characters');

/** Whose playlists: a channel's, or (null) the signed-in user's own. */
const playlistOwner = channelId.nullable();

export const PlaylistPageRequest = z.object({ channelId: playlistOwner, page: z.number().int().min(1).max(100_000) });
export type PlaylistPageRequest = z.output<typeof PlaylistPageRequest>;

export const PlaylistPage = z.object({ channelId: playlistOwner, items: z.array(PlaylistRow), page: z.number(), hasPrevious: z.boolean(), hasNext: z.boolean() });
export type PlaylistPage = z.output<typeof PlaylistPage>;

export const NewPlaylist = z.object({ channelId: playlistOwner, title: playlistTitle });
export type NewPlaylist = z.output<typeof NewPlaylist>;

/** A playlist's videos in their order (a playlist holds at most its collection limit, so it is read whole). */
export const PlaylistContents = z.object({ playlistId: z.string(), videos: z.array(CollectionVideo), capacity: CollectionCapacity });
export type PlaylistContents = z.output<typeof PlaylistContents>;

export const VideoChoiceRequest = z.object({
  /** A channel's videos, or (null) all of the user's. */
  channelId: channelId.nullable(),
  /** The platform's search (`q`): it finds public videos only. */
  q: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(1000),
});
export type VideoChoiceRequest = z.output<typeof VideoChoiceRequest>;

export const VideoChoicePage = z.object({ items: z.array(CollectionVideo), page: z.number(), hasPrevious: z.boolean(), hasNext: z.boolean() });
export type VideoChoicePage = z.output<typeof VideoChoicePage>;

/** Part B "Upcoming event". */
export const UpcomingEventRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Unix seconds. */
  start: z.number(),
  /** Expected seconds. */
  duration: z.number(),
});
export type UpcomingEventRow = z.output<typeof UpcomingEventRow>;

/** Part B "Limits": 50 upcoming events a page. */
export const UPCOMING_EVENTS_PAGE_SIZE = 50;

export const UpcomingEventPage = z.object({ channelId: z.string(), items: z.array(UpcomingEventRow), page: z.number(), hasPrevious: z.boolean(), hasNext: z.boolean() });
export type UpcomingEventPage = z.output<typeof UpcomingEventPage>;

const playlistId = z.string().min(1).max(100);

/** A channel's featured videos. */
export const featuredNamespace = defineNamespace({
  state: { args: z.tuple([channelId]), result: FeaturedVideos },
  /** Replaces the channel's featured list with these videos, in this order (add, remove and reorder alike). */
  set: { args: z.tuple([channelId, z.array(videoId).max(1000)]), result: FeaturedVideos },
});

/** Playlists, a channel's or the user's own. */
export const playlistsNamespace = defineNamespace({
  page: { args: z.tuple([PlaylistPageRequest]), result: PlaylistPage },
  create: { args: z.tuple([NewPlaylist]), result: PlaylistRow },
  rename: { args: z.tuple([playlistId, playlistTitle]), result: PlaylistRow },
  remove: { args: z.tuple([playlistId]), result: z.null() },
  contents: { args: z.tuple([playlistId]), result: PlaylistContents },
  addVideo: { args: z.tuple([playlistId, videoId]), result: PlaylistContents },
  removeVideo: { args: z.tuple([playlistId, videoId]), result: PlaylistContents },
  /** `position` is 1-based, as the platform counts a playlist's `order`. */
  moveVideo: { args: z.tuple([playlistId, videoId, z.number().int().min(1).max(100_000)]), result: PlaylistContents },
});

/** The video picker. */
export const videoChoicesNamespace = defineNamespace({
  page: { args: z.tuple([VideoChoiceRequest]), result: VideoChoicePage },
});

/** A channel's upcoming events. */
export const upcomingEventsNamespace = defineNamespace({
  page: { args: z.tuple([channelId, z.number().int().min(1).max(100_000)]), result: UpcomingEventPage },
});
