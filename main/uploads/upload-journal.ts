// The upload queue's journal: one JSON line per step, so that after a crash, a kill or a power cut the queue
// knows for every file what has happened: the transport's ticket right after `begin`, each part the platform
// acknowledged, `ready` about to be sent and sent, each status, the outcome (journal-records.ts). It holds
// no secret: a transport keeps its secrets in the keychain.
//
// Group commit. Every step is written to the file at once (write() returns once the kernel has the line,
// so a crash or a kill of the app loses nothing), and flushed to disk (fdatasync) together with the
// others written meanwhile: one flush per turn of the event loop (a batch of 10,000 added files is one
// flush, the steps of all slots in the same turn are one), parts at least every PART_FLUSH_MS or
// PART_FLUSH_COUNT parts, run off the event loop so no transfer waits on the disk. A flush covers every
// line written before it (the same file), so a step is durable once a flush that started after it ends.
// What a power cut may cost is what it cost with a flush per step, because nothing is done in the world on
// the strength of a step before that step is on disk:
// - durable() resolves once every step written so far is flushed. The queue awaits it before each call to
//   the transport (upload-queue.ts, `withRetries`): `init-started` is on disk before `begin` creates a
//   video, the ticket (`initialised`) before the first byte is sent, `ready-started` before `ready`;
// - commit() flushes at once (synchronously): the queue calls it before an action of the streamer returns
//   (add, edit, pause, cancel, retry, clear: what the streamer was told is on disk), before a cancelled
//   file's secrets are dropped, and close() does;
// - a step no later call depends on (a status, `complete`, `failed`, a part) is flushed with the next turn's
//   group: a power cut in between loses it as it would have lost it in the middle of its own flush, and
//   the queue finds it out again (a status poll; parts not on disk are sent again, which the platform takes:
//   a repeated part replaces the earlier one).
//
// Compacting rewrites the file as a header line with the format's version, then one line per file (a new
// file, flushed, renamed over the old one). Opening compacts it unless it is so already; while the queue
// runs the file grows, and after every COMPACT_AFTER_LINES lines the next flush compacts it instead, so
// that a crash during a long run of part uploads leaves a journal that loads quickly. A journal of an
// older version is read through journal-migration.ts and so rewritten in this one. A last line cut short
// by a crash is ignored. Reading checks each line against its record's schema (journal-records.ts);
// `part` lines, which come by the hundred thousand, by a quicker check of the same rules (journal-replay.ts).
import { closeSync, constants, fdatasync, fdatasyncSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyRecord, JOURNAL_VERSION, journalHeader, journalItem, journalRecord, type JournalItem, type JournalRecord, type ParsedJournalRecord } from './journal-records.js';
import { migratedRecord } from './journal-migration.js';
import { JournalReplay, parsedLine } from './journal-replay.js';

export type { JournalItem, JournalRecord } from './journal-records.js';

export interface JournalOpening {
  readonly items: JournalItem[];
  /** Lines that could not be read (a cut last line after a crash is normal; more is reported). */
  readonly skippedLines: number;
  /** The version the journal was read in, when older than this one (it is rewritten in this one). */
  readonly migratedFrom: number | null;
}

/** The journal was written by a newer version of the app: reading it here could lose what it says. */
export class JournalTooNewError extends Error {
  override readonly name = 'JournalTooNewError';
}

/** How the journal gets its lines to the disk: node:fs, or a test's counting stand-in. */
export interface JournalDisk {
  /** Flushes the file's data to the disk, off the event loop. */
  flush(fd: number): Promise<void>;
  flushSync(fd: number): void;
}

const fsDisk: JournalDisk = {
  flush: (fd) => new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))),
  flushSync: (fd) => fdatasyncSync(fd),
};

/** Part lines flushed to disk together: at most this long after the first unflushed one... */
const PART_FLUSH_MS = 100;
/** ...or once this many are unflushed. */
const PART_FLUSH_COUNT = 32;
/**
 * Lines appended since the file was last compacted: once there are this many, the next flush compacts it
 * instead (its fsync covers every line written). A crash then leaves at most about this many
 * lines beside the items to read back: 20 GB of uploads in 1 MB parts. Compacting 10,000 items held the event
 * loop for 12 ms at most, adding 10,000 files for 58 (bench/upload-journal.mjs, compact-running, queue-add).
 */
const COMPACT_AFTER_LINES = 20_000;

export class UploadJournal {
  readonly #file: string;
  readonly #disk: JournalDisk;
  readonly #items = new Map<string, JournalItem>();
  #fd: number | null = null;
  /** Lines written so far, and how many of them are known to be on disk. */
  #written = 0;
  #durable = 0;
  /** The flush running now (one at a time: the lines written meanwhile go with the next). */
  #flushing: Promise<void> | null = null;
  /** The next group's flush, when one is due: at the next turn (a step), or after PART_FLUSH_MS (parts only). */
  #due: { readonly timer: NodeJS.Timeout | NodeJS.Immediate; readonly parts: boolean } | null = null;
  #unflushedParts = 0;
  #linesSinceCompaction = 0;

  private constructor(file: string, disk: JournalDisk) {
    this.#file = file;
    this.#disk = disk;
  }

  /** Reads the journal (missing: empty), compacts it, and keeps it open for appending. */
  static open(file: string, options: { disk?: JournalDisk } = {}): { journal: UploadJournal; opening: JournalOpening } {
    const journal = new UploadJournal(file, options.disk ?? fsDisk);
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const header = lines.length > 0 ? journalHeader.safeParse(parsedLine(lines[0]!)) : null;
    const version = header?.success ? header.data.version : lines.length === 0 ? JOURNAL_VERSION : 1;
    if (version > JOURNAL_VERSION) throw new JournalTooNewError(`The upload journal ${file} was written by a newer version of Broadcaster Companion (journal version ${version}); update the app to go on with its uploads.`);
    const replay = new JournalReplay(journal.#items);
    for (let index = header?.success ? 1 : 0; index < lines.length; index += 1) {
      if (version === JOURNAL_VERSION) replay.line(lines[index]!);
      else replay.record(migratedRecord(parsedLine(lines[index]!), journal.#items));
    }
    replay.finish();
    const { skippedLines, itemLines } = replay;
    // Already its header and one whole line per item (as the last opening left it): nothing to rewrite.
    const compact = header?.success === true && version === JOURNAL_VERSION && skippedLines === 0 && itemLines === lines.length - 1 && journal.#items.size === itemLines && text.endsWith('\n');
    if (compact) journal.#fd = openSync(file, 'a', 0o600);
    else journal.#fd = journal.#compacted();
    return { journal, opening: { items: journal.items(), skippedLines, migratedFrom: version < JOURNAL_VERSION ? version : null } };
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
    this.addAll([item]);
  }

  /** Adds files (a batch of 10,000 is one write); their ids must be new. The caller flushes them (durable(), commit()), so that the lines of an add made in several turns are one flush. */
  addAll(items: readonly JournalItem[]): void {
    const ids = new Set<string>();
    for (const item of items) {
      if (this.#items.has(item.id) || ids.has(item.id)) throw new Error(`the journal already has an item ${item.id}`);
      ids.add(item.id);
    }
    this.#append(items.map((item) => ({ t: 'item', item: journalItem.parse(item) })), false);
  }

  /** Appends one step: in the file when this returns, on disk with its group (durable(), commit()). */
  write(step: JournalRecord): JournalItem | undefined {
    const parsed = journalRecord.parse(step);
    this.#append([parsed]);
    return this.item(parsed.t === 'item' ? parsed.item.id : parsed.id);
  }

  /** Resolves once every step written before the call is on disk; rejects when the disk refuses the flush. */
  async durable(): Promise<void> {
    const target = this.#written;
    if (this.#durable >= target) return;
    // The steps the other slots write in this turn of the event loop go with the same flush.
    if (this.#flushing === null) await new Promise((resolve) => setImmediate(resolve));
    while (this.#durable < target) await (this.#flushing ?? this.#flush());
  }

  /** Flushes every step written so far before returning (the streamer's actions, before secrets are dropped). */
  commit(): void {
    if (this.#fd === null || this.#durable >= this.#written) return;
    const target = this.#written;
    this.#cancelDue();
    this.#unflushedParts = 0;
    this.#disk.flushSync(this.#fd);
    this.#durable = Math.max(this.#durable, target);
  }

  close(): void {
    if (this.#fd !== null) {
      this.commit();
      closeSync(this.#fd);
    }
    this.#cancelDue();
    this.#fd = null;
  }

  #append(records: readonly ParsedJournalRecord[], schedule = true): void {
    if (this.#fd === null) throw new Error('the upload journal is closed');
    writeWhole(this.#fd, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    this.#written += records.length;
    this.#linesSinceCompaction += records.length;
    for (const record of records) applyRecord(this.#items, record);
    if (!schedule) return;
    if (records.every((record) => record.t === 'part')) this.#partsWritten(records.length);
    else this.#schedule(false);
  }

  #partsWritten(count: number): void {
    this.#unflushedParts += count;
    if (this.#unflushedParts >= PART_FLUSH_COUNT) this.#schedule(false);
    else this.#schedule(true);
  }

  /** A flush of what is written, at the next turn of the event loop, or after PART_FLUSH_MS for parts alone. */
  #schedule(partsOnly: boolean): void {
    if (this.#due !== null && (this.#due.parts === partsOnly || !this.#due.parts)) return;
    this.#cancelDue();
    const timer = partsOnly ? setTimeout(() => this.#flushQuietly(), PART_FLUSH_MS) : setImmediate(() => this.#flushQuietly());
    timer.unref();
    this.#due = { timer, parts: partsOnly };
  }

  #cancelDue(): void {
    if (this.#due !== null) {
      if (this.#due.parts) clearTimeout(this.#due.timer as NodeJS.Timeout);
      else clearImmediate(this.#due.timer as NodeJS.Immediate);
    }
    this.#due = null;
  }

  /** One group commit: everything written up to now, off the event loop. */
  #flush(): Promise<void> {
    const fd = this.#fd;
    if (fd === null) return Promise.reject(new Error('the upload journal is closed'));
    const target = this.#written;
    this.#cancelDue();
    this.#unflushedParts = 0;
    if (this.#linesSinceCompaction >= COMPACT_AFTER_LINES && this.#compactWhileOpen()) return Promise.resolve();
    const flushing = this.#disk
      .flush(fd)
      .catch((error: unknown) => {
        // A commit() or close() flushed meanwhile: what this one was for is on disk all the same.
        if (this.#durable < target) throw error;
      })
      .then(() => {
        this.#durable = Math.max(this.#durable, target);
      })
      .finally(() => {
        this.#flushing = null;
      });
    this.#flushing = flushing;
    return flushing;
  }

  /** A scheduled flush: a disk that refuses it refuses the next durable() or commit() too, which the queue reports. */
  #flushQuietly(): void {
    this.#due = null;
    if (this.#fd === null || this.#durable >= this.#written) return;
    if (this.#flushing !== null) {
      // The lines written meanwhile go with the next flush, once this one is done.
      void this.#flushing.then(() => this.#flushQuietly(), () => undefined);
      return;
    }
    this.#flush().catch(() => undefined);
  }

  /** Compacts the open journal in place of a flush (none running); false when the disk refused (the lines stay in the file as they are). */
  #compactWhileOpen(): boolean {
    const target = this.#written;
    this.#linesSinceCompaction = 0;
    let fd: number;
    try {
      fd = this.#compacted();
    } catch {
      // A full disk, say: the journal goes on growing, and is compacted after as many lines again.
      return false;
    }
    closeSync(this.#fd!);
    this.#fd = fd;
    this.#durable = Math.max(this.#durable, target);
    return true;
  }

  /**
   * Rewrites the journal as its header and one line per item (a new file, flushed, renamed over the old one);
   * returns the new file's descriptor, open for appending: nothing can fail once the rename is done.
   */
  #compacted(): number {
    mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND, 0o600);
    try {
      const header = `${JSON.stringify({ t: 'journal', version: JOURNAL_VERSION })}\n`;
      writeWhole(fd, header + [...this.#items.values()].map((item) => `${JSON.stringify({ t: 'item', item })}\n`).join(''));
      fsyncSync(fd);
      renameSync(temporary, this.#file);
    } catch (error) {
      closeSync(fd);
      // A full disk, say: no half-written copy left beside the journal.
      rmSync(temporary, { force: true });
      throw error;
    }
    syncDirectory(dirname(this.#file));
    return fd;
  }
}

/** Writes all of `text` (a write may take only part of a large buffer). */
function writeWhole(fd: number, text: string): void {
  const buffer = Buffer.from(text);
  for (let offset = 0; offset < buffer.length; ) offset += writeSync(fd, buffer, offset);
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

