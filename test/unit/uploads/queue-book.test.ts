// The queue's book of files with 10,000 of them: slots are filled first in line first (a file that waits
// again keeps its place), never more than the concurrency, the duplicate check finds a file by its path and
// channel, and the end of a batch is found once its last file settles.
import { describe, expect, it } from 'vitest';
import { QueueBook } from '../../../main/uploads/queue-book.js';
import { newEntry, newItem, type Entry } from '../../../main/uploads/queue-entry.js';
import type { UploadState } from '../../../main/uploads/upload-types.js';

const now = () => 1_767_225_600_000;

function entry(index: number, state: UploadState = 'waiting', channelId = '5001'): Entry {
  const item = newItem({ path: `/videos/take-${index}.mp4`, size: 1000 + index, modifiedMs: 1_767_225_000_000, extension: 'mp4', title: `take-${index}` }, { channelId }, now());
  return newEntry({ ...item, id: `f${index}` }, state, now);
}

/** What a slot does to an entry as it starts. */
function startSlot(started: Entry): void {
  started.abort = new AbortController();
  started.state = 'initialising';
}

describe('QueueBook', () => {
  it('fills free slots first in line first, a file that waits again keeping its place, with 10,000 files', () => {
    const book = new QueueBook();
    const entries = Array.from({ length: 10_000 }, (_, index) => entry(index));
    for (const each of entries) book.add(each);
    const first = book.toStart(3);
    expect(first.map((each) => each.journal.id)).toEqual(['f0', 'f1', 'f2']);
    first.forEach(startSlot);
    expect(book.toStart(3)).toEqual([]);

    // f1's slot ends back in line (a pause of the queue), f0's for good: f1 goes again before f3.
    for (const each of [first[0]!, first[1]!]) each.abort = null;
    first[0]!.state = 'processing';
    first[1]!.state = 'waiting';
    book.stateChanged(first[0]!);
    book.stateChanged(first[1]!);
    const next = book.toStart(3);
    expect(next.map((each) => each.journal.id)).toEqual(['f1', 'f3']);
    next.forEach(startSlot);

    // A file no longer waiting (paused) is passed over; one still winding down from its slot keeps its place.
    entries[4]!.state = 'paused';
    book.stateChanged(entries[4]!);
    entries[5]!.abort = new AbortController();
    for (const each of [first[2]!, ...next]) {
      each.abort = null;
      each.state = 'complete';
    }
    const later = book.toStart(2);
    expect(later.map((each) => each.journal.id)).toEqual(['f6', 'f7']);
    later.forEach(startSlot);
    entries[5]!.abort = null;
    expect(book.toStart(3).map((each) => each.journal.id)).toEqual(['f5']);
  });

  it('sums the speed of the transfers in the slots without going through the 10,000 files; a file whose slot is left counts no more', () => {
    let clock = 0;
    const book = new QueueBook();
    const entries = Array.from({ length: 10_000 }, (_, index) => {
      const made = entry(index);
      return newEntry(made.journal, 'waiting', () => clock);
    });
    for (const each of entries) book.add(each);
    const started = book.toStart(2);
    started.forEach(startSlot);
    for (const each of started) {
      each.state = 'transferring';
      each.meter.record(0);
    }
    clock = 1000;
    started[0]!.meter.record(1000);
    started[1]!.meter.record(3000);
    expect(book.speed()).toBe(4000);
    expect(book.totals()).not.toHaveProperty('speed');
    // A file outside the slots that looks like a transfer (as no file of the list can) is never looked at:
    // the sum comes from the slots alone, not from a walk over the 10,000 files (about 6 ms a call).
    const outside = entries[5_000]!;
    outside.state = 'transferring';
    outside.meter.record(0);
    Object.defineProperty(outside.meter, 'speed', { value: () => expect.unreachable('a file outside the slots was read') });
    expect(book.speed()).toBe(4000);
    book.leaveSlot(started[0]!);
    expect(book.speed()).toBe(3000);
  });

  it('finds a queued file by its path and channel, as long as it has not changed and was not cancelled', () => {
    const book = new QueueBook();
    const queued = entry(1);
    book.add(queued);
    const file = { path: queued.journal.file, size: queued.journal.size, modifiedMs: queued.journal.modifiedMs, extension: 'mp4' as const, title: 'take-1' };
    expect(book.sameFile(file, '5001')).toBe('Already in the queue.');
    expect(book.sameFile(file, '5002')).toBeNull();
    expect(book.sameFile({ ...file, size: file.size + 1 }, '5001')).toBeNull();
    queued.state = 'cancelled';
    expect(book.sameFile(file, '5001')).toBeNull();
    queued.state = 'complete';
    expect(book.sameFile(file, '5001')).toMatch(/^Already uploaded to this channel/);
    book.delete(queued);
    expect(book.sameFile(file, '5001')).toBeNull();
    expect(book.get('f1')).toBeUndefined();
  });

  it('tells the end of a batch once its last file settles, with the counts, and only once', () => {
    const book = new QueueBook();
    const files = [entry(1), entry(2), entry(3)];
    for (const each of files) {
      book.add(each);
      book.joinBatch(each);
    }
    book.rejected(2);
    files[0]!.state = 'complete';
    files[1]!.state = 'failed';
    expect(book.batchEnd()).toBeNull();
    files[2]!.state = 'processing';
    files[2]!.polling = true;
    expect(book.batchEnd()).toBeNull();
    files[2]!.polling = false;
    files[2]!.state = 'complete';
    expect(book.batchEnd()).toEqual({ complete: 2, failed: 1, cancelled: 0, rejected: 2 });
    expect(book.batchEnd()).toBeNull();
    // A retried file starts a new batch, unsettled until it settles again.
    files[1]!.state = 'waiting';
    book.joinBatch(files[1]!);
    expect(book.batchEnd()).toBeNull();
    files[1]!.state = 'complete';
    expect(book.batchEnd()).toEqual({ complete: 1, failed: 0, cancelled: 0, rejected: 0 });
  });
});
