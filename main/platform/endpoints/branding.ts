// Branding (spec part A, "Branding"): the branding type, and the logo with its settings.
import type { PlatformCaller } from '../platform-request.js';
import { segment, send, sendImage } from './request-parts.js';

export type BrandingType = 'co' | 'full' | 'no';

export type LogoPosition = 'top-left' | 'top-middle' | 'top-right' | 'middle-left' | 'middle-right' | 'bottom-left' | 'bottom-middle' | 'bottom-right';

export interface LogoSettings {
  readonly position: LogoPosition;
  /** Pixels, unsigned. */
  readonly margin: number;
  /** A valid URL, or the empty string for none. */
  readonly link: string;
}

/** At most 170 x 170 px, in one of the three types the spec allows. */
export interface LogoImage {
  readonly data: Uint8Array;
  readonly contentType: 'image/jpeg' | 'image/png' | 'image/gif';
}

/** "`<logo_id>` is only `0`", so it is not a parameter. */
const LOGO_ID = 0;

export function brandingApi(caller: PlatformCaller) {
  const base = (channelId: string) => `/channels/${segment(channelId)}/branding`;
  return {
    /** co-branding, full branding or none; 402 when the account has no access to that type. */
    async setType(channelId: string, type: BrandingType): Promise<void> {
      await send(caller, { method: 'PUT', path: `${base(channelId)}.json`, form: { type }, endpoint: 'PUT /channels/<channel_id>/branding.<format>' });
    },

    async remove(channelId: string): Promise<void> {
      await send(caller, { method: 'DELETE', path: `${base(channelId)}.json`, endpoint: 'DELETE /channels/<channel_id>/branding.<format>' });
    },

    async setLogoSettings(channelId: string, settings: LogoSettings): Promise<void> {
      await send(caller, {
        method: 'PUT',
        path: `${base(channelId)}/logo/${LOGO_ID}/settings.json`,
        form: { position: settings.position, margin: settings.margin, link: settings.link },
        endpoint: 'PUT /channels/<channel_id>/branding/logo/<logo_id>/settings.<format>',
      });
    },

    /** "The image is the request body": see sendImage. */
    async uploadLogo(channelId: string, image: LogoImage): Promise<void> {
      await sendImage(caller, 'PUT', `${base(channelId)}/logo/${LOGO_ID}.json`, 'PUT /channels/<channel_id>/branding/logo/<logo_id>.<format>', image);
    },
  };
}
