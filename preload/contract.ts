// The one API contract between the renderer and main. Add a method here and implement it in
// main/companion.ts: Electron IPC, browser mode and the renderer bridge all derive from this object.
import { z } from 'zod';
import { defineContract, type Bridge, type EnvelopeBridge, type EventName, type EventPayload } from './contract-kit.js';

export * from './contract-kit.js';

export const Shell = z.enum(['electron', 'browser', 'cli']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the core process. */
  shell: Shell,
  /** Why this shell was chosen, when it was not the user's choice (e.g. no Electron binary). */
  shellNote: z.string().nullable(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
});
export type AppInfo = z.output<typeof AppInfo>;

/** Where secrets are kept this run: the OS keychain, or memory when there is none (then a banner says why). */
export const KeychainStatus = z.discriminatedUnion('mode', [
  /** The first check at start-up has not answered yet. */
  z.object({ mode: z.literal('checking') }),
  z.object({ mode: z.literal('keychain'), name: z.string() }),
  /** A keychain call waits for an answer (a prompt, most likely): memory takes over at giveUpAt (epoch ms). */
  z.object({ mode: z.literal('waiting'), name: z.string(), giveUpAt: z.number() }),
  z.object({
    mode: z.literal('memory'),
    problem: z.enum(['module-missing', 'no-session-bus', 'no-secret-service', 'no-keyring', 'locked', 'refused', 'no-answer']),
    /** What went wrong, in one line. */
    reason: z.string(),
    /** What fixes it on this OS. */
    fix: z.string(),
  }),
]);
export type KeychainStatus = z.output<typeof KeychainStatus>;

export const Notice = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type Notice = z.output<typeof Notice>;

export const SessionInfo = z.object({
  profile: z.string(),
  profileKind: z.enum(['sandbox', 'platform']),
  /** Where this profile's platform is, once known (the embedded sandbox starts on demand). */
  platform: z.object({ apiUrl: z.string(), authUrl: z.string() }).nullable(),
  status: z.enum(['signed-out', 'signed-in', 'expired']),
  /** The platform user name, when the platform revealed it (through a channel's owner). */
  user: z.string().nullable(),
  tokenType: z.enum(['mac', 'bearer']).nullable(),
  scopes: z.array(z.string()),
  /** Unix seconds; null when the token never expires (scope offline) or there is none. */
  expiresAt: z.number().nullable(),
  /** The token runs out within the hour: the UI says so before it happens. */
  expiresSoon: z.boolean(),
  /** The last sign-in problem, in words, until the next attempt. */
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The sandbox profile's published demo login, shown next to the sign-in button. */
  sandboxLogin: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type SessionInfo = z.output<typeof SessionInfo>;

export const SignInStart = z.discriminatedUnion('kind', [
  /** Browser mode: the page goes to the platform's login page and comes back when done. */
  z.object({ kind: z.literal('navigate'), url: z.string() }),
  /** The sign-in finished inside the app (Electron's login window). */
  z.object({ kind: z.literal('done'), session: SessionInfo }),
]);
export type SignInStart = z.output<typeof SignInStart>;

export const SignInOptions = z.object({
  /** Ask for a token that never expires (scope offline) instead of one that lasts a day. */
  offline: z.boolean(),
  /**
   * The token to ask for; absent: the shell's choice (the desktop app's login window: MAC; browser mode: bearer).
   * A MAC token comes only from the implicit flow, whose answer the browser's history keeps in browser mode.
   */
  tokenType: z.enum(['mac', 'bearer']).optional(),
});
export type SignInOptions = z.output<typeof SignInOptions>;

export const ProfilesInfo = z.object({
  active: z.string(),
  profiles: z.array(z.object({ name: z.string(), kind: z.enum(['sandbox', 'platform']), apiUrl: z.string().nullable() })),
});
export type ProfilesInfo = z.output<typeof ProfilesInfo>;

const StepState = z.enum(['pending', 'running', 'ok', 'failed']);

export const LiveState = z.object({
  /** Where the encoder publishes: the local ingest, always running while the app runs. */
  ingest: z.object({
    url: z.string().nullable(),
    /** The local stream key with all but its last 4 characters hidden; revealLocalKey() shows it. */
    keyMasked: z.string().nullable(),
    error: z.string().nullable(),
    /** Set when the saved port was taken and the ingest listens on another one for this run: says so, with the address to use. */
    note: z.string().nullable(),
  }),
  /** `managedFor`: the owner's name when the user manages the channel for them; null for the user's own. */
  channel: z.object({ id: z.string(), title: z.string(), managedFor: z.string().nullable() }).nullable(),
  phase: z.enum(['idle', 'starting', 'live', 'ending', 'failed']),
  checklist: z.array(z.object({ step: z.string(), label: z.string(), state: StepState, detail: z.string().nullable() })),
  /** What to do next, in words, when something is missing or failed. */
  nextAction: z.string().nullable(),
  encoder: z
    .object({ connected: z.boolean(), codecs: z.string().nullable(), bitrateKbps: z.number().nullable(), fps: z.number().nullable(), keyframeIntervalSeconds: z.number().nullable() })
    .nullable(),
  targets: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      state: z.string(),
      active: z.boolean(),
      bytes: z.number(),
      bitrateKbps: z.number().nullable(),
      reconnects: z.number(),
      lastSwitchAt: z.number().nullable(),
    }),
  ),
  channelStatus: z.enum(['live', 'offair']).nullable(),
  viewers: z.number().nullable(),
  recording: z.object({
    state: z.enum(['idle', 'starting', 'recording', 'stopping']),
    /** Unix seconds. */
    since: z.number().nullable(),
    limitSeconds: z.number().nullable(),
    recordWhenLive: z.boolean(),
    lastVideo: z.object({ id: z.string(), url: z.string() }).nullable(),
  }),
  /** The channel's autorecord mode as last set from this app (the platform offers no way to read it). */
  autorecord: z.enum(['disabled', 'private', 'public']).nullable(),
  lastError: z.string().nullable(),
});
export type LiveState = z.output<typeof LiveState>;

export const ChannelChoice = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  /** The owner's user name when the signed-in user manages this channel for them; null for the user's own. */
  managedFor: z.string().nullable(),
});
export type ChannelChoice = z.output<typeof ChannelChoice>;

const Protection = z.enum(['public', 'private']);

export const UploadRow = z.object({
  id: z.string(),
  /** Absolute path on the computer running the app. */
  file: z.string(),
  size: z.number(),
  channelId: z.string(),
  title: z.string(),
  description: z.string(),
  protect: Protection,
  /**
   * waiting: in line for a transfer slot; initialising, transferring, sending-ready: in a slot;
   * processing: the platform has it (platformStatus says how far); then complete, failed or cancelled.
   */
  state: z.enum(['waiting', 'paused', 'initialising', 'transferring', 'sending-ready', 'processing', 'complete', 'failed', 'cancelled']),
  platformStatus: z.enum(['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error']).nullable(),
  videoId: z.string().nullable(),
  /** Bytes the platform's FTP server has. */
  bytes: z.number(),
  /** Bytes per second while transferring. */
  speed: z.number(),
  etaSeconds: z.number().nullable(),
  /** Why it failed, in words. */
  failure: z.string().nullable(),
});
export type UploadRow = z.output<typeof UploadRow>;

export const UploadTotals = z.object({
  files: z.number(),
  complete: z.number(),
  failed: z.number(),
  /** Waiting, paused, in a slot or processing. */
  unfinished: z.number(),
  /** Of the current batch: bytes on the server, and of how many. */
  bytes: z.number(),
  size: z.number(),
  speed: z.number(),
  etaSeconds: z.number().nullable(),
  /** Why the whole queue is paused: by the streamer, or until the next sign-in. */
  paused: z.enum(['user', 'sign-in']).nullable(),
  concurrency: z.number(),
  /** Bytes per second for all transfers together; null: no limit. */
  speedLimit: z.number().nullable(),
});
export type UploadTotals = z.output<typeof UploadTotals>;

/** Why the upload queue cannot be used now; the message says what to do. */
export const UploadsUnavailable = z.object({
  code: z.enum(['signed-out', 'queue-busy', 'failed']),
  message: z.string(),
});
export type UploadsUnavailable = z.output<typeof UploadsUnavailable>;

export const UploadsState = z.object({
  available: z.boolean(),
  reason: UploadsUnavailable.nullable(),
  rows: z.array(UploadRow),
  totals: UploadTotals,
});
export type UploadsState = z.output<typeof UploadsState>;

/**
 * What changed in the queue since the last event (at most about four a second): the rows that changed or
 * were added, the ids that left. With `reset` the list is new (queue opened, closed, profile switched) and
 * `rows` holds all of it.
 */
export const UploadsChange = z.object({
  reset: z.boolean(),
  available: z.boolean(),
  reason: UploadsUnavailable.nullable(),
  rows: z.array(UploadRow),
  removed: z.array(z.string()),
  totals: UploadTotals,
});
export type UploadsChange = z.output<typeof UploadsChange>;

export const AddUploads = z.object({
  /** Files and folders (walked recursively) on the computer running the app. */
  paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
  channelId: z.string().min(1),
  description: z.string().max(5000).optional(),
  protect: Protection.optional(),
});
export type AddUploads = z.output<typeof AddUploads>;

export const AddUploadsResult = z.object({
  queued: z.number(),
  /** Files left out, each with the reason in words. */
  rejected: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type AddUploadsResult = z.output<typeof AddUploadsResult>;

export const UploadEdit = z
  .object({ title: z.string().trim().min(1).max(200).optional(), description: z.string().max(5000).optional(), protect: Protection.optional() })
  .refine((edit) => edit.title !== undefined || edit.description !== undefined || edit.protect !== undefined, 'nothing to change');
export type UploadEdit = z.output<typeof UploadEdit>;

export const UPLOAD_CONCURRENCY = { min: 1, max: 8 } as const;

export const UploadSettings = z.object({
  concurrency: z.number().int().min(UPLOAD_CONCURRENCY.min).max(UPLOAD_CONCURRENCY.max).optional(),
  /** Bytes per second; null removes the limit. */
  speedLimit: z.number().int().min(1024).max(10 * 1024 ** 3).nullable().optional(),
});
export type UploadSettings = z.output<typeof UploadSettings>;

export const FolderListing = z.object({
  /** Absolute. */
  path: z.string(),
  parent: z.string().nullable(),
  entries: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      kind: z.enum(['folder', 'file']),
      /** Files only. */
      size: z.number().nullable(),
      /** A file the platform takes (by its extension, and not empty). */
      supported: z.boolean(),
    }),
  ),
  /** The folder holds more entries than were listed. */
  truncated: z.boolean(),
});
export type FolderListing = z.output<typeof FolderListing>;

/** Part A "Channel operations": a title is REQUIRED on every edit; the spec gives no maximum (the sandbox's is 100). */
export const CHANNEL_LIMITS = { title: 100, description: 5000, tags: 50, tag: 100 } as const;

export const ChannelDetails = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** The channel's URL name. */
  url: z.string(),
  status: z.string(),
  /** The user's default channel (from the channel list; the spec has no call to change it). */
  isDefault: z.boolean(),
  /** Password protected: its metadata and details are for its owner only. */
  locked: z.boolean(),
  /** The owner's user name when the signed-in user manages this channel for them; null for the user's own. */
  managedFor: z.string().nullable(),
});
export type ChannelDetails = z.output<typeof ChannelDetails>;

export const ChannelEdit = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'the title is required')
    .max(CHANNEL_LIMITS.title)
    .refine((title) => ![...title].some((character) => character.charCodeAt(0) < 0x20), 'no control characters'),
  description: z.string().max(CHANNEL_LIMITS.description),
  tags: z
    .array(z.string().trim().min(1).max(CHANNEL_LIMITS.tag).refine((tag) => !tag.includes(','), 'a tag cannot hold a comma'))
    .max(CHANNEL_LIMITS.tags),
});
export type ChannelEdit = z.output<typeof ChannelEdit>;

export const MetadataContentType = z.enum(['channel', 'video']);
export type MetadataContentType = z.output<typeof MetadataContentType>;

export const MetadataField = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  contentType: MetadataContentType,
  type: z.string(),
  description: z.string(),
  isRequired: z.boolean(),
  enumItems: z.array(z.string()),
});
export type MetadataField = z.output<typeof MetadataField>;

/** The field types the app offers (the spec does not list the allowed values). */
export const METADATA_FIELD_TYPES = ['string', 'number', 'boolean', 'enum'] as const;

export const NewMetadataField = z
  .object({
    name: z.string().trim().regex(/^[a-z][a-z0-9_]{0,49}$/, 'a lowercase letter, then lowercase letters, digits or underscores (at most 50)'),
    displayName: z.string().trim().min(1, 'the display name is required').max(100),
    contentType: MetadataContentType,
    type: z.enum(METADATA_FIELD_TYPES),
    description: z.string().max(1000).optional(),
    isRequired: z.boolean(),
    enumItems: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  })
  .refine((field) => field.type !== 'enum' || (field.enumItems?.length ?? 0) > 0, 'an enum field needs at least one choice');
export type NewMetadataField = z.output<typeof NewMetadataField>;

export const ChannelMetadata = z.object({
  channelId: z.string(),
  values: z.array(z.object({ fieldId: z.string(), value: z.string() })),
  displays: z.array(z.object({ fieldId: z.string(), isLink: z.boolean() })),
});
export type ChannelMetadata = z.output<typeof ChannelMetadata>;

const channelId = z.string().min(1).max(100);
const fieldId = z.string().min(1).max(100);

/**
 * window.companionFiles: the one thing the Electron preload exposes beside the contract, the path of a file
 * dropped on the window (Electron's webUtils.getPathForFile). Absent in browser mode, where a page never
 * learns where a dropped file is.
 */
export interface DroppedFilePaths<F> {
  pathForFile(file: F): string;
}

/** Part A "Limits": simultaneously active managers, 3 by default. */
export const MAX_ACTIVE_MANAGERS = 3;

export const ManagerRow = z.object({
  /** The manager's platform user id; names the manager in every call. */
  userId: z.string(),
  email: z.string(),
  alias: z.string(),
  active: z.boolean(),
  /** Ids of the streamer's channels this manager may manage. */
  channels: z.array(z.string()),
});
export type ManagerRow = z.output<typeof ManagerRow>;

export const ManagersState = z.object({
  /** False when the account's plan lacks managers (the platform's 402): not a failure, a plan limit. */
  included: z.boolean(),
  /** Why not, in words, when `included` is false. */
  planNote: z.string().nullable(),
  managers: z.array(ManagerRow),
  /** The streamer's channels, to grant access to. */
  channels: z.array(z.object({ id: z.string(), title: z.string() })),
  maxActive: z.number(),
});
export type ManagersState = z.output<typeof ManagersState>;

export const InviteManager = z.object({
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address like name@example.com'),
  alias: z.string().trim().max(100).optional(),
});
export type InviteManager = z.output<typeof InviteManager>;

export const ManagerChange = z.object({ active: z.boolean(), alias: z.string().trim().max(100).optional() });
export type ManagerChange = z.output<typeof ManagerChange>;

const managerId = z.string().min(1).max(100);

export const DevicePasswordRow = z.object({
  deviceName: z.string(),
  /** The generated user name: names the device password. */
  userName: z.string(),
  /** Unix seconds. */
  createdAt: z.number().nullable(),
  validFrom: z.number(),
  /** Unix seconds; null: open-ended. */
  validUntil: z.number().nullable(),
});
export type DevicePasswordRow = z.output<typeof DevicePasswordRow>;

export const DEVICE_PASSWORD_PAGE_SIZE = { default: 50, max: 200 } as const;

export const DevicePasswordPage = z.object({
  items: z.array(DevicePasswordRow),
  page: z.number(),
  pageSize: z.number(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
});
export type DevicePasswordPage = z.output<typeof DevicePasswordPage>;

export const DevicePasswordPageRequest = z.object({
  page: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(DEVICE_PASSWORD_PAGE_SIZE.max).optional(),
});
export type DevicePasswordPageRequest = z.output<typeof DevicePasswordPageRequest>;

export const NewDevicePassword = z
  .object({
    deviceName: z.string().trim().min(1).max(100),
    /** Unix seconds; now when absent. */
    validFrom: z.number().int().min(0).optional(),
    validUntil: z.number().int().min(0).optional(),
  })
  .refine((request) => request.validUntil === undefined || request.validUntil > (request.validFrom ?? 0), 'validUntil must be after validFrom');
export type NewDevicePassword = z.output<typeof NewDevicePassword>;

/** The creation answer: the only time the generated password is seen. */
export const CreatedDevicePassword = DevicePasswordRow.extend({ password: z.string() });
export type CreatedDevicePassword = z.output<typeof CreatedDevicePassword>;

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

const webAddress = z.string().trim().min(1).max(2000).regex(/^https?:\/\/[^\s/]+/i, 'an http or https address');

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

/** Part B "Event names": what a channel hook can be registered for. */
export const HOOK_EVENTS = ['channel.status.live', 'channel.status.offair', 'video.create', 'video.deleted'] as const;
export const HookEventName = z.enum(HOOK_EVENTS);
export type HookEventName = z.output<typeof HookEventName>;

/** One event's hook on a channel; `status` null when none is registered. */
export const HookRow = z.object({
  event: HookEventName,
  recipient: z.string().nullable(),
  status: z.enum(['pending', 'active', 'suspended']).nullable(),
  /** The hook calls this app's built-in receiver (sandbox profile). */
  atReceiver: z.boolean(),
});
export type HookRow = z.output<typeof HookRow>;

export const HooksState = z.object({
  channelId: z.string(),
  /** The built-in receiver's address: only with the sandbox profile (a real platform cannot reach this computer). */
  receiverUrl: z.string().nullable(),
  hooks: z.array(HookRow),
});
export type HooksState = z.output<typeof HooksState>;

/** What the built-in receiver got: a handshake it answered or refused, or a delivery and its signature check. */
export const HookDelivery = z.object({
  id: z.number(),
  /** Milliseconds since the epoch. */
  at: z.number(),
  kind: z.enum(['handshake', 'delivery']),
  event: z.string(),
  channelId: z.string().nullable(),
  videoId: z.string().nullable(),
  /** Handshake answered / signature verified; false when refused or not verified. */
  accepted: z.boolean(),
  note: z.string(),
});
export type HookDelivery = z.output<typeof HookDelivery>;

/** Part A "Branding" and "Limits": the logo is at most 170 x 170 px, one of three types. */
export const LOGO_LIMITS = { maxSide: 170, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;
/** Part A "Limits": the channel picture is square and under 1 MB (read as 1,000,000 bytes). */
export const PICTURE_LIMITS = { maxBytes: 1_000_000, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;

export const BrandingType = z.enum(['co', 'full', 'no']);
export type BrandingType = z.output<typeof BrandingType>;
export const LogoPosition = z.enum(['top-left', 'top-middle', 'top-right', 'middle-left', 'middle-right', 'bottom-left', 'bottom-middle', 'bottom-right']);
export type LogoPosition = z.output<typeof LogoPosition>;

export const LogoSettings = z.object({
  position: LogoPosition,
  margin: z.number().int().min(0).max(10_000),
  /** An http(s) address, or empty for none. */
  link: z.union([z.literal(''), z.string().trim().max(2000).regex(/^https?:\/\/[^\s/]+/i, 'an http or https address')]),
});
export type LogoSettings = z.output<typeof LogoSettings>;

/** An image the renderer read from a file input: its bytes as base64 (the transports carry JSON). */
export const ImageUpload = z.object({
  contentType: z.enum(['image/jpeg', 'image/png', 'image/gif']),
  /** 1,000,000 bytes are 1,333,336 base64 characters. */
  base64: z.string().min(1).max(1_400_000),
});
export type ImageUpload = z.output<typeof ImageUpload>;

export const UploadedImage = z.object({ width: z.number(), height: z.number(), bytes: z.number() });
export type UploadedImage = z.output<typeof UploadedImage>;

/** The page background colour; null when none is set. */
export const ChannelBackground = z.object({ color: z.string().nullable() });
export type ChannelBackground = z.output<typeof ChannelBackground>;

export const HexColor = z.string().trim().regex(/^#?([0-9a-f]{6}|[0-9a-f]{3})$/i, 'a hex colour like #1a2b3c');

// ---- Featured videos, playlists, upcoming events (part B): the Playlists panel and the Channel panel's events ----

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

// ---- The app's status and desktop settings (tray, header, global hotkeys, start at login) ----

/** What the tray icon and browser mode's header show; derived in main from the live state and the upload totals. */
export const AppStatus = z.object({
  /** The tray icon: the strongest of what runs (recording, then live, then uploading). */
  indicator: z.enum(['offline', 'live', 'recording', 'uploading']),
  live: z.enum(['offline', 'starting', 'live', 'reconnecting', 'ending', 'failed']),
  recording: z.boolean(),
  /** Null when no upload is unfinished. */
  uploads: z.object({ unfinished: z.number(), percent: z.number(), paused: z.boolean() }).nullable(),
  channel: z.string().nullable(),
  /** One sentence for a tooltip or a header: "Live on Main, recording". */
  summary: z.string(),
});
export type AppStatus = z.output<typeof AppStatus>;

/** What a global hotkey does: the same facade calls as the Go live panel's buttons. */
export const HOTKEY_ACTIONS = ['toggle-live', 'toggle-recording', 'panic'] as const;
export const HotkeyAction = z.enum(HOTKEY_ACTIONS);
export type HotkeyAction = z.output<typeof HotkeyAction>;

/** An Electron accelerator such as "CommandOrControl+Shift+F9", or null for none. */
const accelerator = z.string().trim().min(1).max(100).nullable();

export const DesktopSettings = z.object({
  hotkeys: z.array(
    z.object({
      action: HotkeyAction,
      label: z.string(),
      accelerator,
      /** Why it does not work now, in a sentence (another app holds it); null when it works or is off. */
      problem: z.string().nullable(),
    }),
  ),
  startAtLogin: z.boolean(),
  /** False in browser mode and the CLI: the settings are kept, but only the desktop app applies them. */
  applied: z.boolean(),
  /** The saved file could not be read and the defaults are in use, in a sentence; null once saved again. */
  fileProblem: z.string().nullable(),
});
export type DesktopSettings = z.output<typeof DesktopSettings>;

export const DesktopSettingsChange = z.object({
  hotkeys: z.partialRecord(HotkeyAction, accelerator).optional(),
  startAtLogin: z.boolean().optional(),
});
export type DesktopSettingsChange = z.output<typeof DesktopSettingsChange>;

const playlistId = z.string().min(1).max(100);
// Video tools: a video's thumbnail, trim and copy, labels, chapters and captions (the Videos panel's tool tabs).

/**
 * Part B "Limits": a thumbnail "under 10 MB" (read as 10,000,000 bytes, the stricter reading) and "smaller
 * than 4000x4000 px" (each side under 4000).
 */
export const THUMBNAIL_LIMITS = { maxBytes: 10_000_000, maxSide: 4000, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;
/** Part B "Limits": a trim and a copy are at least 10 seconds long. */
export const MIN_CUT_SECONDS = 10;

export const ThumbnailUpload = z.object({
  contentType: z.enum(THUMBNAIL_LIMITS.types),
  /** 9,999,999 bytes are 13,333,332 base64 characters. */
  base64: z.string().min(1).max(13_333_336),
});
export type ThumbnailUpload = z.output<typeof ThumbnailUpload>;

const wholeSeconds = z.number().int().min(0).max(100_000_000);
const atLeastMinimumCut = (range: { start: number; end: number }) => range.end - range.start >= MIN_CUT_SECONDS;
const minimumCutMessage = `the end must be at least ${MIN_CUT_SECONDS} seconds after the start`;

/** Playback start and end in whole seconds, as the platform reports them. */
export const VideoTrim = z.object({ start: z.number(), end: z.number() });
export type VideoTrim = z.output<typeof VideoTrim>;

export const TrimRange = z.object({ start: wholeSeconds, end: wholeSeconds }).refine(atLeastMinimumCut, minimumCutMessage);
export type TrimRange = z.output<typeof TrimRange>;

export const CopyOrder = z
  .object({ start: wholeSeconds, end: wholeSeconds, title: z.string().trim().min(1, 'the title is required').max(255), description: z.string().max(5000).optional() })
  .refine(atLeastMinimumCut, minimumCutMessage);
export type CopyOrder = z.output<typeof CopyOrder>;

/** A copy in progress or done: the platform says only whether it has finished, then the new video. */
export const CopyProgress = z.object({ requestId: z.string(), finished: z.boolean(), videoId: z.string().nullable(), videoUrl: z.string().nullable() });
export type CopyProgress = z.output<typeof CopyProgress>;

/**
 * A copy the app follows until the platform has made it. Main keeps these per profile across restarts
 * (the newest 50), so a reload or a restart neither loses the list nor stops the following.
 */
export const VideoCopy = z.object({
  requestId: z.string(),
  sourceVideoId: z.string(),
  title: z.string(),
  start: z.number(),
  end: z.number(),
  /** Milliseconds since the epoch. */
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  progress: CopyProgress,
  /** Why the app stopped following the copy before it finished, in words. */
  failure: z.string().nullable(),
});
export type VideoCopy = z.output<typeof VideoCopy>;

export const VideoLabel = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type VideoLabel = z.output<typeof VideoLabel>;

/** The account's labels and which of them the video carries. */
export const VideoLabels = z.object({ videoId: z.string(), labels: z.array(VideoLabel), attached: z.array(z.number()) });
export type VideoLabels = z.output<typeof VideoLabels>;

const oneLine = (text: string) => !/[\r\n]/.test(text);
export const LabelName = z.string().trim().min(1, 'the name is required').max(100).refine(oneLine, 'one line');

export const VideoChapter = z.object({ id: z.string(), title: z.string(), position: z.number() });
export type VideoChapter = z.output<typeof VideoChapter>;

export const ChapterFields = z.object({ title: z.string().trim().min(1, 'the title is required').max(100).refine(oneLine, 'one line'), position: wholeSeconds });
export type ChapterFields = z.output<typeof ChapterFields>;

export const VideoCaption = z.object({ language: z.string(), isDefault: z.boolean(), isVisible: z.boolean(), status: z.enum(['processing', 'active']) });
export type VideoCaption = z.output<typeof VideoCaption>;

export const CaptionLanguage = z.object({ code: z.string(), name: z.string() });
export type CaptionLanguage = z.output<typeof CaptionLanguage>;

export const CaptionFlags = z
  .object({ isVisible: z.boolean().optional(), isDefault: z.boolean().optional() })
  .refine((flags) => flags.isVisible !== undefined || flags.isDefault !== undefined, 'nothing to change');
export type CaptionFlags = z.output<typeof CaptionFlags>;

const labelId = z.number().int().positive();
const chapterId = z.string().min(1).max(100);
const captionLanguage = z.string().min(1).max(20);
/** A WebVTT file as text; the spec sets no size, the transports carry JSON. */
const webVtt = z.string().min(1).max(5_000_000);

// ---- Videos panel (issue 8): the library, downloads, expiration, custom metadata values ----------------

/** Part B "Limits": the video lists page 50 at a time; "Video edit": the sandbox's title and description limits. */
export const VIDEO_PAGE_SIZE = 50;
export const VIDEO_LIMITS = { title: 255, description: 5000, query: 200 } as const;

export const VideoListRequest = z.object({
  /** A channel's videos; null: all of the signed-in user's (`/users/self/videos`). */
  channelId: z.string().min(1).max(100).nullable(),
  page: z.number().int().min(1).max(100_000),
  /** Text search: the platform searches public videos only, and only without a protection filter. */
  q: z.string().trim().max(VIDEO_LIMITS.query).optional(),
  sort: z.enum(['recent', 'popular']),
  /** Empty: every protection level. */
  protect: z.array(Protection).max(2),
});
export type VideoListRequest = z.output<typeof VideoListRequest>;

export const CaptionMatch = z.object({ startSec: z.number(), endSec: z.number(), caption: z.string() });
export type CaptionMatch = z.output<typeof CaptionMatch>;

export const VideoRow = z.object({
  id: z.string(),
  /** From the video's channel link; null when the link names no channel. */
  channelId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** The video's web page. */
  url: z.string().nullable(),
  lengthSeconds: z.number().nullable(),
  /** Unix seconds. */
  createdAt: z.number().nullable(),
  views: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Only from a search: the caption cues that hold the words, earliest first. */
  captionMatches: z.array(CaptionMatch).nullable(),
});
export type VideoRow = z.output<typeof VideoRow>;

export const VideoPage = z.object({
  request: VideoListRequest,
  items: z.array(VideoRow),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
  /** What the platform's rules did to the request (a search drops the protection filter), in words. */
  note: z.string().nullable(),
});
export type VideoPage = z.output<typeof VideoPage>;

export const VideoDetailLevel = z.enum(['minimal', 'default', 'owner']);
export type VideoDetailLevel = z.output<typeof VideoDetailLevel>;

export const VideoDetails = VideoRow.extend({
  detailLevel: VideoDetailLevel,
  addedAt: z.number().nullable(),
  fileSize: z.number().nullable(),
  /** Direct HLS address: detail level owner, when the account has it. */
  hlsUrl: z.string().nullable(),
});
export type VideoDetails = z.output<typeof VideoDetails>;

export const VideoEdit = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'the title is required')
      .max(VIDEO_LIMITS.title)
      .refine((title) => ![...title].some((character) => character.charCodeAt(0) < 0x20), 'no line breaks or control characters')
      .optional(),
    description: z.string().max(VIDEO_LIMITS.description).optional(),
    protect: Protection.optional(),
  })
  .refine((edit) => edit.title !== undefined || edit.description !== undefined || edit.protect !== undefined, 'nothing to change');
export type VideoEdit = z.output<typeof VideoEdit>;

export const VideoFileFormat = z.enum(['mp4', 'flv']);
export type VideoFileFormat = z.output<typeof VideoFileFormat>;

/** Part B "Downloadable version", for one video and container. */
export const VideoDownloadable = z.object({
  videoId: z.string(),
  format: VideoFileFormat,
  status: z.enum(['available', 'unavailable', 'pending']),
  downloadUrl: z.string().nullable(),
  /** Unix seconds: the end of the 24-hour window; null when it never ends. */
  expiresAt: z.number().nullable(),
});
export type VideoDownloadable = z.output<typeof VideoDownloadable>;

/**
 * A file being saved from a download link to this computer. Main keeps the signed-in profile's newest rows
 * across restarts and resumes a `running` one by itself; the link is never kept (it is a secret: whoever has
 * it has the file), so a resume asks the platform for a fresh one.
 */
export const VideoDownloadTransfer = z.object({
  id: z.string(),
  videoId: z.string(),
  format: VideoFileFormat,
  /** Where the finished file is (while running it is written beside it as `<file>.part`). */
  file: z.string(),
  /** `cancelled`: stopped by the streamer; its `.part` stays, so saving the video again picks it up. */
  state: z.enum(['running', 'complete', 'failed', 'cancelled']),
  bytes: z.number(),
  /** Null until the server says how big the file is. */
  total: z.number().nullable(),
  /** How many times a cut connection was picked up where it stopped (after a restart too). */
  resumes: z.number(),
  failure: z.string().nullable(),
  /** Unix milliseconds. */
  startedAt: z.number(),
  /** Unix milliseconds; null while running. */
  endedAt: z.number().nullable(),
});
export type VideoDownloadTransfer = z.output<typeof VideoDownloadTransfer>;

export const VideoDownloadsState = z.object({
  /** Where files go when no folder is given: the OS Downloads folder. */
  defaultFolder: z.string(),
  /** The shell can show a saved file in its folder (Electron); browser mode shows the path instead. */
  canReveal: z.boolean(),
  transfers: z.array(VideoDownloadTransfer),
});
export type VideoDownloadsState = z.output<typeof VideoDownloadsState>;

export const SaveVideoDownload = z.object({ folder: z.string().trim().min(1).max(4096).optional() });
export type SaveVideoDownload = z.output<typeof SaveVideoDownload>;

/** Part B "Expiration": `expiresAt` only with the rule `at_given_time`. */
export const VideoExpiration = z.object({ videoId: z.string(), rule: z.enum(['never', 'at_given_time']), expiresAt: z.number().nullable() });
export type VideoExpiration = z.output<typeof VideoExpiration>;

export const VideoMetadata = z.object({
  videoId: z.string(),
  /** The account's field definitions for videos. */
  fields: z.array(MetadataField),
  values: z.array(z.object({ fieldId: z.string(), value: z.string() })),
});
export type VideoMetadata = z.output<typeof VideoMetadata>;

const videoId = z.string().min(1).max(100);
/** A saved file's row (main names it). */
const transferId = z.string().min(1).max(100);

const uploadId = z.string().min(1).max(100);

export const contract = defineContract({
  methods: {
    appInfo: { args: z.tuple([]), result: AppInfo },
    session: { args: z.tuple([]), result: SessionInfo },
    signIn: { args: z.tuple([SignInOptions]), result: SignInStart },
    signOut: { args: z.tuple([]), result: SessionInfo },
    profiles: { args: z.tuple([]), result: ProfilesInfo },
    switchProfile: { args: z.tuple([z.string().min(1).max(40)]), result: SessionInfo },
    liveState: { args: z.tuple([]), result: LiveState },
    liveChannels: { args: z.tuple([]), result: z.array(ChannelChoice) },
    chooseLiveChannel: { args: z.tuple([z.string().min(1)]), result: LiveState },
    goLive: { args: z.tuple([]), result: LiveState },
    endLive: { args: z.tuple([]), result: LiveState },
    reconnectNow: { args: z.tuple([]), result: LiveState },
    /** The streamer has read the last live error: it goes away until the next one. */
    dismissLiveError: { args: z.tuple([]), result: LiveState },
    revealLocalKey: { args: z.tuple([]), result: z.string() },
    regenerateLocalKey: { args: z.tuple([]), result: LiveState },
    startRecording: { args: z.tuple([]), result: LiveState },
    stopRecording: { args: z.tuple([]), result: LiveState },
    setRecordWhenLive: { args: z.tuple([z.boolean()]), result: LiveState },
    setAutorecord: { args: z.tuple([z.enum(['disabled', 'private', 'public'])]), result: LiveState },
    uploadsState: { args: z.tuple([]), result: UploadsState },
    addUploads: { args: z.tuple([AddUploads]), result: AddUploadsResult },
    pauseUploads: { args: z.tuple([]), result: UploadTotals },
    resumeUploads: { args: z.tuple([]), result: UploadTotals },
    pauseUpload: { args: z.tuple([uploadId]), result: UploadRow },
    resumeUpload: { args: z.tuple([uploadId]), result: UploadRow },
    cancelUpload: { args: z.tuple([uploadId]), result: UploadRow },
    retryUpload: { args: z.tuple([uploadId]), result: UploadRow },
    retryFailedUploads: { args: z.tuple([]), result: UploadTotals },
    clearFinishedUploads: { args: z.tuple([z.object({ failed: z.boolean().optional() })]), result: UploadTotals },
    editUpload: { args: z.tuple([uploadId, UploadEdit]), result: UploadRow },
    setUploadSettings: { args: z.tuple([UploadSettings]), result: UploadTotals },
    browseFolder: { args: z.tuple([z.object({ path: z.string().min(1).max(4096).optional() })]), result: FolderListing },
    channelDetails: { args: z.tuple([channelId]), result: ChannelDetails },
    editChannel: { args: z.tuple([channelId, ChannelEdit]), result: ChannelDetails },
    /** `confirmTitle` must be the channel's title: a delete names what it deletes. */
    deleteChannel: { args: z.tuple([channelId, z.object({ confirmTitle: z.string() })]), result: z.array(ChannelChoice) },
    metadataFields: { args: z.tuple([MetadataContentType]), result: z.array(MetadataField) },
    createMetadataField: { args: z.tuple([NewMetadataField]), result: MetadataField },
    deleteMetadataField: { args: z.tuple([fieldId]), result: z.null() },
    channelMetadata: { args: z.tuple([channelId]), result: ChannelMetadata },
    setChannelMetadataValue: { args: z.tuple([channelId, fieldId, z.string().min(1).max(1000)]), result: ChannelMetadata },
    removeChannelMetadataValue: { args: z.tuple([channelId, fieldId]), result: ChannelMetadata },
    setChannelMetadataDisplay: { args: z.tuple([channelId, fieldId, z.boolean()]), result: ChannelMetadata },
    removeChannelMetadataDisplay: { args: z.tuple([channelId, fieldId]), result: ChannelMetadata },
    managers: { args: z.tuple([]), result: ManagersState },
    inviteManager: { args: z.tuple([InviteManager]), result: ManagerRow },
    changeManager: { args: z.tuple([managerId, ManagerChange]), result: ManagerRow },
    removeManager: { args: z.tuple([managerId]), result: z.null() },
    setManagerChannel: { args: z.tuple([managerId, z.string().min(1).max(100), z.boolean()]), result: ManagerRow },
    devicePasswords: { args: z.tuple([DevicePasswordPageRequest]), result: DevicePasswordPage },
    createDevicePassword: { args: z.tuple([NewDevicePassword]), result: CreatedDevicePassword },
    deleteDevicePassword: { args: z.tuple([z.string().min(1).max(200)]), result: z.null() },
    setBrandingType: { args: z.tuple([channelId, BrandingType]), result: z.null() },
    removeBranding: { args: z.tuple([channelId]), result: z.null() },
    setLogoSettings: { args: z.tuple([channelId, LogoSettings]), result: z.null() },
    uploadLogo: { args: z.tuple([channelId, ImageUpload]), result: UploadedImage },
    channelBackground: { args: z.tuple([channelId]), result: ChannelBackground },
    setChannelBackground: { args: z.tuple([channelId, HexColor]), result: ChannelBackground },
    removeChannelBackground: { args: z.tuple([channelId]), result: z.null() },
    uploadChannelPicture: { args: z.tuple([channelId, ImageUpload]), result: UploadedImage },
    removeChannelPicture: { args: z.tuple([channelId]), result: z.null() },
    channelSecurity: { args: z.tuple([channelId]), result: ChannelSecurity },
    setChannelPassword: { args: z.tuple([channelId, z.string().min(1).max(100)]), result: ChannelSecurity },
    removeChannelPassword: { args: z.tuple([channelId]), result: ChannelSecurity },
    setEmbedLock: { args: z.tuple([channelId, z.boolean()]), result: ChannelSecurity },
    addEmbedAllowedUrl: { args: z.tuple([channelId, webAddress]), result: ChannelSecurity },
    clearEmbedAllowedUrls: { args: z.tuple([channelId]), result: ChannelSecurity },
    setPageLock: { args: z.tuple([channelId, z.boolean()]), result: ChannelSecurity },
    setViewerSetting: { args: z.tuple([channelId, ViewerSetting, z.boolean()]), result: z.null() },
    hashLock: { args: z.tuple([channelId]), result: HashLockView.nullable() },
    setHashLock: { args: z.tuple([channelId, HashLockChange]), result: HashLockResult },
    removeHashLock: { args: z.tuple([channelId]), result: z.null() },
    hooks: { args: z.tuple([channelId]), result: HooksState },
    registerHook: { args: z.tuple([channelId, HookEventName, webAddress]), result: HooksState },
    removeHook: { args: z.tuple([channelId, HookEventName]), result: HooksState },
    hookDeliveries: { args: z.tuple([]), result: z.array(HookDelivery) },
    // Featured videos, playlists, upcoming events (part B)
    featuredVideos: { args: z.tuple([channelId]), result: FeaturedVideos },
    /** Replaces the channel's featured list with these videos, in this order (add, remove and reorder alike). */
    setFeaturedVideos: { args: z.tuple([channelId, z.array(videoId).max(1000)]), result: FeaturedVideos },
    playlists: { args: z.tuple([PlaylistPageRequest]), result: PlaylistPage },
    createPlaylist: { args: z.tuple([NewPlaylist]), result: PlaylistRow },
    renamePlaylist: { args: z.tuple([playlistId, playlistTitle]), result: PlaylistRow },
    deletePlaylist: { args: z.tuple([playlistId]), result: z.null() },
    playlistVideos: { args: z.tuple([playlistId]), result: PlaylistContents },
    addPlaylistVideo: { args: z.tuple([playlistId, videoId]), result: PlaylistContents },
    removePlaylistVideo: { args: z.tuple([playlistId, videoId]), result: PlaylistContents },
    /** `position` is 1-based, as the platform counts a playlist's `order`. */
    movePlaylistVideo: { args: z.tuple([playlistId, videoId, z.number().int().min(1).max(100_000)]), result: PlaylistContents },
    videoChoices: { args: z.tuple([VideoChoiceRequest]), result: VideoChoicePage },
    upcomingEvents: { args: z.tuple([channelId, z.number().int().min(1).max(100_000)]), result: UpcomingEventPage },
    // Videos panel (issue 8): library, download, expiration, custom metadata values
    videos: { args: z.tuple([VideoListRequest]), result: VideoPage },
    videoDetails: { args: z.tuple([videoId, VideoDetailLevel]), result: VideoDetails },
    editVideo: { args: z.tuple([videoId, VideoEdit]), result: VideoDetails },
    deleteVideo: { args: z.tuple([videoId]), result: z.null() },
    videoDownloadable: { args: z.tuple([videoId, VideoFileFormat]), result: VideoDownloadable },
    /** Asks the platform to make the file; asking again while it is pending or available reports the same file. */
    requestVideoDownloadable: { args: z.tuple([videoId, VideoFileFormat]), result: VideoDownloadable },
    videoDownloads: { args: z.tuple([]), result: VideoDownloadsState },
    saveVideoDownload: { args: z.tuple([videoId, VideoFileFormat, SaveVideoDownload]), result: VideoDownloadTransfer },
    showVideoDownload: { args: z.tuple([transferId]), result: z.null() },
    /** Stops a running transfer and marks it cancelled; the `.part` stays, so a later save resumes it. */
    cancelVideoDownload: { args: z.tuple([transferId]), result: VideoDownloadTransfer },
    /** Takes an ended (complete, failed or cancelled) row off the list; the file on disk stays as it is. */
    removeVideoDownload: { args: z.tuple([transferId]), result: z.null() },
    videoExpiration: { args: z.tuple([videoId]), result: VideoExpiration },
    setVideoExpirationNever: { args: z.tuple([videoId]), result: VideoExpiration },
    videoMetadata: { args: z.tuple([videoId]), result: VideoMetadata },
    setVideoMetadataValue: { args: z.tuple([videoId, fieldId, z.string().min(1).max(1000)]), result: VideoMetadata },
    removeVideoMetadataValue: { args: z.tuple([videoId, fieldId]), result: VideoMetadata },
    // Video tools: thumbnail, trim and copy, labels, chapters, captions
    uploadVideoThumbnail: { args: z.tuple([videoId, ThumbnailUpload]), result: UploadedImage },
    /** Seconds into the video. */
    setVideoThumbnailFrame: { args: z.tuple([videoId, z.number().min(0).max(100_000_000)]), result: z.null() },
    videoTrim: { args: z.tuple([videoId]), result: VideoTrim },
    setVideoTrim: { args: z.tuple([videoId, TrimRange]), result: VideoTrim },
    removeVideoTrim: { args: z.tuple([videoId]), result: VideoTrim },
    /** Starts the copy; main follows it and reports each change as a `videoCopy` event. */
    copyVideoPart: { args: z.tuple([videoId, CopyOrder]), result: CopyProgress },
    /** The signed-in profile's copies, newest first: those being followed and those that ended. */
    videoCopies: { args: z.tuple([]), result: z.array(VideoCopy) },
    videoLabels: { args: z.tuple([videoId]), result: VideoLabels },
    createLabel: { args: z.tuple([LabelName]), result: VideoLabel },
    renameLabel: { args: z.tuple([labelId, LabelName]), result: z.null() },
    deleteLabel: { args: z.tuple([labelId]), result: z.null() },
    setVideoLabel: { args: z.tuple([videoId, labelId, z.boolean()]), result: z.null() },
    videoChapters: { args: z.tuple([videoId]), result: z.array(VideoChapter) },
    addVideoChapter: { args: z.tuple([videoId, ChapterFields]), result: z.array(VideoChapter) },
    editVideoChapter: { args: z.tuple([videoId, chapterId, ChapterFields]), result: z.array(VideoChapter) },
    deleteVideoChapter: { args: z.tuple([videoId, chapterId]), result: z.array(VideoChapter) },
    deleteAllVideoChapters: { args: z.tuple([videoId]), result: z.array(VideoChapter) },
    videoCaptions: { args: z.tuple([videoId]), result: z.array(VideoCaption) },
    captionLanguages: { args: z.tuple([]), result: z.array(CaptionLanguage) },
    uploadVideoCaption: { args: z.tuple([videoId, captionLanguage, webVtt]), result: z.array(VideoCaption) },
    setVideoCaptionFlags: { args: z.tuple([videoId, captionLanguage, CaptionFlags]), result: z.array(VideoCaption) },
    videoCaptionVtt: { args: z.tuple([videoId, captionLanguage]), result: z.string() },
    /** Versions, OS, profile kinds and the end of the logs, with secrets redacted: for a bug report. */
    diagnostics: { args: z.tuple([]), result: z.string() },
    /** Notices raised while the core started, before any window listened (e.g. a damaged settings file reset). */
    startupNotices: { args: z.tuple([]), result: z.array(Notice) },
    // The app's status and desktop settings
    appStatus: { args: z.tuple([]), result: AppStatus },
    /** Where secrets are kept this run (the keychain, or memory without one). */
    keychainStatus: { args: z.tuple([]), result: KeychainStatus },
    /** Asks the keychain again now (after unlocking or installing one); what memory holds moves there. */
    retryKeychain: { args: z.tuple([]), result: KeychainStatus },
    desktopSettings: { args: z.tuple([]), result: DesktopSettings },
    setDesktopSettings: { args: z.tuple([DesktopSettingsChange]), result: DesktopSettings },
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
