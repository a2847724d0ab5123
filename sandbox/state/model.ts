// The sandbox platform's data: what the spec's resources are made of, plus what the platform keeps
// privately (passwords, keys, files on disk). Plain data, so the whole state serialises to JSON.
import type { MetadataData } from './custom-metadata.js';
import type { LookData } from './channel-look.js';
import type { SecurityData } from './security.js';
import type { FeaturedData } from './featured-videos.js';
import type { PlaylistData } from './playlists.js';
import type { UpcomingEventData } from './upcoming-events.js';
import type { VideoExtrasData } from './video-extras.js';
import type { LabelData } from './labels.js';
import type { CaptionData } from './captions.js';
import type { ChapterData } from './chapters.js';
import type { PartUploadData } from './part-uploads.js';

/** Account benefits that gate 402 answers; switchable per sandbox account. */
export const BENEFITS = [
  'embed_restriction',
  'page_lock',
  'subaccount',
  'sharing_control',
  'multi_quality',
  'autorecord',
  'branding_co',
  'branding_full',
  'dhls',
  /** Video expiration rows; without it they answer 403 forbidden ("the user lacks permission"). */
  'video_expiration',
] as const;
export type Benefit = (typeof BENEFITS)[number];

export interface Account {
  readonly id: string;
  readonly username: string;
  /** Sandbox demo credential: a scrypt hash, never the password itself. */
  passwordHash: string;
  readonly email: string;
  readonly picture: string;
  benefits: Benefit[];
}

export interface Client {
  /** 40-character hex (sha1-shaped), as the spec says. */
  readonly id: string;
  readonly secret: string;
  readonly name: string;
  /** The user whose resources a client-credentials token reaches (the application owner). */
  readonly ownerId: string;
  /** A redirect URI is accepted when it starts with one of these. */
  readonly redirectUriPrefixes: string[];
  /**
   * Which face of the platform this client meets (docs/sandbox.md, "Dialects"): `spec`, parts A and B, or
   * `current`, the platform as it runs today (docs/platform-api/current.md). The sandbox speaks both at once;
   * what a call gets is decided by the client its token was issued to.
   */
  readonly dialect: ClientDialect;
  /** A native (public) application: it must use PKCE and may leave its secret out where the platform allows. */
  readonly native: boolean;
}

export type ClientDialect = 'spec' | 'current';

export type TokenType = 'bearer' | 'mac';
/** `offline` is the spec's only; `openid` today's platform's only (docs/sandbox.md, "Dialects"). */
export type Scope = 'offline' | 'broadcaster' | 'openid';

/**
 * An issued token as the platform keeps it. The state holds neither the access token nor the MAC key, so
 * a --state file gives nothing a thief could use: tokens are found by their SHA-256, and a MAC key is
 * derived from the token and the sandbox's master key when a request is checked.
 */
export interface Token {
  /** SHA-256 (hex) of the access token. */
  readonly tokenHash: string;
  readonly type: TokenType;
  /** Unix seconds: the MAC issue time; also the issue time of bearer tokens. */
  readonly createdAt: number;
  /** Unix seconds, or null with scope offline. */
  readonly expiresAt: number | null;
  readonly scopes: Scope[];
  readonly clientId: string;
  /** Null for client-credentials tokens, which identify the application. */
  readonly userId: string | null;
  readonly deviceName: string | null;
  revoked: boolean;
  /** The sign-in (refresh token family) this token was issued under, for today's platform's clients; revoked with it. */
  readonly familyId?: string;
}

/**
 * A refresh token of today's platform, kept as the SHA-256 of the token. Each use rotates it: the answer
 * carries a new one of the same family and this one is dead (`rotatedAt`); presenting a rotated one again
 * revokes the family (docs/sandbox.md, "Today's sign-in").
 */
export interface RefreshToken {
  readonly tokenHash: string;
  /** One per sign-in (code exchange); every refresh token and access token it leads to carries it. */
  readonly familyId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly scopes: Scope[];
  readonly deviceName: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Unix seconds of the refresh that used it, else null. */
  rotatedAt: number | null;
  revoked: boolean;
}

/**
 * A PKCE challenge (RFC 7636) as a code keeps it: whatever the method, the base64url SHA-256 of the verifier
 * that answers it (for S256 the challenge itself; for plain, the challenge hashed), so a plain verifier is
 * never stored in clear and one comparison checks both methods.
 */
export interface CodeChallenge {
  readonly method: 'plain' | 'S256';
  readonly verifierDigest: string;
}

export interface AuthorizationCode {
  /** SHA-256 (hex) of the code, for the same reason as Token.tokenHash. */
  readonly codeHash: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly userId: string;
  readonly scopes: Scope[];
  readonly deviceName: string | null;
  readonly expiresAt: number;
  used: boolean;
  /** Set for codes of today's platform's clients that sent a code_challenge; the token request must answer it. */
  readonly challenge?: CodeChallenge;
  /** The refresh token family the code's exchange started (today's platform), revoked if the code is replayed. */
  familyId?: string;
}

export type ChannelStatus = 'live' | 'offair';
export type AutorecordMode = 'disabled' | 'private' | 'public';
export type VideoProtection = 'public' | 'private';
export const HOOK_EVENTS = ['channel.status.live', 'channel.status.offair', 'video.create', 'video.deleted'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export interface Hook {
  readonly event: HookEvent;
  recipient: string;
  status: 'pending' | 'active' | 'suspended';
  /** Exchanged in the X-Hook-Secret handshake; signs deliveries. */
  secret: string;
}

export interface StreamingKey {
  readonly key: string;
  /** Unix seconds; a request within the lifetime extends it. */
  expiresAt: number;
}

export interface Recording {
  readonly videoId: string;
  readonly startedAt: number;
  /** 'api' for the recorder endpoint, 'auto' for autorecord. */
  readonly trigger: 'api' | 'auto';
}

export interface Channel {
  readonly id: string;
  readonly ownerId: string;
  title: string;
  description: string;
  tags: string[];
  /** The URL name: unique, derived from the title at creation. */
  readonly urlName: string;
  status: ChannelStatus;
  lastBroadcastAt: number | null;
  readonly createdAt: number;
  viewerTotal: number;
  viewers: number;
  isDefault: boolean;
  /** Password lock: the password when protected, else null. */
  password: string | null;
  readonly channelKey: string;
  streamingKey: StreamingKey | null;
  autorecord: AutorecordMode;
  /** Seconds: the maximum length of a recorded video. */
  recordingLimit: number;
  recording: Recording | null;
  hooks: Partial<Record<HookEvent, Hook>>;
}

export interface Video {
  readonly id: string;
  readonly channelId: string;
  readonly ownerId: string;
  title: string;
  description: string;
  protect: VideoProtection;
  createdAt: number;
  readonly addedAt: number;
  /** Seconds, as the decimal string the spec returns. */
  length: string;
  fileSize: number;
  views: number;
  readonly source: 'upload' | 'recording' | 'seed' | 'copy';
  /** Where the media lives on the sandbox's disk, when it has a file. */
  filePath: string | null;
}

export type UploadStatus = 'initiated' | 'transferred' | 'queued' | 'pending' | 'transcoding' | 'complete' | 'error';

export interface Upload {
  readonly videoId: string;
  readonly channelId: string;
  readonly ownerId: string;
  /** Base file name the client must store, without extension. */
  readonly path: string;
  readonly ftpUser: string;
  readonly ftpPassword: string;
  readonly title: string;
  readonly description: string;
  readonly protect: VideoProtection;
  status: UploadStatus;
  /** Why the upload ended in error, for the sandbox's own log and admin view. */
  errorReason: string | null;
}

/** A channel manager (part A, "Channel managers"): another registered user the master lets manage channels. */
export interface Manager {
  /** The master: the account that added the manager. */
  readonly masterId: string;
  /** The manager's own account; also the `manager_id` of the paths. */
  readonly userId: string;
  alias: string;
  active: boolean;
  /** Ids of the master's channels the manager may manage. */
  channels: string[];
}

/** A generated login for a device (part A, "Device passwords"). */
export interface DevicePassword {
  readonly ownerId: string;
  readonly deviceName: string;
  /** Generated; identifies the device password. */
  readonly userName: string;
  /** scrypt hash, as for account passwords; the password itself is only in the creation answer. */
  readonly passwordHash: string;
  readonly createdAt: number;
  readonly validFrom: number;
  readonly validUntil: number | null;
}

export interface SandboxData {
  /** Derives MAC keys from access tokens (see Token); 40 hex characters. */
  readonly masterKey: string;
  accounts: Account[];
  clients: Client[];
  tokens: Token[];
  codes: AuthorizationCode[];
  channels: Channel[];
  videos: Video[];
  uploads: Upload[];
  managers: Manager[];
  devicePasswords: DevicePassword[];
  /** Custom metadata definitions, channel values and display settings (see custom-metadata.ts); made on first use. */
  metadata?: MetadataData;
  /** Branding and design per channel (see channel-look.ts); made on first use. */
  look?: LookData;
  /** Per channel: locks other than the password, viewer settings, hash lock (see security.ts); made on first use. */
  security?: SecurityData;
  /** Featured videos per channel (see featured-videos.ts); made on first use. */
  featured?: FeaturedData;
  /** User and channel playlists (see playlists.ts); made on first use. */
  playlists?: PlaylistData;
  /** Upcoming events of channels (see upcoming-events.ts); made on first use. */
  upcomingEvents?: UpcomingEventData;
  /** Per video: expiration, thumbnail, trim, download files; and copy requests (see video-extras.ts); made on first use. */
  videoExtras?: VideoExtrasData;
  /** Users' labels and the labels of videos (see labels.ts); made on first use. */
  labels?: LabelData;
  /** Captions of videos (see captions.ts); made on first use. */
  captions?: CaptionData;
  /** Chapters of videos (see chapters.ts); made on first use. */
  chapters?: ChapterData;
  /** Uploads in 1 MiB parts over HTTP (see part-uploads.ts); made on first use. */
  partUploads?: PartUploadData;
  /** Refresh tokens of today's platform's clients (see sandbox/auth/refresh-tokens.ts); made on first use. */
  refreshTokens?: RefreshToken[];
  /** Next numeric id per kind: ids are strings of digits, as channelId/videoId are integers in hooks. */
  counters: { channel: number; video: number; account: number };
}
