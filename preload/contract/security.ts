// The Security panel: locks, viewer settings, viewer authentication.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { channelId, webAddress } from './common.js';

/** A lock or setting the account's plan may lack (the platform's 402): then a note, not a failure. */
export const PlanGated = z.object({ included: z.boolean(), planNote: z.string().nullable() });

/** Part A "Security and viewer settings": what the platform lets the app read back. */
export const ChannelSecurity = z.object({
  channelId: z.string(),
  /** Viewers need the password (the platform never gives it back). */
  passwordEnabled: z.boolean(),
  embed: PlanGated.extend({ locked: z.boolean(), allowedUrls: z.array(z.string()) }),
  page: PlanGated.extend({ locked: z.boolean() }),
});
export type ChannelSecurity = z.output<typeof ChannelSecurity>;

/** The viewer settings the platform takes but has no call to read back. */
export const ViewerSetting = z.enum(['sharing', 'hideViewers', 'multiQuality']);
export type ViewerSetting = z.output<typeof ViewerSetting>;


/** Part B "Viewer authentication (hash lock)", as read back: never the secret. */
export const HashLockView = z.object({
  type: z.enum(['basic', 'advanced']),
  url: z.string(),
  message: z.string().nullable(),
  buttonCaption: z.string().nullable(),
  popupWidth: z.string().nullable(),
  popupHeight: z.string().nullable(),
});
export type HashLockView = z.output<typeof HashLockView>;

export const HashLockChange = z.object({ type: z.enum(['basic', 'advanced']), url: webAddress, secret: z.string().min(1).max(500) });
export type HashLockChange = z.output<typeof HashLockChange>;

export const HashLockResult = z.object({
  /** True when the channel had no hash lock (the platform's 201), false when one was replaced (204). */
  created: z.boolean(),
  lock: HashLockView.nullable(),
});
export type HashLockResult = z.output<typeof HashLockResult>;

/** The Security panel, served by the security service. */
export const securityNamespace = defineNamespace({
  state: { args: z.tuple([channelId]), result: ChannelSecurity },
  setPassword: { args: z.tuple([channelId, z.string().min(1).max(100)]), result: ChannelSecurity },
  removePassword: { args: z.tuple([channelId]), result: ChannelSecurity },
  setEmbedLock: { args: z.tuple([channelId, z.boolean()]), result: ChannelSecurity },
  addEmbedAllowedUrl: { args: z.tuple([channelId, webAddress]), result: ChannelSecurity },
  clearEmbedAllowedUrls: { args: z.tuple([channelId]), result: ChannelSecurity },
  setPageLock: { args: z.tuple([channelId, z.boolean()]), result: ChannelSecurity },
  setViewerSetting: { args: z.tuple([channelId, ViewerSetting, z.boolean()]), result: z.null() },
  hashLock: { args: z.tuple([channelId]), result: HashLockView.nullable() },
  setHashLock: { args: z.tuple([channelId, HashLockChange]), result: HashLockResult },
  removeHashLock: { args: z.tuple([channelId]), result: z.null() },
});
