// Branding and channel design (spec part A, "Branding" and "Channel design"): the branding type, the
// logo (the raw request body, checked from its header bytes: at most 170 x 170, JPEG/PNG/GIF) and its
// settings; the page background colour and the channel picture (square, under 1 MB; the raw body or a
// multipart `picture` field). Choices where the spec is silent are in docs/sandbox.md.
import { createHash } from 'node:crypto';
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { multipartBoundary, parseMultipart } from '../http/multipart.js';
import { LOGO_POSITIONS, lookOf, type BrandingType, type ChannelLook, type LogoPosition, type StoredImage } from '../state/channel-look.js';
import type { Account } from '../state/model.js';
import { ownedChannel, requireBenefit } from './access.js';
import { IMAGE_CONTENT_TYPES, readImageHeader, type ImageHeader } from './image-header.js';

/** "logo size: at most 170 px by 170 px" (part A, Limits). */
export const MAX_LOGO_SIDE = 170;
/** "channel picture: square, under 1 MB": 1 MB read as 1,000,000 bytes. */
export const MAX_PICTURE_BYTES = 1_000_000;
const MAX_MARGIN = 10_000;
const MAX_LINK_LENGTH = 2000;
const BRANDING_TYPES: readonly BrandingType[] = ['co', 'full', 'no'];

export function registerLookRoutes(router: Router): void {
  router.put('/channels/:channel_id/branding.:format', setBrandingType);
  router.delete('/channels/:channel_id/branding.:format', removeBranding);
  router.get('/channels/:channel_id/branding.:format', getBranding);
  router.put('/channels/:channel_id/branding/logo/:logo_id/settings.:format', setLogoSettings);
  router.put('/channels/:channel_id/branding/logo/:logo_id.:format', uploadLogo);
  router.get('/channels/:channel_id/design/background.:format', getBackground);
  router.put('/channels/:channel_id/design/background.:format', setBackground);
  router.delete('/channels/:channel_id/design/background.:format', removeBackground);
  router.get('/channels/:channel_id/design/picture.:format', getPicture);
  router.post('/channels/:channel_id/design/picture.:format', uploadPicture);
  router.delete('/channels/:channel_id/design/picture.:format', removePicture);
}

/** The channel's look and the plan that gates it (the owner's, for managers too). */
function look(context: RequestContext): { look: ChannelLook; account: Account } {
  const { channel, plan } = ownedChannel(context);
  return { look: lookOf(context.store.data, channel.id), account: plan };
}

/** "`<logo_id>` is only `0`": any other id is a logo that does not exist. */
function checkLogoId(context: RequestContext): void {
  if (context.params.logo_id !== '0') throw notFound(`The logo ${context.params.logo_id ?? ''} (the only logo id is 0)`);
}

/** Logo calls need a branding benefit: co-branding or full branding. */
function requireAnyBranding(account: Account): void {
  if (!account.benefits.includes('branding_co') && !account.benefits.includes('branding_full')) requireBenefit(account, 'branding_co', 'payment_required');
}

function imageView(image: StoredImage): Record<string, unknown> {
  return { content_type: image.contentType, width: image.width, height: image.height, size: image.size, sha256: image.sha256 };
}

function stored(header: ImageHeader, data: Buffer): StoredImage {
  return { contentType: IMAGE_CONTENT_TYPES[header.format], width: header.width, height: header.height, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

function setBrandingType(context: RequestContext) {
  const { look: current, account } = look(context);
  const type = context.form().get('type') ?? '';
  if (!BRANDING_TYPES.includes(type as BrandingType)) throw new ApiError(400, 'invalid_type', `type must be co, full or no (got ${JSON.stringify(type)}).`);
  if (type === 'co') requireBenefit(account, 'branding_co', 'payment_required');
  if (type === 'full') requireBenefit(account, 'branding_full', 'payment_required');
  current.brandingType = type as BrandingType;
  context.store.changed();
  return empty(200);
}

function removeBranding(context: RequestContext) {
  const { look: current } = look(context);
  current.brandingType = 'no';
  current.logo = null;
  current.logoSettings = null;
  context.store.changed();
  return empty(200);
}

/** Not in the spec: the sandbox's own read of what the branding calls set, so clients and tests can check. */
function getBranding(context: RequestContext) {
  const { look: current } = look(context);
  return ok({
    branding: {
      type: current.brandingType,
      logo: current.logo ? imageView(current.logo) : null,
      logo_settings: current.logoSettings,
    },
  });
}

function setLogoSettings(context: RequestContext) {
  const { look: current, account } = look(context);
  checkLogoId(context);
  requireAnyBranding(account);
  const form = context.form();
  const position = form.get('position') ?? '';
  if (!LOGO_POSITIONS.includes(position as LogoPosition)) throw new ApiError(400, 'invalid_position', `position must be one of ${LOGO_POSITIONS.join(', ')} (got ${JSON.stringify(position)}).`);
  const margin = form.get('margin') ?? '';
  if (!/^\d{1,9}$/.test(margin) || Number(margin) > MAX_MARGIN) throw new ApiError(400, 'invalid_margin', `margin must be an unsigned integer of pixels, at most ${MAX_MARGIN} (got ${JSON.stringify(margin)}).`);
  const link = form.get('link');
  if (link === null || !validLink(link)) throw new ApiError(400, 'invalid_link', 'link is required: an http(s) URL, or the empty string for none.');
  current.logoSettings = { position: position as LogoPosition, margin: Number(margin), link };
  context.store.changed();
  return empty(200);
}

function validLink(link: string): boolean {
  if (link === '') return true;
  if (link.length > MAX_LINK_LENGTH) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function uploadLogo(context: RequestContext) {
  const { look: current, account } = look(context);
  checkLogoId(context);
  requireAnyBranding(account);
  const type = (context.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const header = readImageHeader(context.body);
  if (context.body.length === 0 || !header || IMAGE_CONTENT_TYPES[header.format] !== type) {
    throw new ApiError(400, 'invalid_file', 'The request body must be the logo itself: a JPEG, PNG or GIF image sent with its own content type (image/jpeg, image/png, image/gif).');
  }
  if (header.width > MAX_LOGO_SIDE || header.height > MAX_LOGO_SIDE) {
    throw new ApiError(400, 'invalid_image', `The logo is ${header.width} x ${header.height} px; it may be at most ${MAX_LOGO_SIDE} x ${MAX_LOGO_SIDE} px.`);
  }
  current.logo = stored(header, context.body);
  context.store.changed();
  return empty(200);
}

function getBackground(context: RequestContext) {
  const { look: current } = look(context);
  if (current.background === null) throw notFound('A background colour of this channel');
  return ok({ background: { color: current.background } });
}

function setBackground(context: RequestContext) {
  const { look: current } = look(context);
  const color = (context.form().get('color') ?? '').trim();
  const match = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/.exec(color);
  if (!match?.[1]) throw new ApiError(400, 'bad_request', `color must be a hex RGB colour such as #1a2b3c (got ${JSON.stringify(color)}).`);
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  current.background = `#${digits.toLowerCase()}`;
  context.store.changed();
  return empty(200);
}

function removeBackground(context: RequestContext) {
  const { look: current } = look(context);
  current.background = null;
  context.store.changed();
  return empty(200);
}

/** Not in the spec: what the picture upload stored, so clients and tests can check. */
function getPicture(context: RequestContext) {
  const { look: current } = look(context);
  if (current.picture === null) throw notFound('A custom picture of this channel');
  return ok({ picture: imageView(current.picture) });
}

/** The picture's bytes and declared type: a multipart field `picture`, or the raw body. */
function pictureFile(context: RequestContext): { data: Buffer; type: string } {
  const contentType = context.headers['content-type'];
  const boundary = multipartBoundary(contentType);
  if (boundary === null) return { data: context.body, type: (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '' };
  const part = parseMultipart(context.body, boundary)?.find((candidate) => candidate.name === 'picture');
  if (!part) throw new ApiError(400, 'bad_request', 'The picture file is required: a multipart field named picture, or the image as the request body.');
  return { data: part.data, type: (part.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '' };
}

function uploadPicture(context: RequestContext) {
  const { look: current } = look(context);
  const { data, type } = pictureFile(context);
  if (data.length === 0) throw new ApiError(400, 'bad_request', 'The picture file is required.');
  if (data.length >= MAX_PICTURE_BYTES) throw new ApiError(400, 'bad_request', `The picture is ${data.length} bytes; it must be under ${MAX_PICTURE_BYTES} bytes (1 MB).`);
  const header = readImageHeader(data);
  if (!header || (type !== '' && type !== 'application/octet-stream' && IMAGE_CONTENT_TYPES[header.format] !== type)) {
    throw new ApiError(400, 'bad_request', 'The picture must be a JPEG, PNG or GIF image (sent with its own content type).');
  }
  if (header.width !== header.height) throw new ApiError(400, 'bad_request', `The picture is ${header.width} x ${header.height} px; it must be square.`);
  current.picture = stored(header, data);
  context.store.changed();
  return empty(204);
}

function removePicture(context: RequestContext) {
  const { look: current } = look(context);
  current.picture = null;
  context.store.changed();
  return empty(200);
}
