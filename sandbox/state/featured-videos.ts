// A channel's featured videos as the sandbox keeps them (spec part B, "Featured videos of a channel"): per
// channel id, the video ids in the order the owner set them. Made on first use.

/** channel id → video ids, in the order they were sent. */
export type FeaturedData = Record<string, string[]>;

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface FeaturedHolder {
  featured?: FeaturedData;
}

function featuredData(data: FeaturedHolder): FeaturedData {
  data.featured ??= {};
  return data.featured;
}

/** The channel's featured video ids (empty when none were set). */
export function featuredOf(data: FeaturedHolder, channelId: string): readonly string[] {
  return data.featured?.[channelId] ?? [];
}

export function setFeatured(data: FeaturedHolder, channelId: string, videoIds: readonly string[]): void {
  featuredData(data)[channelId] = [...videoIds];
}

/** Takes a deleted video off every featured list. */
export function forgetFeaturedVideo(data: FeaturedHolder, videoId: string): void {
  for (const [channelId, videoIds] of Object.entries(data.featured ?? {})) {
    if (videoIds.includes(videoId)) featuredData(data)[channelId] = videoIds.filter((id) => id !== videoId);
  }
}

/** Forgets a deleted channel's featured list. */
export function forgetFeaturedChannel(data: FeaturedHolder, channelId: string): void {
  delete data.featured?.[channelId];
}
