// Custom metadata: the field definitions (spec part B, "Custom metadata field definitions") and a
// channel's values and display settings (spec part A, "Channel custom metadata values").
import { ApiError, lackOfOwnership, notFound } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Channel } from '../state/model.js';
import { CHECKED_FIELD_TYPES, metadataOf, type MetadataFieldDefinition } from '../state/custom-metadata.js';
import { canManageChannel, findChannel, requireToken } from './access.js';

const NAME_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;
const MAX_DISPLAY_NAME_LENGTH = 100;
const MAX_VALUE_LENGTH = 1000;

export function registerCustomMetadataRoutes(router: Router): void {
  router.get('/custom-metadata-fields.:format', listFields);
  router.post('/custom-metadata-fields.:format', createField);
  router.delete('/custom-metadata-fields/:field_id.:format', deleteField);
  router.get('/channels/:channel_id/custom-metadata.:format', listValues);
  router.put('/channels/:channel_id/custom-metadata/:field_id.:format', setValue);
  router.delete('/channels/:channel_id/custom-metadata/:field_id.:format', deleteValue);
  router.get('/channels/:channel_id/custom-metadata-display.:format', listDisplays);
  router.put('/channels/:channel_id/custom-metadata-display/:field_id.:format', setDisplay);
  router.delete('/channels/:channel_id/custom-metadata-display/:field_id.:format', deleteDisplay);
}

function fieldView(field: MetadataFieldDefinition): Record<string, unknown> {
  return {
    id: field.id,
    name: field.name,
    display_name: field.displayName,
    content_type: field.contentType,
    type: field.type,
    description: field.description,
    is_required: field.isRequired,
    enum_items: field.enumItems.map((item) => ({ item })),
    children: [],
  };
}

function listFields(context: RequestContext) {
  const principal = requireToken(context);
  const type = context.query.get('filter[type]');
  if (type === null || type === '') throw new ApiError(400, 'bad_request', 'filter[type] is required: video or channel.');
  if (type !== 'video' && type !== 'channel') throw new ApiError(400, 'bad_request', `filter[type] must be video or channel (got ${JSON.stringify(type)}).`);
  const fields = metadataOf(context.store.data).fields.filter((field) => field.ownerId === principal.account.id && field.contentType === type);
  return ok({ fields: fields.map(fieldView) });
}

function parseBoolean(value: string | null): boolean | null {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

function invalid(reason: string): ApiError {
  return new ApiError(400, 'bad_request', `The definition is invalid: ${reason}`);
}

function createField(context: RequestContext) {
  const principal = requireToken(context);
  const form = context.form();
  const name = form.get('name') ?? '';
  if (!NAME_PATTERN.test(name)) throw invalid('name is required: a lowercase letter, then up to 49 lowercase letters, digits or underscores.');
  const displayName = (form.get('display_name') ?? '').trim();
  if (displayName === '' || displayName.length > MAX_DISPLAY_NAME_LENGTH) throw invalid(`display_name is required, at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);
  const contentType = form.get('content_type');
  if (contentType !== 'channel' && contentType !== 'video') throw invalid('content_type is required: channel or video.');
  const type = form.get('type') ?? '';
  if (type.trim() === '' || type.length > 50) throw invalid(`type is required (the sandbox checks values of ${CHECKED_FIELD_TYPES.join(', ')} fields).`);
  const isRequired = parseBoolean(form.get('is_required'));
  if (isRequired === null) throw invalid('is_required is required: true or false.');
  const enumItems = [...new Set([...form.getAll('enum_items[]'), ...form.getAll('enum_items')].map((item) => item.trim()).filter((item) => item !== ''))];
  if (type === 'enum' && enumItems.length === 0) throw invalid('an enum field needs at least one enum_items entry.');
  const metadata = metadataOf(context.store.data);
  if (metadata.fields.some((field) => field.ownerId === principal.account.id && field.contentType === contentType && field.name === name)) {
    throw invalid(`a ${contentType} field named ${name} already exists.`);
  }
  const field: MetadataFieldDefinition = {
    id: String(metadata.nextFieldId++),
    ownerId: principal.account.id,
    name,
    displayName,
    contentType,
    type,
    description: form.get('description') ?? '',
    isRequired,
    enumItems,
  };
  metadata.fields.push(field);
  context.store.changed();
  return ok(fieldView(field));
}

function deleteField(context: RequestContext) {
  const principal = requireToken(context);
  const metadata = metadataOf(context.store.data);
  const id = context.params.field_id ?? '';
  const field = metadata.fields.find((candidate) => candidate.id === id && candidate.ownerId === principal.account.id);
  if (!field) throw notFound(`The metadata field ${id}`);
  metadata.fields = metadata.fields.filter((candidate) => candidate !== field);
  for (const values of [...Object.values(metadata.channelValues), ...Object.values(metadata.channelDisplays), ...Object.values(metadata.videoValues ?? {})]) delete values[field.id];
  context.store.changed();
  return empty(200);
}

/** A locked channel's metadata is for its owner only: 401 unauthorized for everyone else. */
function readableChannel(context: RequestContext): Channel {
  const channel = findChannel(context);
  if (channel.password !== null && !canManageChannel(context.store.data, context.principal()?.account, channel)) {
    throw new ApiError(401, 'unauthorized', `The channel ${channel.id} is locked: its metadata needs the owner's token.`);
  }
  return channel;
}

/** The channel and one of its owner's channel fields: 401 without a token, 404 for either missing, 403 for someone else's channel. */
function managedField(context: RequestContext): { channel: Channel; field: MetadataFieldDefinition } {
  const principal = requireToken(context);
  const channel = findChannel(context);
  if (!canManageChannel(context.store.data, principal.account, channel)) throw lackOfOwnership(`the channel ${channel.id}`);
  const id = context.params.field_id ?? '';
  const field = metadataOf(context.store.data).fields.find((candidate) => candidate.id === id && candidate.ownerId === channel.ownerId && candidate.contentType === 'channel');
  if (!field) throw notFound(`The channel metadata field ${id}`);
  return { channel, field };
}

function listValues(context: RequestContext) {
  const channel = readableChannel(context);
  const values = metadataOf(context.store.data).channelValues[channel.id] ?? {};
  return ok({ metadata: Object.entries(values).map(([field_id, value]) => ({ field_id, value })) });
}

/** A value as its field takes it (400 bad_request otherwise); channel and video values alike. */
export function checkedValue(field: MetadataFieldDefinition, value: string | null): string {
  if (value === null || value === '') throw new ApiError(400, 'bad_request', 'value is required.');
  if (value.length > MAX_VALUE_LENGTH) throw new ApiError(400, 'bad_request', `value must be at most ${MAX_VALUE_LENGTH} characters.`);
  if (field.type === 'number' && !Number.isFinite(Number(value))) throw new ApiError(400, 'bad_request', `${field.name} takes a number.`);
  if (field.type === 'boolean' && parseBoolean(value) === null) throw new ApiError(400, 'bad_request', `${field.name} takes true or false.`);
  if (field.enumItems.length > 0 && !field.enumItems.includes(value)) throw new ApiError(400, 'bad_request', `${field.name} takes one of: ${field.enumItems.join(', ')}.`);
  return field.type === 'boolean' ? String(parseBoolean(value)) : value;
}

function setValue(context: RequestContext) {
  const { channel, field } = managedField(context);
  const value = checkedValue(field, context.form().get('value'));
  const metadata = metadataOf(context.store.data);
  (metadata.channelValues[channel.id] ??= {})[field.id] = value;
  context.store.changed();
  return empty(204);
}

function deleteValue(context: RequestContext) {
  const { channel, field } = managedField(context);
  const values = metadataOf(context.store.data).channelValues[channel.id];
  if (values?.[field.id] === undefined) throw notFound(`A value of field ${field.id} on the channel ${channel.id}`);
  delete values[field.id];
  context.store.changed();
  return empty(200);
}

function listDisplays(context: RequestContext) {
  const channel = readableChannel(context);
  const displays = metadataOf(context.store.data).channelDisplays[channel.id] ?? {};
  return ok({ metadata_displays: Object.entries(displays).map(([field_id, isLink]) => ({ channel_id: channel.id, field_id, is_link: isLink })) });
}

function setDisplay(context: RequestContext) {
  const { channel, field } = managedField(context);
  const raw = context.form().get('is_link');
  if (raw === null || raw === '') throw new ApiError(400, 'bad_request', 'is_link is required: true or false.');
  const isLink = parseBoolean(raw);
  if (isLink === null) throw new ApiError(400, 'bad_request', `is_link must be true or false (got ${JSON.stringify(raw)}).`);
  (metadataOf(context.store.data).channelDisplays[channel.id] ??= {})[field.id] = isLink;
  context.store.changed();
  return empty(204);
}

function deleteDisplay(context: RequestContext) {
  const { channel, field } = managedField(context);
  const displays = metadataOf(context.store.data).channelDisplays[channel.id];
  if (displays?.[field.id] === undefined) throw notFound(`A display setting of field ${field.id} on the channel ${channel.id}`);
  delete displays[field.id];
  context.store.changed();
  return empty(200);
}
