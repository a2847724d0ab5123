// Labels (spec part B, "Labels"): a user's labels (create, list, rename, delete) and the labels of the
// user's videos (attach, detach, list). The rows list no errors; the sandbox's are in docs/sandbox.md.
import { ApiError, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { labelsOf, nextLabelColor, type Label } from '../state/labels.js';
import { ownedVideo, requireToken } from './access.js';

const MAX_NAME_LENGTH = 100;
const MAX_LABELS_PER_USER = 200;

export function registerLabelRoutes(router: Router): void {
  router.post('/users/self/labels.:format', createLabel);
  router.get('/users/self/labels.:format', listLabels);
  router.put('/users/self/label/:label_id.:format', renameLabel);
  router.delete('/users/self/label/:label_id.:format', deleteLabel);
  router.put('/videos/:video_id/labels.:format', attachLabels);
  router.delete('/videos/:video_id/labels.:format', detachLabels);
  router.get('/videos/:video_id/labels.:format', listVideoLabels);
}

function labelView(label: Label): Record<string, unknown> {
  return { label_id: label.id, label_name: label.name, label_color: label.color };
}

/** "Lists are objects keyed by label id": `{}` when there are none. */
function keyedById(labels: readonly Label[]): Record<string, unknown> {
  return Object.fromEntries(labels.map((label) => [String(label.id), labelView(label)]));
}

/** label_name: required, trimmed, 1 to 100 characters on one line, not the name of another of the user's labels. */
function checkedName(context: RequestContext, ownerId: string, renaming: Label | null): string {
  const name = (context.form().get('label_name') ?? '').trim();
  if (name === '') throw new ApiError(400, 'bad_request', 'label_name is required.');
  if (name.length > MAX_NAME_LENGTH || /[\r\n]/.test(name)) throw new ApiError(400, 'bad_request', `label_name must be at most ${MAX_NAME_LENGTH} characters on one line.`);
  const clash = labelsOf(context.store.data).labels.find((label) => label.ownerId === ownerId && label !== renaming && label.name.toLowerCase() === name.toLowerCase());
  if (clash) throw new ApiError(400, 'bad_request', `You already have a label named ${JSON.stringify(clash.name)}.`);
  return name;
}

function createLabel(context: RequestContext) {
  const { account } = requireToken(context);
  const labels = labelsOf(context.store.data);
  const name = checkedName(context, account.id, null);
  if (labels.labels.filter((label) => label.ownerId === account.id).length >= MAX_LABELS_PER_USER) {
    throw new ApiError(400, 'bad_request', `An account has at most ${MAX_LABELS_PER_USER} labels.`);
  }
  const label: Label = { id: labels.nextLabelId++, ownerId: account.id, name, color: nextLabelColor(labels, account.id) };
  labels.labels.push(label);
  context.store.changed();
  return ok({ label: keyedById([label]) }, 201);
}

function listLabels(context: RequestContext) {
  const { account } = requireToken(context);
  return ok({ labels: keyedById(labelsOf(context.store.data).labels.filter((label) => label.ownerId === account.id)) });
}

/** One of the caller's labels; another user's is as missing as one that never was. */
function ownLabel(context: RequestContext, ownerId: string): Label {
  const id = context.params.label_id ?? '';
  const label = /^\d+$/.test(id) ? labelsOf(context.store.data).labels.find((candidate) => candidate.id === Number(id) && candidate.ownerId === ownerId) : undefined;
  if (!label) throw notFound(`The label ${id}`);
  return label;
}

function renameLabel(context: RequestContext) {
  const { account } = requireToken(context);
  const label = ownLabel(context, account.id);
  label.name = checkedName(context, account.id, label);
  context.store.changed();
  return empty(204);
}

function deleteLabel(context: RequestContext) {
  const { account } = requireToken(context);
  const label = ownLabel(context, account.id);
  const labels = labelsOf(context.store.data);
  labels.labels = labels.labels.filter((candidate) => candidate !== label);
  for (const [videoId, ids] of Object.entries(labels.videoLabels)) labels.videoLabels[videoId] = ids.filter((id) => id !== label.id);
  context.store.changed();
  return empty(204);
}

/**
 * `label_ids` as an array: `label_ids[]=1&label_ids[]=2`, `label_ids=1&label_ids=2` or `label_ids=1,2`; in
 * the body, or for DELETE also in the query. Every id must be one of the video owner's labels.
 */
function requestedLabels(context: RequestContext, ownerId: string): number[] {
  const sources = [context.form(), ...(context.method === 'DELETE' ? [context.query] : [])];
  const raw = sources.flatMap((fields) => [...fields.getAll('label_ids[]'), ...fields.getAll('label_ids')]).flatMap((value) => value.split(','));
  const values = raw.map((value) => value.trim()).filter((value) => value !== '');
  if (values.length === 0) throw new ApiError(400, 'bad_request', 'label_ids is required: one or more label ids (label_ids[]=<id>).');
  const owned = new Set(labelsOf(context.store.data).labels.filter((label) => label.ownerId === ownerId).map((label) => label.id));
  const unknown = values.filter((value) => !/^\d+$/.test(value) || !owned.has(Number(value)));
  if (unknown.length > 0) throw new ApiError(400, 'bad_request', `Not labels of yours: ${unknown.join(', ')}.`);
  return [...new Set(values.map(Number))];
}

function attachLabels(context: RequestContext) {
  const { video } = ownedVideo(context);
  const ids = requestedLabels(context, video.ownerId);
  const labels = labelsOf(context.store.data);
  const current = labels.videoLabels[video.id] ?? [];
  labels.videoLabels[video.id] = [...current, ...ids.filter((id) => !current.includes(id))];
  context.store.changed();
  return empty(204);
}

function detachLabels(context: RequestContext) {
  const { video } = ownedVideo(context);
  const ids = requestedLabels(context, video.ownerId);
  const labels = labelsOf(context.store.data);
  labels.videoLabels[video.id] = (labels.videoLabels[video.id] ?? []).filter((id) => !ids.includes(id));
  context.store.changed();
  return empty(204);
}

/** A video's labels are its owner's way of sorting videos: only the owner reads them. */
function listVideoLabels(context: RequestContext) {
  const { video } = ownedVideo(context);
  const labels = labelsOf(context.store.data);
  const ids = labels.videoLabels[video.id] ?? [];
  return ok({ labels: keyedById(labels.labels.filter((label) => ids.includes(label.id))) });
}
