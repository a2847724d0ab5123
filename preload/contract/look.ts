// Branding and design: logo, background, channel picture.
import { z } from 'zod';
import { defineNamespace } from '../contract-kit.js';
import { channelId } from './common.js';

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

/** Branding and design, served by the look service. */
export const lookNamespace = defineNamespace({
  setBrandingType: { args: z.tuple([channelId, BrandingType]), result: z.null() },
  removeBranding: { args: z.tuple([channelId]), result: z.null() },
  setLogoSettings: { args: z.tuple([channelId, LogoSettings]), result: z.null() },
  uploadLogo: { args: z.tuple([channelId, ImageUpload]), result: UploadedImage },
  background: { args: z.tuple([channelId]), result: ChannelBackground },
  setBackground: { args: z.tuple([channelId, HexColor]), result: ChannelBackground },
  removeBackground: { args: z.tuple([channelId]), result: z.null() },
  uploadPicture: { args: z.tuple([channelId, ImageUpload]), result: UploadedImage },
  removePicture: { args: z.tuple([channelId]), result: z.null() },
});
