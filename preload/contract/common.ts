// Schemas more than one namespace shares: ids, the channel choice, a video's protection.
import { z } from 'zod';

export const ChannelChoice = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  /** The owner's user name when the signed-in user manages this channel for them; null for the user's own. */
  managedFor: z.string().nullable(),
});
export type ChannelChoice = z.output<typeof ChannelChoice>;

/** Who may watch a video. */
export const Protection = z.enum(['public', 'private']);

// The ids the methods take.
export const channelId = z.string().min(1).max(100);
export const fieldId = z.string().min(1).max(100);
export const videoId = z.string().min(1).max(100);

/** An http(s) address someone else serves (an allowed embedder, a hook recipient). */
export const webAddress = z.string().trim().min(1).max(2000).regex(/^https?:\/\/[^\s/]+/i, 'an http or https address');
