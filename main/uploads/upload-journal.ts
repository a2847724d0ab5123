// The upload queue's journal: one JSON line per step, written and flushed to disk before the queue goes
// on, so that after a crash, a kill or a power cut the queue knows for every file what has happened: the
// transport's ticket right after `begin`, each part the platform acknowledged, `ready` about to be sent
// and sent, each status, the outcome (journal-records.ts). It holds no secret: a transport keeps its
// secrets in the keychain.
//
// Parts are the one step that comes by the thousand (a part transport acknowledges a 1 MiB part at a
// time): a `part` line is written at once (the kernel has it, so a crash or a kill of the app loses
// nothing) and flushed to disk with the next ones, at least every PART_FLUSH_MS or PART_FLUSH_COUNT parts,
// and with any other step. A power cut can only lose the last unflushed parts' lines: those parts are
// sent again, which the platform takes (a repeated part replaces the earlier one).
//
// The file only grows while the queue runs; opening it compacts it (a header line with the format's
// version, then one line per file, written to a new file and renamed over the old one). A journal of an
// older version is read through journal-migration.ts and so rewritten in this one. A last line cut short
// by a crash is ignored.
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyRecord, JOURNAL_VERSION, journalHeader, journalItem, journalRecord, type JournalItem, type JournalRecord } from './journal-records.js';
import { migratedRecord } from './journal-migration.js';

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

/** Part lines flushed to disk together: at most this long after the first unflushed one... */
const PART_FLUSH_MS = 100;
/** ...or once this many are unflushed. */
const PART_FLUSH_COUNT = 32;

export class UploadJournal {
  readonly #file: string;
  readonly #items = new Map<string, JournalItem>();
  #fd: number | null = null;
  /** Part lines written but not flushed yet, and the timer that flushes them. */
  #unflushedParts = 0;
  #partFlush: NodeJS.Timeout | null = null;

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
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const header = lines.length > 0 ? journalHeader.safeParse(parseLine(lines[0]!)) : null;
    const version = header?.success ? header.data.version : lines.length === 0 ? JOURNAL_VERSION : 1;
    if (version > JOURNAL_VERSION) throw new JournalTooNewError(`The upload journal ${file} was written by a newer version of Broadcaster Companion (journal version ${version}); update the app to go on with its uploads.`);
    let skippedLines = 0;
    for (const line of header?.success ? lines.slice(1) : lines) {
      const parsed = parseLine(line);
      const step = version === JOURNAL_VERSION ? journalRecord.safeParse(parsed).data : migratedRecord(parsed, journal.#items);
      if (step === undefined || step === null || !applyRecord(journal.#items, step)) skippedLines += 1;
    }
    journal.#compact();
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
    if (this.#items.has(item.id)) throw new Error(`the journal already has an item ${item.id}`);
    this.write({ t: 'item', item: journalItem.parse(item) });
  }

  /** Appends one step and flushes it to disk before returning (a part: with the next ones, see above); the step then counts as done. */
  write(step: JournalRecord): JournalItem | undefined {
    const parsed = journalRecord.parse(step);
    if (this.#fd === null) throw new Error('the upload journal is closed');
    writeSync(this.#fd, `${JSON.stringify(parsed)}\n`);
    if (parsed.t === 'part') this.#partWritten();
    else this.#flush();
    applyRecord(this.#items, parsed);
    return this.item(parsed.t === 'item' ? parsed.item.id : parsed.id);
  }

  close(): void {
    if (this.#fd !== null) {
      this.#flush();
      closeSync(this.#fd);
    }
    this.#fd = null;
  }

  #partWritten(): void {
    this.#unflushedParts += 1;
    if (this.#unflushedParts >= PART_FLUSH_COUNT) this.#flush();
    else this.#partFlush ??= setTimeout(() => this.#flushQuietly(), PART_FLUSH_MS).unref();
  }

  /** Everything written so far is on disk once this returns. */
  #flush(): void {
    if (this.#partFlush !== null) clearTimeout(this.#partFlush);
    this.#partFlush = null;
    this.#unflushedParts = 0;
    if (this.#fd !== null) fdatasyncSync(this.#fd);
  }

  /** The timer's flush: a disk that refuses it now refuses the next step's flush too, which the queue reports. */
  #flushQuietly(): void {
    try {
      this.#flush();
    } catch {
      // Reported with the next step, whose flush fails the same way.
    }
  }

  /** Rewrites the journal as its header and one line per item (new file, flushed, renamed over the old one), then opens it for appending. */
  #compact(): void {
    mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      const header = `${JSON.stringify({ t: 'journal', version: JOURNAL_VERSION })}\n`;
      writeSync(fd, header + [...this.#items.values()].map((item) => `${JSON.stringify({ t: 'item', item })}\n`).join(''));
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

/** A line's JSON; undefined when it is not JSON (a line cut by a crash). */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
