// A channel's featured videos as the sandbox keeps them (spec part B, "Featured videos of a channel"): per
// channel id, the video ids in the order the owner set them. Made on first use.
import type { SandboxData } from './model.js';

/** channel id → video ids, in the order they were sent. */
export type FeaturedData = Record<string, string[]>;

function featuredData(data: SandboxData): FeaturedData {
  data.featured ??= {};
  return data.featured;
}

/** The channel's featured video ids (empty when none were set). */
export function featuredOf(data: SandboxData, channelId: string): readonly string[] {
  return data.featured?.[channelId] ?? [];
}

export function setFeatured(data: SandboxData, channelId: string, videoIds: readonly string[]): void {
  featuredData(data)[channelId] = [...videoIds];
}

/** Takes a deleted video off every featured list. */
export function forgetFeaturedVideo(data: SandboxData, videoId: string): void {
  for (const [channelId, videoIds] of Object.entries(data.featured ?? {})) {
    if (videoIds.includes(videoId)) featuredData(data)[channelId] = videoIds.filter((id) => id !== videoId);
  }
}

/** Forgets a deleted channel's featured list. */
export function forgetFeaturedChannel(data: SandboxData, channelId: string): void {
  delete data.featured?.[channelId];
}
