// The upload queue's journal: one JSON line per step, written and flushed to disk before the queue goes
// on, so that after a crash, a kill or a power cut the queue knows for every file what has happened: the
// video id right after the initialisation, the transfer's start and end, `ready` about to be sent and
// sent, each status, the outcome. It holds no secret: the FTP password goes to the keychain.
//
// The file only grows while the queue runs; opening it compacts it (one line per file, written to a new
// file and renamed over the old one). A last line cut short by a crash is ignored.
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { SUPPORTED_EXTENSIONS } from './upload-files.js';

export const PROTECTIONS = ['public', 'private'] as const;
export type Protection = (typeof PROTECTIONS)[number];

/** Where the platform has the upload, once initialised. */
const platformUpload = z.object({
  videoId: z.string().min(1),
  /** The FTP name is `<path>.<extension>`. */
  path: z.string().min(1),
  host: z.string().min(1),
  port: z.number().int().positive(),
  user: z.string().min(1),
});
export type PlatformUpload = z.output<typeof platformUpload>;

const uploadStatus = z.enum(['initiated', 'transferred', 'queued', 'pending', 'transcoding', 'complete', 'error']);

/** Everything the journal knows about one file. */
const journalItem = z.object({
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
  /** An initialisation was sent; if `upload` is null, its answer never arrived. */
  initStarted: z.boolean(),
  upload: platformUpload.nullable(),
  /** How many initialisations were sent for this file (more than one only after a lost answer or a retry). */
  inits: z.number().int().nonnegative(),
  transferred: z.boolean(),
  readyStarted: z.boolean(),
  readySent: z.boolean(),
  status: uploadStatus.nullable(),
  outcome: z.enum(['complete', 'failed', 'cancelled']).nullable(),
  failure: z.string().nullable(),
  /** A retry after this failure must start a new platform upload (the old one ended in error or lost its login). */
  retryFresh: z.boolean(),
  paused: z.boolean(),
});
export type JournalItem = z.output<typeof journalItem>;

const record = z.discriminatedUnion('t', [
  z.object({ t: z.literal('item'), item: journalItem }),
  z.object({ t: z.literal('edited'), id: z.string(), title: z.string().optional(), description: z.string().optional(), protect: z.enum(PROTECTIONS).optional() }),
  z.object({ t: z.literal('init-started'), id: z.string() }),
  z.object({ t: z.literal('initialised'), id: z.string(), upload: platformUpload }),
  z.object({ t: z.literal('transferred'), id: z.string() }),
  z.object({ t: z.literal('ready-started'), id: z.string() }),
  z.object({ t: z.literal('ready-sent'), id: z.string() }),
  z.object({ t: z.literal('status'), id: z.string(), status: uploadStatus }),
  z.object({ t: z.literal('complete'), id: z.string() }),
  z.object({ t: z.literal('failed'), id: z.string(), reason: z.string(), fresh: z.boolean() }),
  z.object({ t: z.literal('cancelled'), id: z.string() }),
  z.object({ t: z.literal('paused'), id: z.string() }),
  z.object({ t: z.literal('resumed'), id: z.string() }),
  /** Try again; `fresh` forgets the platform upload, so the next attempt initialises a new one. */
  z.object({ t: z.literal('retry'), id: z.string(), fresh: z.boolean() }),
  z.object({ t: z.literal('removed'), id: z.string() }),
]);
export type JournalRecord = z.input<typeof record>;

export interface JournalOpening {
  readonly items: JournalItem[];
  /** Lines that could not be read (a cut last line after a crash is normal; more is reported). */
  readonly skippedLines: number;
}

export class UploadJournal {
  readonly #file: string;
  readonly #items = new Map<string, JournalItem>();
  #fd: number | null = null;

  private constructor(file: string) {
    this.#file = file;
  }

  /** Reads the journal (missing: empty), compacts it, and keeps it open for appending. */
  static open(file: string): { journal: UploadJournal; opening: JournalOpening } {
    const journal = new UploadJournal(file);
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let skippedLines = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        skippedLines += 1;
        continue;
      }
      const result = record.safeParse(parsed);
      if (!result.success || !journal.#apply(result.data)) skippedLines += 1;
    }
    journal.#compact();
    return { journal, opening: { items: journal.items(), skippedLines } };
  }

  items(): JournalItem[] {
    return [...this.#items.values()].map((item) => ({ ...item }));
  }

  item(id: string): JournalItem | undefined {
    const item = this.#items.get(id);
    return item ? { ...item } : undefined;
  }

  /** Adds a file; its id must be new. */
  add(item: JournalItem): void {
    if (this.#items.has(item.id)) throw new Error(`the journal already has an item ${item.id}`);
    this.write({ t: 'item', item: journalItem.parse(item) });
  }

  /** Appends one step and flushes it to disk before returning; the step then counts as done. */
  write(step: JournalRecord): JournalItem | undefined {
    const parsed = record.parse(step);
    if (this.#fd === null) throw new Error('the upload journal is closed');
    writeSync(this.#fd, `${JSON.stringify(parsed)}\n`);
    fdatasyncSync(this.#fd);
    this.#apply(parsed);
    return this.item(parsed.t === 'item' ? parsed.item.id : parsed.id);
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }

  /** Applies a record to the items; false for a record about an unknown item. */
  #apply(entry: z.output<typeof record>): boolean {
    if (entry.t === 'item') {
      this.#items.set(entry.item.id, { ...entry.item });
      return true;
    }
    const item = this.#items.get(entry.id);
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
      case 'transferred':
        item.transferred = true;
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
        if (entry.fresh) Object.assign(item, { initStarted: false, upload: null, transferred: false, readyStarted: false, readySent: false, status: null });
        break;
      case 'removed':
        this.#items.delete(entry.id);
        break;
    }
    return true;
  }

  /** Rewrites the journal as one line per item (new file, flushed, renamed over the old one), then opens it for appending. */
  #compact(): void {
    mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      const lines = [...this.#items.values()].map((item) => `${JSON.stringify({ t: 'item', item })}\n`).join('');
      if (lines !== '') writeSync(fd, lines);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.#file);
    syncDirectory(dirname(this.#file));
    this.#fd = openSync(this.#file, 'a', 0o600);
  }
}

/** Makes a rename durable (the directory entry), where the platform allows opening a directory. */
function syncDirectory(directory: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; its renames are durable enough for this purpose.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
