// The upload queue's files, kept so that a queue of 10,000 costs per change what a queue of ten does:
// by id; by file and channel (the duplicate check on add); the waiting files in the order they were
// queued (a heap, so a slot that frees up does not scan the list); the files in a slot; and the current
// batch with the files in it that may still be unsettled (so the end of a batch is found without going
// through the batch on every change).
import type { Entry } from './queue-entry.js';
import { isUnfinished } from './queue-entry.js';
import type { FoundFile } from './upload-files.js';
import type { QueueTotals, UploadState } from './upload-types.js';

/** What the end of a batch reports. */
export interface BatchEnd {
  readonly complete: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly rejected: number;
}

export class QueueBook {
  readonly #entries = new Map<string, Entry>();
  readonly #byFile = new Map<string, Set<Entry>>();
  /** Where each file stands in line: the order it was queued in (restored ones first, in the journal's order). */
  readonly #order = new WeakMap<Entry, number>();
  #nextOrder = 0;
  /** Waiting files by their order; a file leaves when a slot takes it, or lazily once it no longer waits. */
  readonly #line: Entry[] = [];
  readonly #inLine = new Set<Entry>();
  /** Files a slot was started for; one whose slot has ended (abort null) leaves at the next count. */
  readonly #slots = new Set<Entry>();
  /** Ids of the current batch: files added or resumed since the queue was last idle. */
  #batch = new Set<string>();
  #batchRejected = 0;
  /** Batch files that may be unsettled: every file that becomes so is added, settled ones leave when looked at. */
  readonly #unsettled = new Set<Entry>();

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): Entry | undefined {
    return this.#entries.get(id);
  }

  values(): IterableIterator<Entry> {
    return this.#entries.values();
  }

  add(entry: Entry): void {
    this.#entries.set(entry.journal.id, entry);
    this.#order.set(entry, this.#nextOrder++);
    const key = fileKey(entry.journal.file, entry.journal.channelId);
    const same = this.#byFile.get(key);
    if (same) same.add(entry);
    else this.#byFile.set(key, new Set([entry]));
    this.stateChanged(entry);
  }

  delete(entry: Entry): void {
    const id = entry.journal.id;
    this.#entries.delete(id);
    this.#batch.delete(id);
    const key = fileKey(entry.journal.file, entry.journal.channelId);
    const same = this.#byFile.get(key);
    same?.delete(entry);
    if (same?.size === 0) this.#byFile.delete(key);
  }

  /** Call after every change of an entry's state: a waiting file gets in line, an unfinished one unsettles its batch. */
  stateChanged(entry: Entry): void {
    if (entry.state === 'waiting' && !this.#inLine.has(entry)) {
      this.#inLine.add(entry);
      this.#push(entry);
    }
    if (isUnfinished(entry.state) && this.#batch.has(entry.journal.id)) this.#unsettled.add(entry);
  }

  /** Why the file cannot be queued again for the channel; null when it can. */
  sameFile(file: FoundFile, channelId: string): string | null {
    for (const entry of this.#byFile.get(fileKey(file.path, channelId)) ?? []) {
      const item = entry.journal;
      if (entry.state === 'cancelled' || item.size !== file.size || item.modifiedMs !== file.modifiedMs) continue;
      if (entry.state === 'complete') return `Already uploaded to this channel${item.upload ? ` as video ${item.upload.ticket.videoId}` : ''} (the file has not changed since).`;
      if (entry.state === 'failed') return 'Already in the queue, failed: retry it there.';
      return 'Already in the queue.';
    }
    return null;
  }

  /** The waiting files that free slots take now, first in line first; they count as in a slot from here. */
  toStart(concurrency: number): Entry[] {
    // A slot sets its abort as it starts (synchronously), and clears it as it ends.
    for (const entry of this.#slots) if (entry.abort === null) this.#slots.delete(entry);
    const started: Entry[] = [];
    const busy: Entry[] = [];
    while (this.#slots.size < concurrency && this.#line.length > 0) {
      const entry = this.#pop();
      if (entry.state !== 'waiting') {
        this.#inLine.delete(entry);
        continue;
      }
      if (entry.abort !== null) {
        // Still winding down from its last slot: it keeps its place for the next look.
        busy.push(entry);
        continue;
      }
      this.#inLine.delete(entry);
      this.#slots.add(entry);
      started.push(entry);
    }
    for (const entry of busy) this.#push(entry);
    return started;
  }

  /** The files a slot holds now. */
  *inSlots(): Generator<Entry> {
    for (const entry of this.#slots) if (entry.abort !== null) yield entry;
  }

  /** The file's slot is free for the next file although its work goes on (its `ready`, outside the slots). */
  leaveSlot(entry: Entry): void {
    this.#slots.delete(entry);
  }

  /** Bytes per second of all transfers together: from the slots alone, not the whole list (called often). */
  speed(): number {
    let speed = 0;
    for (const entry of this.inSlots()) if (entry.state === 'transferring') speed += entry.meter.speed();
    return speed;
  }

  /** The first `count` files in line that no slot holds, first in line first; they stay in line. */
  nextInLine(count: number): Entry[] {
    const next: Entry[] = [];
    const held: Entry[] = [];
    while (next.length < count && this.#line.length > 0) {
      const entry = this.#pop();
      if (entry.state !== 'waiting') {
        this.#inLine.delete(entry);
        continue;
      }
      if (entry.abort !== null) held.push(entry);
      else next.push(entry);
    }
    for (const entry of [...next, ...held]) this.#push(entry);
    return next;
  }

  joinBatch(entry: Entry): void {
    this.#batch.add(entry.journal.id);
    this.#unsettled.add(entry);
  }

  inBatch(id: string): boolean {
    return this.#batch.has(id);
  }

  rejected(count: number): void {
    this.#batchRejected += count;
  }

  /** The batch's outcome once every file of it is settled (and forgets the batch); null while one is not. */
  batchEnd(): BatchEnd | null {
    if (this.#batch.size === 0 && this.#batchRejected === 0) return null;
    for (const entry of this.#unsettled) {
      if (isUnfinished(entry.state) || entry.polling || entry.abort !== null) return null;
      this.#unsettled.delete(entry);
    }
    const counts: Partial<Record<UploadState, number>> = {};
    for (const id of this.#batch) {
      const entry = this.#entries.get(id);
      if (entry) counts[entry.state] = (counts[entry.state] ?? 0) + 1;
    }
    const end = { complete: counts.complete ?? 0, failed: counts.failed ?? 0, cancelled: counts.cancelled ?? 0, rejected: this.#batchRejected };
    this.#batch = new Set();
    this.#batchRejected = 0;
    return end;
  }

  /** The counts of the whole list, and the current batch's bytes (cancelled files left out); speed() has the speed. */
  totals(): Pick<QueueTotals, 'files' | 'complete' | 'failed' | 'unfinished' | 'bytes' | 'size'> {
    let complete = 0;
    let failed = 0;
    let unfinished = 0;
    let bytes = 0;
    let size = 0;
    for (const entry of this.#entries.values()) {
      if (entry.state === 'complete') complete += 1;
      else if (entry.state === 'failed') failed += 1;
      else if (entry.state !== 'cancelled') unfinished += 1;
      if (entry.state !== 'cancelled' && this.#batch.has(entry.journal.id)) {
        bytes += entry.bytes;
        size += entry.journal.size;
      }
    }
    return { files: this.#entries.size, complete, failed, unfinished, bytes, size };
  }

  /* A binary heap of the waiting files by their order. */

  #push(entry: Entry): void {
    const line = this.#line;
    line.push(entry);
    for (let index = line.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (this.#rank(line[parent]!) <= this.#rank(line[index]!)) break;
      [line[parent], line[index]] = [line[index]!, line[parent]!];
      index = parent;
    }
  }

  #pop(): Entry {
    const line = this.#line;
    const top = line[0]!;
    const last = line.pop()!;
    if (line.length > 0) {
      line[0] = last;
      for (let index = 0; ; ) {
        const left = 2 * index + 1;
        const right = left + 1;
        let least = index;
        if (left < line.length && this.#rank(line[left]!) < this.#rank(line[least]!)) least = left;
        if (right < line.length && this.#rank(line[right]!) < this.#rank(line[least]!)) least = right;
        if (least === index) break;
        [line[least], line[index]] = [line[index]!, line[least]!];
        index = least;
      }
    }
    return top;
  }

  #rank(entry: Entry): number {
    return this.#order.get(entry) ?? 0;
  }
}

function fileKey(path: string, channelId: string): string {
  return `${channelId}\u0000${path}`;
}
