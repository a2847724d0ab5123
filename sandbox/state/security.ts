// A channel's security and viewer settings as the sandbox keeps them (spec part A, "Security and viewer
// settings"; part B, "Viewer authentication (hash lock)"). The password lock lives on the channel itself
// (Channel.password); everything else is here, per channel id, made on first use.

export interface HashLock {
  readonly type: 'basic' | 'advanced';
  readonly url: string;
  /** The shared secret: never returned by the API. */
  readonly secret: string;
  readonly message: string | null;
  readonly buttonCaption: string | null;
  readonly popupWidth: string;
  readonly popupHeight: string;
}

export interface ChannelSecurity {
  embedLocked: boolean;
  /** Kept while the embed lock is off (the GET answers [] then), as the platform keeps what the website set. */
  allowedUrls: string[];
  pageLocked: boolean;
  sharing: boolean;
  hideViewers: boolean;
  multiQuality: boolean;
  hashLock: HashLock | null;
}

export type SecurityData = Record<string, ChannelSecurity>;

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface SecurityHolder {
  security?: SecurityData;
}

/** The settings of one channel; a channel never changed has the platform's defaults. */
export function securityOf(data: SecurityHolder, channelId: string): ChannelSecurity {
  data.security ??= {};
  data.security[channelId] ??= { embedLocked: false, allowedUrls: [], pageLocked: false, sharing: true, hideViewers: false, multiQuality: false, hashLock: null };
  return data.security[channelId];
}

/** The type of the channel's hash lock, or null: what the channel's `locks.hash` shows. */
export function hashLockTypeOf(data: SecurityHolder, channelId: string): HashLock['type'] | null {
  return data.security?.[channelId]?.hashLock?.type ?? null;
}
