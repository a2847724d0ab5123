// The upload journal on real files: what was written survives reopening, a line cut by a crash is left
// out, opening compacts it to one line per file without changing what it says.
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadJournal, type JournalItem } from '../../../main/uploads/upload-journal.js';

let root: string;
let file: string;
let count = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'upload-journal-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  count += 1;
  file = join(root, `profile-${count}`, 'journal.jsonl');
});

function item(id: string, change: Partial<JournalItem> = {}): JournalItem {
  return {
    id,
    addedAt: 1_767_225_600_000,
    file: `/videos/${id}.mp4`,
    size: 1000,
    modifiedMs: 1_767_225_000_000,
    extension: 'mp4',
    channelId: '5001',
    title: id,
    description: '',
    protect: 'public',
    initStarted: false,
    upload: null,
    inits: 0,
    transferred: false,
    readyStarted: false,
    readySent: false,
    status: null,
    outcome: null,
    failure: null,
    retryFresh: false,
    paused: false,
    ...change,
  };
}

const upload = (videoId: string) => ({ videoId, path: `up-${videoId}`, host: 'ftp.example.test', port: 21, user: `user-${videoId}` });
const lines = (): string[] => readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');

/** Opens the journal, lets `work` write to it, closes it. */
function session(work: (journal: UploadJournal) => void): void {
  const { journal } = UploadJournal.open(file);
  try {
    work(journal);
  } finally {
    journal.close();
  }
}

describe('UploadJournal', () => {
  it('starts empty when the file is missing, creating its folder and an empty file only it may read', () => {
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening).toEqual({ items: [], skippedLines: 0 });
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps every step written, across reopening', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.add(item('b', { title: 'Second' }));
      journal.write({ t: 'edited', id: 'a', title: 'First', protect: 'private' });
      journal.write({ t: 'init-started', id: 'a' });
      journal.write({ t: 'initialised', id: 'a', upload: upload('v1') });
      journal.write({ t: 'transferred', id: 'a' });
      journal.write({ t: 'ready-started', id: 'a' });
      journal.write({ t: 'ready-sent', id: 'a' });
      journal.write({ t: 'status', id: 'a', status: 'transcoding' });
      journal.write({ t: 'paused', id: 'b' });
    });
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(0);
    expect(opening.items).toEqual([
      item('a', { title: 'First', protect: 'private', initStarted: true, inits: 1, upload: upload('v1'), transferred: true, readyStarted: true, readySent: true, status: 'transcoding' }),
      item('b', { title: 'Second', paused: true }),
    ]);
  });

  it('returns the item as it is after each step', () => {
    session((journal) => {
      journal.add(item('a'));
      expect(journal.write({ t: 'init-started', id: 'a' })).toMatchObject({ initStarted: true, inits: 1 });
      expect(journal.write({ t: 'init-started', id: 'a' })).toMatchObject({ inits: 2 });
      expect(journal.write({ t: 'failed', id: 'a', reason: 'The server went away.', fresh: false })).toMatchObject({ outcome: 'failed', failure: 'The server went away.', retryFresh: false });
      expect(journal.write({ t: 'cancelled', id: 'a' })).toMatchObject({ outcome: 'cancelled' });
      // A copy: changing it does not change the journal.
      const copy = journal.item('a')!;
      copy.title = 'changed outside';
      expect(journal.item('a')?.title).toBe('a');
    });
  });

  it('leaves out a last line cut short by a crash, and reports it', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.write({ t: 'init-started', id: 'a' });
    });
    const whole = JSON.stringify({ t: 'initialised', id: 'a', upload: upload('v1') });
    appendFileSync(file, whole.slice(0, Math.floor(whole.length / 2)));
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(1);
    expect(opening.items).toEqual([item('a', { initStarted: true, inits: 1 })]);
    // The cut line is gone from the file: the next step does not land on the end of it.
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([{ t: 'item', item: item('a', { initStarted: true, inits: 1 }) }]);
  });

  it('compacts on opening to one line per item, saying the same', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.add(item('b'));
      journal.write({ t: 'init-started', id: 'a' });
      journal.write({ t: 'initialised', id: 'a', upload: upload('v1') });
      journal.write({ t: 'init-started', id: 'b' });
      journal.write({ t: 'failed', id: 'b', reason: 'Refused.', fresh: true });
    });
    expect(lines()).toHaveLength(6);
    const first = UploadJournal.open(file);
    first.journal.close();
    const compacted = readFileSync(file, 'utf8');
    expect(lines()).toHaveLength(2);
    expect(lines().map((line) => (JSON.parse(line) as { t: string }).t)).toEqual(['item', 'item']);
    const second = UploadJournal.open(file);
    second.journal.close();
    expect(second.opening.items).toEqual(first.opening.items);
    expect(readFileSync(file, 'utf8')).toBe(compacted);
  });

  it('appends after the compacted lines, one flushed line per step', () => {
    session((journal) => journal.add(item('a')));
    session((journal) => {
      journal.write({ t: 'init-started', id: 'a' });
      expect(lines()).toHaveLength(2);
      expect(JSON.parse(lines()[1]!)).toEqual({ t: 'init-started', id: 'a' });
    });
  });

  it('forgets the platform upload on a fresh retry, and keeps it on a plain one', () => {
    session((journal) => {
      journal.add(item('fresh'));
      journal.add(item('plain'));
      for (const id of ['fresh', 'plain']) {
        journal.write({ t: 'init-started', id });
        journal.write({ t: 'initialised', id, upload: upload(`v-${id}`) });
        journal.write({ t: 'transferred', id });
        journal.write({ t: 'ready-started', id });
        journal.write({ t: 'ready-sent', id });
        journal.write({ t: 'status', id, status: 'error' });
        journal.write({ t: 'paused', id });
        journal.write({ t: 'failed', id, reason: 'The platform could not process the file.', fresh: id === 'fresh' });
      }
      journal.write({ t: 'retry', id: 'fresh', fresh: true });
      journal.write({ t: 'retry', id: 'plain', fresh: false });
    });
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    const [fresh, plain] = opening.items;
    expect(fresh).toEqual(item('fresh', { inits: 1 }));
    expect(plain).toEqual(item('plain', { initStarted: true, inits: 1, upload: upload('v-plain'), transferred: true, readyStarted: true, readySent: true, status: 'error' }));
  });

  it('drops removed items, also after reopening', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.add(item('b'));
      journal.write({ t: 'complete', id: 'a' });
      journal.write({ t: 'removed', id: 'a' });
      expect(journal.item('a')).toBeUndefined();
      expect(journal.items().map((entry) => entry.id)).toEqual(['b']);
    });
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.items.map((entry) => entry.id)).toEqual(['b']);
    expect(lines()).toHaveLength(1);
  });

  it('counts lines about unknown items, and lines that are not records, as skipped', () => {
    session((journal) => journal.add(item('a')));
    appendFileSync(
      file,
      [
        JSON.stringify({ t: 'transferred', id: 'never-added' }),
        JSON.stringify({ t: 'teleported', id: 'a' }),
        JSON.stringify({ t: 'status', id: 'a', status: 'exploded' }),
        'not json at all',
        '',
        JSON.stringify({ t: 'status', id: 'a', status: 'queued' }),
        '',
      ].join('\n'),
    );
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(4);
    expect(opening.items).toEqual([item('a', { status: 'queued' })]);
  });

  it('refuses an id twice, a malformed step, and writing once closed', () => {
    const { journal } = UploadJournal.open(file);
    journal.add(item('a'));
    expect(() => journal.add(item('a'))).toThrow(/already has an item a/);
    expect(() => journal.add(item('b', { extension: 'txt' as 'mp4' }))).toThrow();
    expect(() => journal.write({ t: 'status', id: 'a', status: 'exploded' as 'queued' })).toThrow();
    journal.close();
    expect(() => journal.write({ t: 'complete', id: 'a' })).toThrow(/closed/);
    expect(lines()).toHaveLength(1);
  });

  it('reads a journal whose last line lacks its newline but is whole', () => {
    session((journal) => journal.add(item('a')));
    appendFileSync(file, JSON.stringify({ t: 'complete', id: 'a' }));
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(0);
    expect(opening.items[0]?.outcome).toBe('complete');
  });
});
