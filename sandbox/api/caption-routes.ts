// Captions (spec part B, "Captions"): a video's captions, one per language, each a WebVTT file with two
// player flags; the caption languages. An upload is checked as WebVTT at once (`not_valid_vtt` names the
// line), then the caption is `processing` for a while and `active` after (docs/sandbox.md).
import { checkWebVtt, describeVttProblem } from '../captions/webvtt-check.js';
import { ApiError, notFound } from '../http/api-error.js';
import { ok } from '../http/reply.js';
import { parseBoolean, type RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { CAPTION_LANGUAGES, captionsOf, captionsOfVideo, captionStatus, isCaptionLanguage, type StoredCaption } from '../state/captions.js';
import type { Video } from '../state/model.js';
import { ownedVideo } from './access.js';
import { readableVideo } from './video-reading.js';

/** How long a caption stays `processing` after an upload, unless the sandbox is told otherwise. */
export const DEFAULT_CAPTION_PROCESSING_MS = 3000;
const MAX_VTT_BYTES = 2 * 1024 * 1024;

export interface CaptionRouteOptions {
  readonly processingMs?: number;
}

export function registerCaptionRoutes(router: Router, options: CaptionRouteOptions = {}): void {
  const processingMs = options.processingMs ?? DEFAULT_CAPTION_PROCESSING_MS;
  router.get('/videos/:video_id/captions.:format', listCaptions);
  router.get('/videos/:video_id/captions/:language.:format', getCaption);
  router.put('/videos/:video_id/captions/:language.:format', editCaption);
  router.get('/videos/:video_id/captions/:language/vtt', downloadVtt);
  router.put('/videos/:video_id/captions/:language/vtt', (context) => uploadVtt(context, processingMs));
  router.get('/caption-languages.:format', () => ok({ languages: CAPTION_LANGUAGES.map(({ code, name }) => ({ code, name })) }));
}

function captionView(caption: StoredCaption): Record<string, unknown> {
  return { is_default: caption.isDefault, is_visible: caption.isVisible, language: caption.language, status: captionStatus(caption), video_id: caption.videoId };
}

/** Viewers see the captions the player shows: active and visible. The owner sees all of them. */
function shownTo(caption: StoredCaption, isOwner: boolean): boolean {
  return isOwner || (caption.isVisible && captionStatus(caption) === 'active');
}

function listCaptions(context: RequestContext) {
  const { video, isOwner } = readableVideo(context);
  return ok({ captions: captionsOfVideo(context.store.data, video.id).filter((caption) => shownTo(caption, isOwner)).map(captionView) });
}

function findCaption(context: RequestContext, video: Video, isOwner = true): StoredCaption {
  const language = context.params.language ?? '';
  const caption = captionsOfVideo(context.store.data, video.id).find((candidate) => candidate.language === language);
  if (!caption || !shownTo(caption, isOwner)) throw notFound(`A ${JSON.stringify(language)} caption of the video ${video.id}`);
  return caption;
}

function getCaption(context: RequestContext) {
  const { video, isOwner } = readableVideo(context);
  return ok({ caption: captionView(findCaption(context, video, isOwner)) });
}

/** A flag that was sent must be a boolean; one that was not stays as it is. */
function flag(context: RequestContext, name: string): boolean | null {
  const raw = context.form().get(name);
  if (raw === null) return null;
  const value = parseBoolean(raw);
  if (value === null) throw new ApiError(400, 'invalid_value', `${name} must be true or false (got ${JSON.stringify(raw)}).`);
  return value;
}

function editCaption(context: RequestContext) {
  const { video } = ownedVideo(context);
  const caption = findCaption(context, video);
  const isVisible = flag(context, 'is_visible');
  const isDefault = flag(context, 'is_default');
  if (isVisible !== null) caption.isVisible = isVisible;
  if (isDefault !== null) {
    // "a video can have only one default caption"
    if (isDefault) for (const other of captionsOfVideo(context.store.data, video.id)) other.isDefault = false;
    caption.isDefault = isDefault;
  }
  context.store.changed();
  return ok({ caption: captionView(caption) });
}

function downloadVtt(context: RequestContext) {
  const { video, isOwner } = readableVideo(context);
  const caption = findCaption(context, video, isOwner);
  return ok(caption.vtt, 200, { 'Content-Type': 'text/vtt; charset=utf-8' });
}

function uploadVtt(context: RequestContext, processingMs: number) {
  const { video } = ownedVideo(context);
  const language = context.params.language ?? '';
  if (!isCaptionLanguage(language)) throw notFound(`The caption language ${JSON.stringify(language)} (see /caption-languages.json)`);
  const type = (context.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/vtt') throw new ApiError(400, 'not_valid_vtt', `The caption must be sent as the request body with Content-Type text/vtt (got ${type || 'none'}).`);
  if (context.body.length > MAX_VTT_BYTES) throw new ApiError(400, 'not_valid_vtt', `The caption file is larger than ${MAX_VTT_BYTES} bytes.`);
  const checked = checkWebVtt(context.body);
  if (!checked.valid) {
    const [first, ...more] = checked.problems;
    const rest = more.length === 0 ? '' : ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})`;
    throw new ApiError(400, 'not_valid_vtt', `The caption is not valid WebVTT: ${describeVttProblem(first!)}${rest}.`);
  }
  const vtt = context.body.toString('utf8').replace(/^\uFEFF/, '');
  const activeAt = Date.now() + processingMs;
  const captions = captionsOf(context.store.data);
  const existing = captions.captions.find((caption) => caption.videoId === video.id && caption.language === language);
  if (existing) {
    Object.assign(existing, { vtt, cues: checked.cues, activeAt });
    context.store.changed();
    return ok({ caption: captionView(existing) }, 200);
  }
  // A new caption shows; it is the default when the video has none yet.
  const hasDefault = captionsOfVideo(context.store.data, video.id).some((caption) => caption.isDefault);
  const caption: StoredCaption = { videoId: video.id, language, isDefault: !hasDefault, isVisible: true, vtt, cues: checked.cues, activeAt };
  captions.captions.push(caption);
  context.store.changed();
  return ok({ caption: captionView(caption) }, 201);
}
