// A channel's look as the sandbox keeps it (spec part A, "Branding" and "Channel design"): the branding
// type, the logo and its settings, the page background colour and the channel picture. Images are kept as
// what their headers say plus a digest, not as bytes: the state stays small JSON.

export type BrandingType = 'co' | 'full' | 'no';
export const LOGO_POSITIONS = ['top-left', 'top-middle', 'top-right', 'middle-left', 'middle-right', 'bottom-left', 'bottom-middle', 'bottom-right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

export interface StoredImage {
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** SHA-256 (hex) of the bytes. */
  readonly sha256: string;
}

export interface ChannelLook {
  brandingType: BrandingType;
  logo: StoredImage | null;
  logoSettings: { position: LogoPosition; margin: number; link: string } | null;
  /** Hex RGB as `#rrggbb`, or null when none is set. */
  background: string | null;
  picture: StoredImage | null;
}

export interface LookData {
  channels: Record<string, ChannelLook>;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface LookHolder {
  look?: LookData;
}

function lookData(data: LookHolder): LookData {
  data.look ??= { channels: {} };
  return data.look;
}

/** A channel's look; made (no branding, no logo, no colour, no picture) on first use. */
export function lookOf(data: LookHolder, channelId: string): ChannelLook {
  const channels = lookData(data).channels;
  channels[channelId] ??= { brandingType: 'no', logo: null, logoSettings: null, background: null, picture: null };
  return channels[channelId];
}

/** Forgets a channel's look (the channel was deleted). */
export function forgetChannelLook(data: LookHolder, channelId: string): void {
  delete lookData(data).channels[channelId];
}
