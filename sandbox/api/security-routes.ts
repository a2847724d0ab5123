// Security and viewer settings (spec part A): password lock, embed lock and its allowed URLs, page lock,
// sharing, hidden viewer counts, multi-quality; and viewer authentication (spec part B, "Viewer
// authentication (hash lock)"). Checks run channel (404), token (401), ownership (403), plan (402), input (400).
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Benefit, Channel } from '../state/model.js';
import { securityOf, type ChannelSecurity, type HashLock } from '../state/security.js';
import { ownedChannel, requireBenefit } from './access.js';

const MAX_PASSWORD_LENGTH = 100;
const MAX_ALLOWED_URLS = 50;
const MAX_URL_LENGTH = 2000;

export function registerSecurityRoutes(router: Router): void {
  router.get('/channels/:channel_id/locks/password.:format', (context) => ok({ enabled: ownedChannel(context).channel.password !== null }));
  router.put('/channels/:channel_id/locks/password.:format', setPassword);
  router.delete('/channels/:channel_id/locks/password.:format', removePassword);
  router.get('/channels/:channel_id/locks/embed.:format', (context) => ok({ locked: flag(withBenefit(context, 'embed_restriction', 'invalid_request').security.embedLocked) }));
  router.put('/channels/:channel_id/locks/embed.:format', (context) => setLock(context, 'embed_restriction', 'embedLocked'));
  router.get('/channels/:channel_id/locks/embed/allowed-urls.:format', listAllowedUrls);
  router.post('/channels/:channel_id/locks/embed/allowed-urls.:format', addAllowedUrl);
  router.delete('/channels/:channel_id/locks/embed/allowed-urls.:format', clearAllowedUrls);
  router.get('/channels/:channel_id/locks/page.:format', (context) => ok({ locked: flag(withBenefit(context, 'page_lock', 'invalid_request').security.pageLocked) }));
  router.put('/channels/:channel_id/locks/page.:format', (context) => setLock(context, 'page_lock', 'pageLocked'));
  router.put('/channels/:channel_id/settings/viewer.:format', (context) => setBoolean(context, 'sharing', 'sharing', 'invalid_sharing', 'sharing_control'));
  router.put('/channels/:channel_id/settings/hide-viewers.:format', (context) => setBoolean(context, 'value', 'hideViewers', 'invalid_value', null));
  router.put('/channels/:channel_id/settings/multi-quality.:format', (context) => setBoolean(context, 'value', 'multiQuality', 'invalid_value', 'multi_quality'));
  router.put('/channels/:channel_id/locks/hash/advanced.:format', (context) => setHashLock(context, 'advanced'));
  router.put('/channels/:channel_id/locks/hash/basic.:format', (context) => setHashLock(context, 'basic'));
  router.get('/channels/:channel_id/locks/hash.:format', getHashLock);
  router.delete('/channels/:channel_id/locks/hash.:format', removeHashLock);
}

const flag = (value: boolean) => (value ? 'TRUE' : 'FALSE');

function managed(context: RequestContext): { channel: Channel; security: ChannelSecurity } {
  const { channel } = ownedChannel(context);
  return { channel, security: securityOf(context.store.data, channel.id) };
}

function withBenefit(context: RequestContext, benefit: Benefit, error: 'invalid_request' | 'payment_required') {
  const { channel, plan } = ownedChannel(context);
  requireBenefit(plan, benefit, error);
  return { channel, security: securityOf(context.store.data, channel.id) };
}

function setPassword(context: RequestContext) {
  const { channel } = ownedChannel(context);
  const password = context.form().get('password') ?? '';
  if (password.trim() === '' || password.length > MAX_PASSWORD_LENGTH || /[\r\n]/.test(password)) {
    throw new ApiError(400, 'input_validation_error', `password is required: 1 to ${MAX_PASSWORD_LENGTH} characters, not only spaces, on one line.`);
  }
  channel.password = password;
  context.store.changed();
  return empty(204);
}

function removePassword(context: RequestContext) {
  const { channel } = ownedChannel(context);
  channel.password = null;
  context.store.changed();
  return empty(200);
}

function setLock(context: RequestContext, benefit: Benefit, key: 'embedLocked' | 'pageLocked') {
  const { security } = withBenefit(context, benefit, 'invalid_request');
  const locked = context.form().get('locked');
  if (locked !== 'TRUE' && locked !== 'FALSE') throw new ApiError(400, 'invalid_request', `locked is required: TRUE or FALSE (got ${JSON.stringify(locked)}).`);
  security[key] = locked === 'TRUE';
  context.store.changed();
  return empty(204);
}

function listAllowedUrls(context: RequestContext) {
  const { security } = withBenefit(context, 'embed_restriction', 'invalid_request');
  return ok({ allowed_urls: security.embedLocked ? [...security.allowedUrls] : [] });
}

function isWebUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function addAllowedUrl(context: RequestContext) {
  const { security } = withBenefit(context, 'embed_restriction', 'invalid_request');
  const url = context.form().get('url')?.trim() ?? '';
  if (!isWebUrl(url)) throw new ApiError(400, 'invalid_request', 'url is required: one http or https address per call.');
  if (!security.allowedUrls.includes(url)) {
    if (security.allowedUrls.length >= MAX_ALLOWED_URLS) throw new ApiError(400, 'invalid_request', `At most ${MAX_ALLOWED_URLS} allowed URLs per channel.`);
    security.allowedUrls.push(url);
    context.store.changed();
  }
  return ok({ allowed_urls: [...security.allowedUrls] }, 201);
}

function clearAllowedUrls(context: RequestContext) {
  const { security } = withBenefit(context, 'embed_restriction', 'invalid_request');
  security.allowedUrls = [];
  context.store.changed();
  return empty(200);
}

function parseBoolean(value: string | null): boolean | null {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

function setBoolean(
  context: RequestContext,
  field: 'sharing' | 'value',
  key: 'sharing' | 'hideViewers' | 'multiQuality',
  error: 'invalid_sharing' | 'invalid_value',
  benefit: Benefit | null,
) {
  const { security } = benefit === null ? managed(context) : withBenefit(context, benefit, 'payment_required');
  const value = parseBoolean(context.form().get(field));
  if (value === null) throw new ApiError(400, error, `${field} is required: true or false.`);
  security[key] = value;
  context.store.changed();
  return empty(200);
}

function setHashLock(context: RequestContext, type: HashLock['type']) {
  const { security } = managed(context);
  const form = context.form();
  const url = form.get('url')?.trim() ?? '';
  const secret = form.get('secret') ?? '';
  if (url === '' || secret === '') throw new ApiError(400, 'invalid_request', 'url (the entry point of your authentication flow) and secret (the shared key) are both required.');
  if (!isWebUrl(url)) throw new ApiError(400, 'invalid_type', `url must be an http or https address (got ${JSON.stringify(url)}).`);
  const existed = security.hashLock !== null;
  const optional = (name: string) => {
    const value = form.get(name);
    return value === null || value === '' ? null : value;
  };
  security.hashLock = {
    type,
    url,
    secret,
    message: optional('message'),
    buttonCaption: optional('button_caption'),
    popupWidth: optional('popup_width') ?? '600',
    popupHeight: optional('popup_height') ?? '400',
  };
  context.store.changed();
  return empty(existed ? 204 : 201);
}

function getHashLock(context: RequestContext) {
  const lock = managed(context).security.hashLock;
  if (lock === null) return ok({ hashlock: null });
  return ok({
    hashlock: { type: lock.type, url: lock.url, message: lock.message, button_caption: lock.buttonCaption, popup_width: lock.popupWidth, popup_height: lock.popupHeight },
  });
}

function removeHashLock(context: RequestContext) {
  managed(context).security.hashLock = null;
  context.store.changed();
  return empty(200);
}
