// Branding and channel design for the panel: the branding type, the logo and its settings, the page
// background colour and the channel picture. Images are checked here before they leave (type from the
// bytes, dimensions from the header, byte size); the platform's refusals become sentences that say what
// to do, and 402 a plan note.
import {
  CompanionError,
  LOGO_LIMITS,
  PICTURE_LIMITS,
  type BrandingType,
  type ChannelBackground,
  type ImageUpload,
  type LogoSettings,
  type UploadedImage, type NamespaceImplementation, type lookNamespace } from '../../../preload/contract.js';
import { IMAGE_CONTENT_TYPES, readImageHeader, type ImageHeader } from '../../images/image-header.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { PlatformError } from '../../platform/platform-error.js';
import { explainPlatformError } from '../../explain-platform-error.js';

export const PLAN_LACKS_BRANDING = 'Your plan does not include this kind of branding. Upgrade the plan on the platform, or choose "No branding"; nothing else is wrong.';

const NOT_YOURS = 'Only the channel\'s owner and its active managers can change its design. Sign in as one of them, or ask the owner to make the change (or to make you an active manager of the channel again).';
const GONE = 'This channel no longer exists. Choose another channel.';

export class LookService extends PlatformBackedService implements NamespaceImplementation<typeof lookNamespace> {
  async setBrandingType(channelId: string, type: BrandingType): Promise<null> {
    const api = await this.api();
    await explained(() => api.branding.setType(channelId, type), { 400: 'The platform did not take that branding type. Choose co-branding, full branding or no branding.' });
    return null;
  }

  async removeBranding(channelId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.branding.remove(channelId), {});
    return null;
  }

  async setLogoSettings(channelId: string, settings: LogoSettings): Promise<null> {
    const api = await this.api();
    await explained(() => api.branding.setLogoSettings(channelId, settings), {
      '400 invalid_position': 'The platform did not take that logo position. Choose one of the eight positions.',
      '400 invalid_margin': 'The margin must be a whole number of pixels, 0 or more.',
      '400 invalid_link': 'The link must be a full web address (https://...) or empty.',
    });
    return null;
  }

  async uploadLogo(channelId: string, image: ImageUpload): Promise<UploadedImage> {
    const { data, header } = checkedImage(image, 'logo');
    if (header.width > LOGO_LIMITS.maxSide || header.height > LOGO_LIMITS.maxSide) {
      throw new CompanionError('invalid_image', `The logo is ${header.width} x ${header.height} px; it may be at most ${LOGO_LIMITS.maxSide} x ${LOGO_LIMITS.maxSide} px. Make it smaller and upload it again.`);
    }
    const api = await this.api();
    await explained(() => api.branding.uploadLogo(channelId, { data, contentType: image.contentType }), {
      '400 invalid_file': 'The platform did not take this file as a logo. Use a JPEG, PNG or GIF image.',
      '400 invalid_image': `The platform refused this logo's size. It may be at most ${LOGO_LIMITS.maxSide} x ${LOGO_LIMITS.maxSide} px.`,
    });
    return { width: header.width, height: header.height, bytes: data.length };
  }

  async background(channelId: string): Promise<ChannelBackground> {
    const api = await this.api();
    try {
      return { color: (await api.channelDesign.getBackground(channelId)).color };
    } catch (error) {
      // The channel was just listed, so a 404 here is "no colour set" (see docs/sandbox.md).
      if (error instanceof PlatformError && error.status === 404) return { color: null };
      return explained(() => Promise.reject(error), {});
    }
  }

  async setBackground(channelId: string, color: string): Promise<ChannelBackground> {
    const normalized = normalizeColor(color);
    const api = await this.api();
    await explained(() => api.channelDesign.setBackground(channelId, normalized), { 400: `The platform did not take the colour ${normalized}. Use a hex colour like #1a2b3c.` });
    return { color: normalized };
  }

  async removeBackground(channelId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.channelDesign.removeBackground(channelId), {});
    return null;
  }

  async uploadPicture(channelId: string, image: ImageUpload): Promise<UploadedImage> {
    const { data, header } = checkedImage(image, 'picture');
    if (data.length >= PICTURE_LIMITS.maxBytes) {
      throw new CompanionError('bad_request', `The picture is ${megabytes(data.length)}; it must be under 1 MB. Use a smaller file.`);
    }
    if (header.width !== header.height) {
      throw new CompanionError('bad_request', `The picture is ${header.width} x ${header.height} px; it must be square. Crop it and upload it again.`);
    }
    const api = await this.api();
    await explained(() => api.channelDesign.uploadPicture(channelId, { data, contentType: image.contentType }), {
      400: 'The platform refused this picture. Use a square JPEG, PNG or GIF under 1 MB.',
    });
    return { width: header.width, height: header.height, bytes: data.length };
  }

  async removePicture(channelId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.channelDesign.removePicture(channelId), {});
    return null;
  }
}

/** `#rrggbb` in lower case, from `#rgb`/`rrggbb` and the like (the contract checked the shape). */
export function normalizeColor(color: string): string {
  const digits = color.trim().replace(/^#/, '').toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** The bytes, and a header that says they are the image type they claim to be. */
function checkedImage(image: ImageUpload, what: 'logo' | 'picture'): { data: Uint8Array; header: ImageHeader } {
  const data = new Uint8Array(Buffer.from(image.base64, 'base64'));
  const header = readImageHeader(data);
  if (!header) throw new CompanionError('invalid_file', `This file is not a JPEG, PNG or GIF image, so it cannot be the ${what}.`);
  if (IMAGE_CONTENT_TYPES[header.format] !== image.contentType) {
    throw new CompanionError('invalid_file', `This file says it is ${image.contentType} but it is ${IMAGE_CONTENT_TYPES[header.format]}. Save it again in one format and retry.`);
  }
  return { data, header };
}

/** Runs a platform call; a listed `<status> <error>` or status becomes a sentence, 402 the plan's note. */
function explained<T>(call: () => Promise<T>, messages: Partial<Record<string | number, string>>): Promise<T> {
  return explainPlatformError(call, { sentences: messages, notYours: NOT_YOURS, gone: GONE, planNote: PLAN_LACKS_BRANDING });
}
