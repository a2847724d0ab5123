// What the upload journal says, version 2: the items (one per file) and the steps that change them, and
// how a step changes an item. A platform upload is recorded as its transport, the transport's ticket
// (secret-free) and the parts the platform acknowledged, so that any transport resumes from the journal:
// FTP sends one part (the whole file, resumed by the server's size), a part transport many.
import { z } from 'zod';
import { SUPPORTED_EXTENSIONS } from './upload-files.js';
import type { PartRanges } from './upload-transport.js';
import { PROTECTIONS } from './upload-types.js';

export const JOURNAL_VERSION = 2;

/** The first line of a journal since version 2; a journal without it is version 1. */
export const journalHeader = z.object({ t: z.literal('journal'), version: z.number().int().positive() });

const ticket = z.object({ channelId: z.string().min(1), videoId: z.string().min(1) }).catchall(z.union([z.string(), z.number()]));

const partRange = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

/** How the file is cut, and which parts the platform acknowledged. */
const parts = z.object({
  count: z.number().int().positive(),
  size: z.number().int().positive(),
  acknowledged: z.array(partRange),
});
export type PartProgress = z.output<typeof parts>;

/** The platform upload of a file, once begun. */
const platformUpload = z.object({
  /** The name of the transport that began it (`ftp`). */
  transport: z.string().min(1),
  ticket,
  parts,
});
export type PlatformUpload = z.output<typeof platformUpload>;

export const uploadStatus = z.enum(['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error']);

/** Everything the journal knows about one file. */
export const journalItem = z.object({
  id: z.string().min(1),
  addedAt: z.number(),
  file: z.string().min(1),
  size: z.number().int().nonnegative(),
  modifiedMs: z.number(),
  extension: z.enum(SUPPORTED_EXTENSIONS),
  channelId: z.string().min(1),
  title: z.string(),
  description: z.string(),
  protect: z.enum(PROTECTIONS),
  /** A `begin` was sent; if `upload` is null, its answer never arrived. */
  initStarted: z.boolean(),
  upload: platformUpload.nullable(),
  /** How many `begin`s were sent for this file (more than one only after a lost answer or a retry). */
  inits: z.number().int().nonnegative(),
  readyStarted: z.boolean(),
  readySent: z.boolean(),
  status: uploadStatus.nullable(),
  outcome: z.enum(['complete', 'failed', 'cancelled']).nullable(),
  failure: z.string().nullable(),
  /** A retry after this failure must start a new platform upload (the old one ended in error or cannot be reached). */
  retryFresh: z.boolean(),
  paused: z.boolean(),
});
export type JournalItem = z.output<typeof journalItem>;

export const journalRecord = z.discriminatedUnion('t', [
  z.object({ t: z.literal('item'), item: journalItem }),
  z.object({ t: z.literal('edited'), id: z.string(), title: z.string().optional(), description: z.string().optional(), protect: z.enum(PROTECTIONS).optional() }),
  z.object({ t: z.literal('init-started'), id: z.string() }),
  z.object({ t: z.literal('initialised'), id: z.string(), upload: platformUpload }),
  /** One part acknowledged by the platform (a transport with several parts says so part by part). */
  z.object({ t: z.literal('part'), id: z.string(), part: z.number().int().nonnegative() }),
  /** Every part is on the platform. */
  z.object({ t: z.literal('transferred'), id: z.string() }),
  z.object({ t: z.literal('ready-started'), id: z.string() }),
  z.object({ t: z.literal('ready-sent'), id: z.string() }),
  z.object({ t: z.literal('status'), id: z.string(), status: uploadStatus }),
  z.object({ t: z.literal('complete'), id: z.string() }),
  z.object({ t: z.literal('failed'), id: z.string(), reason: z.string(), fresh: z.boolean() }),
  z.object({ t: z.literal('cancelled'), id: z.string() }),
  z.object({ t: z.literal('paused'), id: z.string() }),
  z.object({ t: z.literal('resumed'), id: z.string() }),
  /** Try again; `fresh` forgets the platform upload, so the next attempt begins a new one. */
  z.object({ t: z.literal('retry'), id: z.string(), fresh: z.boolean() }),
  z.object({ t: z.literal('removed'), id: z.string() }),
]);
export type JournalRecord = z.input<typeof journalRecord>;
export type ParsedJournalRecord = z.output<typeof journalRecord>;

/** Each record's own schema, by its `t`: a line is checked against one schema, not tried against the union. */
const recordSchemas = new Map(journalRecord.options.map((schema) => [schema.shape.t.value, schema]));

/**
 * A journal line's record; undefined when it is none. A `part` line (they come by the hundred thousand) is
 * checked by hand for exactly what its schema says (`{t, id, part}`, a non-negative integer part), about
 * fifty times quicker than zod; every other line by its record's schema.
 */
export function readRecord(value: unknown): ParsedJournalRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { t, id, part } = value as Record<string, unknown>;
  if (t === 'part' && typeof id === 'string' && typeof part === 'number' && Number.isInteger(part) && part >= 0) return { t, id, part };
  const schema = typeof t === 'string' ? recordSchemas.get(t as ParsedJournalRecord['t']) : undefined;
  return schema?.safeParse(value).data;
}

/** Applies a record to the items; false for a record about an unknown item (or a part the upload does not have). */
export function applyRecord(items: Map<string, JournalItem>, entry: ParsedJournalRecord): boolean {
  if (entry.t === 'item') {
    items.set(entry.item.id, { ...entry.item });
    return true;
  }
  const item = items.get(entry.id);
  if (!item) return false;
  switch (entry.t) {
    case 'edited':
      if (entry.title !== undefined) item.title = entry.title;
      if (entry.description !== undefined) item.description = entry.description;
      if (entry.protect !== undefined) item.protect = entry.protect;
      break;
    case 'init-started':
      item.initStarted = true;
      item.inits += 1;
      break;
    case 'initialised':
      item.upload = entry.upload;
      break;
    case 'part':
      return applyParts(items, entry.id, [entry.part]) === 0;
    case 'transferred':
      if (!item.upload) return false;
      item.upload = { ...item.upload, parts: { ...item.upload.parts, acknowledged: [[0, item.upload.parts.count - 1]] } };
      break;
    case 'ready-started':
      item.readyStarted = true;
      break;
    case 'ready-sent':
      item.readySent = true;
      break;
    case 'status':
      item.status = entry.status;
      break;
    case 'complete':
      item.outcome = 'complete';
      item.failure = null;
      break;
    case 'failed':
      item.outcome = 'failed';
      item.failure = entry.reason;
      item.retryFresh = entry.fresh;
      break;
    case 'cancelled':
      item.outcome = 'cancelled';
      break;
    case 'paused':
      item.paused = true;
      break;
    case 'resumed':
      item.paused = false;
      break;
    case 'retry':
      item.outcome = null;
      item.failure = null;
      item.retryFresh = false;
      item.paused = false;
      if (entry.fresh) Object.assign(item, { initStarted: false, upload: null, readyStarted: false, readySent: false, status: null });
      break;
    case 'removed':
      items.delete(entry.id);
      break;
  }
  return true;
}

/**
 * Applies parts the platform acknowledged for one item, as `part` records one by one would; returns how many
 * it could not (the item unknown or not begun, a part beyond its count).
 */
export function applyParts(items: Map<string, JournalItem>, id: string, parts: readonly number[]): number {
  const item = items.get(id);
  const upload = item?.upload;
  if (!item || !upload) return parts.length;
  const known = parts.filter((part) => part < upload.parts.count);
  if (known.length > 0) item.upload = { ...upload, parts: { ...upload.parts, acknowledged: withParts(upload.parts.acknowledged, known) } };
  return parts.length - known.length;
}

/** True when the platform acknowledged every part. */
export function allPartsAcknowledged(parts: PartProgress): boolean {
  const [first] = parts.acknowledged;
  return parts.acknowledged.length === 1 && first![0] === 0 && first![1] === parts.count - 1;
}

/** Bytes of the file in the acknowledged parts. */
export function acknowledgedBytes(parts: PartProgress, fileSize: number): number {
  let bytes = 0;
  for (const [from, to] of parts.acknowledged) bytes += Math.min(fileSize, (to + 1) * parts.size) - Math.min(fileSize, from * parts.size);
  return bytes;
}

/** The ranges with more parts, still sorted, disjoint and merged. */
function withParts(ranges: PartRanges, parts: readonly number[]): [number, number][] {
  const merged: [number, number][] = [];
  const all: (readonly [number, number])[] = [...ranges, ...parts.map((part) => [part, part] as const)];
  for (const [from, to] of all.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
