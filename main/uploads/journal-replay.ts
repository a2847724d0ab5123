// Reading a journal's lines back into its items, quickly enough for a journal left by a crash during a long
// run of part uploads (issue 21: 10,000 items and 200,000 `part` lines load in under a second).
// - A `part` line as the journal writes it (`{"t":"part","id":"…","part":N}`) is read by one regular
//   expression instead of JSON.parse; any other spelling of it goes the long way and means the same.
// - An item's parts are held until anything else about that item comes (or the end), then merged into its
//   acknowledged ranges in one sort: the same ranges and the same skipped lines as applying them one by one,
//   since only the item's own lines change what its parts mean (its upload, its part count).
import { applyParts, applyRecord, readRecord, type JournalItem, type ParsedJournalRecord } from './journal-records.js';

/** A `part` line exactly as JSON.stringify writes the record (an id without quotes or escapes). */
const PART_LINE = /^\{"t":"part","id":"([^"\\]+)","part":(0|[1-9]\d{0,14})\}$/;

/** A line's JSON value; undefined when it is not JSON (a line cut short by a crash). */
export function parsedLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

export class JournalReplay {
  /** Lines that could not be read or applied, and the `item` lines applied. */
  skippedLines = 0;
  itemLines = 0;
  readonly #items: Map<string, JournalItem>;
  /** Parts read and not applied yet, by item id. */
  readonly #parts = new Map<string, number[]>();

  constructor(items: Map<string, JournalItem>) {
    this.#items = items;
  }

  /** One line of a journal of this version. */
  line(text: string): void {
    const part = PART_LINE.exec(text);
    if (part) this.#hold(part[1]!, Number(part[2]));
    else this.record(readRecord(parsedLine(text)));
  }

  /** One record (a line of an older version, migrated); undefined or null: a line that is none. */
  record(step: ParsedJournalRecord | undefined | null): void {
    if (step === undefined || step === null) {
      this.skippedLines += 1;
      return;
    }
    if (step.t === 'part') {
      this.#hold(step.id, step.part);
      return;
    }
    this.#settle(step.t === 'item' ? step.item.id : step.id);
    if (!applyRecord(this.#items, step)) this.skippedLines += 1;
    else if (step.t === 'item') this.itemLines += 1;
  }

  /** Applies the parts still held: call once after the last line. */
  finish(): void {
    for (const id of [...this.#parts.keys()]) this.#settle(id);
  }

  #hold(id: string, part: number): void {
    const held = this.#parts.get(id);
    if (held) held.push(part);
    else this.#parts.set(id, [part]);
  }

  #settle(id: string): void {
    const held = this.#parts.get(id);
    if (!held) return;
    this.#parts.delete(id);
    this.skippedLines += applyParts(this.#items, id, held);
  }
}
