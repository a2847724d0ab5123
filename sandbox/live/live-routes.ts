// Spec part A, "Ingest keys for external encoders" and "Recording": the keys and addresses an encoder
// broadcasts with, the cloud recorder, autorecord and the record time limit. All of them act on a
// channel the caller owns (404 not_found, 401 without a token, 403 lack_of_ownership).
//
// Where the spec leaves the answer open:
// - recorder start answers 202 with no body, also when the channel is not live ("no direct feedback");
// - recorder stop answers 202 with `{video: null}` when nothing was recording (or nothing was recorded);
// - recorder GET gives the running recording, else the channel's latest recorded video, else `{video: null}`;
// - ingest.json carries `Cache-Control: no-store` too, since it holds both keys;
// - ingest.json answers each client in its dialect: the spec's `{rtmp_urls, channel_key, streaming_key}`, or
//   today's `{ingest: {rtmp_url, rtmps_url, channel_key, streaming_key}}` (docs/platform-api/current.md) with
//   401 `invalid_token` for a token that is not valid; an operator switch makes it answer 503 (both dialects);
// - autorecord applies from the next publish on, not to a broadcast already running.
import { requireBenefit, ownedChannel } from '../api/access.js';
import { ApiError } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import { required, type RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { AutorecordMode } from '../state/model.js';
import { nowSeconds } from '../state/random.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { callerDialect } from '../api/caller-dialect.js';
import { issueStreamingKey } from './ingest-keys.js';
import type { RtmpIngest } from './rtmp-ingest.js';
import type { RtmpsIngest } from './rtmps-ingest.js';

export type LiveIngest = Pick<RtmpIngest, 'rtmpUrls' | 'startRecording' | 'stopRecording'>;
export type TlsIngest = Pick<RtmpsIngest, 'url'>;

const ingestUnavailable = new WeakSet<SandboxStore>();

/** While on, the ingest settings answer 503, as when the platform's ingest service is down (an operator call). */
export function forceIngestUnavailable(store: SandboxStore, on: boolean): void {
  if (on) ingestUnavailable.add(store);
  else ingestUnavailable.delete(store);
}

const NO_STORE = { 'Cache-Control': 'no-store' };
const AUTORECORD_MODES: readonly AutorecordMode[] = ['disabled', 'private', 'public'];

export function registerLiveRoutes(router: Router, ingest: LiveIngest, tls: TlsIngest): void {
  router.get('/channels/:channel_id/ingest.json', (context) => ingestSettings(context, ingest, tls));
  router.get('/channels/:channel_id/authorizations/broadcasting.json', streamingKey);
  router.get('/channels/:channel_id/authorizations/broadcasting/channel_key.json', channelKey);
  router.post('/channels/:channel_id/recorder.:format', (context) => commandRecorder(context, ingest));
  router.get('/channels/:channel_id/recorder.:format', latestRecording);
  router.put('/channels/:channel_id/settings/autorecord.:format', setAutorecord);
  router.get('/channels/:channel_id/limits/recording.:format', recordingLimit);
}

function ingestSettings(context: RequestContext, ingest: LiveIngest, tls: TlsIngest) {
  if (ingestUnavailable.has(context.store)) {
    throw new ApiError(503, 'server_error', 'The ingest settings cannot be read right now (switched on by the sandbox admin); retry later.', { ...NO_STORE, 'Retry-After': '1' });
  }
  const current = callerDialect(context) === 'current';
  const { channel } = ownedChannel(context, current ? { unauthorized: 'invalid_token' } : {});
  const streamingKey = issueStreamingKey(context.store, channel, nowSeconds());
  if (current) {
    // One RTMP address today; the channel list's broadcast_urls still give the others.
    const settings = { rtmp_url: ingest.rtmpUrls()[0], rtmps_url: tls.url, channel_key: channel.channelKey, streaming_key: streamingKey };
    return ok({ ingest: settings }, 200, NO_STORE);
  }
  return ok({ rtmp_urls: ingest.rtmpUrls(), channel_key: channel.channelKey, streaming_key: streamingKey }, 200, NO_STORE);
}

function streamingKey(context: RequestContext) {
  const { channel } = ownedChannel(context);
  return ok({ streaming_key: issueStreamingKey(context.store, channel, nowSeconds()) }, 200, NO_STORE);
}

function channelKey(context: RequestContext) {
  const { channel } = ownedChannel(context);
  return ok({ channel_key: channel.channelKey }, 200, NO_STORE);
}

async function commandRecorder(context: RequestContext, ingest: LiveIngest) {
  const { channel } = ownedChannel(context);
  const command = required(context.form(), 'command');
  if (command === 'start') {
    ingest.startRecording(channel, 'api');
    return empty(202);
  }
  if (command === 'stop') {
    const video = await ingest.stopRecording(channel);
    return ok({ video: video ? videoLink(context, video.id) : null }, 202);
  }
  throw new ApiError(400, 'invalid_value', `command must be start or stop (got ${JSON.stringify(command)}).`);
}

function latestRecording(context: RequestContext) {
  const { channel } = ownedChannel(context);
  if (channel.recording) return ok({ video: videoLink(context, channel.recording.videoId) });
  // Videos are kept in the order they were made.
  const latest = context.store.data.videos.findLast((video) => video.channelId === channel.id && video.source === 'recording');
  return ok({ video: latest ? videoLink(context, latest.id) : null });
}

function setAutorecord(context: RequestContext) {
  const { channel, plan } = ownedChannel(context);
  requireBenefit(plan, 'autorecord', 'payment_required');
  const value = context.form().get('value');
  if (!AUTORECORD_MODES.includes(value as AutorecordMode)) {
    throw new ApiError(400, 'invalid_value', `value is required: one of ${AUTORECORD_MODES.join(', ')} (got ${JSON.stringify(value)}).`);
  }
  channel.autorecord = value as AutorecordMode;
  context.store.changed();
  return empty(200);
}

function recordingLimit(context: RequestContext) {
  const { channel } = ownedChannel(context);
  return ok({ time: channel.recordingLimit });
}

/** The recorder's video: its id and its API resource URL. */
function videoLink(context: RequestContext, id: string) {
  return { id, url: `${context.urls.apiUrl}/videos/${id}.json` };
}
