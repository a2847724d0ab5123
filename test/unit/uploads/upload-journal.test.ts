// The upload journal on real files: what was written survives reopening, a line cut by a crash is left
// out, opening compacts it to its header and one line per file without changing what it says, parts
// acknowledged one by one add up (each line in the file at once, their flushes grouped), and a journal of
// version 1 (FTP only) is read and rewritten in version 2.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyRecord, readRecord, type PlatformUpload } from '../../../main/uploads/journal-records.js';
import { seededRandom } from '../../support/seeded-random.js';
import { newItem } from '../../../main/uploads/queue-entry.js';
import { JournalTooNewError, UploadJournal, type JournalDisk, type JournalItem } from '../../../main/uploads/upload-journal.js';

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

/** A file just added, as the queue makes it (newItem), with its id and any later state. */
function item(id: string, change: Partial<JournalItem> = {}): JournalItem {
  const added = newItem({ path: `/videos/${id}.mp4`, size: 1000, modifiedMs: 1_767_225_000_000, extension: 'mp4', title: id }, { channelId: '5001' }, 1_767_225_600_000);
  return { ...added, id, ...change };
}

const upload = (videoId: string, acknowledged: [number, number][] = [], count = 1): PlatformUpload => ({
  transport: 'ftp',
  ticket: { channelId: '5001', videoId, host: 'ftp.example.test', port: 21, user: `user-${videoId}`, remoteName: `up-${videoId}.mp4` },
  parts: { count, size: Math.ceil(1000 / count), acknowledged },
});
const HEADER = { t: 'journal', version: 2 };
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
  it('starts empty when the file is missing, creating its folder and a file only it may read, with the header alone', () => {
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening).toEqual({ items: [], skippedLines: 0, migratedFrom: null });
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(HEADER)}\n`);
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
      item('a', { title: 'First', protect: 'private', initStarted: true, inits: 1, upload: upload('v1', [[0, 0]]), readyStarted: true, readySent: true, status: 'transcoding' }),
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
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([HEADER, { t: 'item', item: item('a', { initStarted: true, inits: 1 }) }]);
  });

  it('compacts on opening to the header and one line per item, saying the same', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.add(item('b'));
      journal.write({ t: 'init-started', id: 'a' });
      journal.write({ t: 'initialised', id: 'a', upload: upload('v1') });
      journal.write({ t: 'init-started', id: 'b' });
      journal.write({ t: 'failed', id: 'b', reason: 'Refused.', fresh: true });
    });
    expect(lines()).toHaveLength(7);
    const first = UploadJournal.open(file);
    first.journal.close();
    const compacted = readFileSync(file, 'utf8');
    expect(lines()).toHaveLength(3);
    expect(lines().map((line) => (JSON.parse(line) as { t: string }).t)).toEqual(['journal', 'item', 'item']);
    const second = UploadJournal.open(file);
    second.journal.close();
    expect(second.opening.items).toEqual(first.opening.items);
    expect(readFileSync(file, 'utf8')).toBe(compacted);
  });

  it('appends after the compacted lines, one flushed line per step', () => {
    session((journal) => journal.add(item('a')));
    session((journal) => {
      journal.write({ t: 'init-started', id: 'a' });
      expect(lines()).toHaveLength(3);
      expect(JSON.parse(lines()[2]!)).toEqual({ t: 'init-started', id: 'a' });
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
    expect(plain).toEqual(item('plain', { initStarted: true, inits: 1, upload: upload('v-plain', [[0, 0]]), readyStarted: true, readySent: true, status: 'error' }));
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
    expect(lines()).toHaveLength(2);
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
    expect(lines()).toHaveLength(2);
  });

  it('reads a journal whose last line lacks its newline but is whole', () => {
    session((journal) => journal.add(item('a')));
    appendFileSync(file, JSON.stringify({ t: 'complete', id: 'a' }));
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(0);
    expect(opening.items[0]?.outcome).toBe('complete');
  });

  it('adds up parts acknowledged in any order into ranges, refuses a part the upload does not have, and `transferred` acknowledges them all', () => {
    session((journal) => {
      journal.add(item('a'));
      journal.add(item('b'));
      journal.write({ t: 'init-started', id: 'a' });
      journal.write({ t: 'initialised', id: 'a', upload: upload('v1', [], 8) });
      for (const part of [0, 2, 1, 5, 6, 2]) journal.write({ t: 'part', id: 'a', part });
      expect(journal.item('a')?.upload?.parts.acknowledged).toEqual([
        [0, 2],
        [5, 6],
      ]);
      journal.write({ t: 'init-started', id: 'b' });
      journal.write({ t: 'initialised', id: 'b', upload: upload('v2', [], 8) });
      journal.write({ t: 'part', id: 'b', part: 3 });
      journal.write({ t: 'transferred', id: 'b' });
    });
    appendFileSync(file, `${JSON.stringify({ t: 'part', id: 'a', part: 8 })}\n`);
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.skippedLines).toBe(1);
    expect(opening.items.map((entry) => entry.upload?.parts.acknowledged)).toEqual([
      [
        [0, 2],
        [5, 6],
      ],
      [[0, 7]],
    ]);
  });

  it('reads part lines held back per item as the same items and skipped lines as applying every line in turn (300 random journals)', () => {
    // The reference: every line parsed and applied one by one, as before journal-replay.ts held parts back.
    const reference = (text: string): { items: JournalItem[]; skipped: number } => {
      const items = new Map<string, JournalItem>();
      let skipped = 0;
      for (const line of text.split('\n').slice(1).filter((entry) => entry !== '')) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          value = undefined;
        }
        const record = readRecord(value);
        if (!record || !applyRecord(items, record)) skipped += 1;
      }
      return { items: [...items.values()], skipped };
    };
    const random = seededRandom(21);
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    for (let round = 0; round < 300; round += 1) {
      const ids = ['a', 'b', 'c'];
      const steps: string[] = [JSON.stringify(HEADER)];
      for (let index = 0; index < 60; index += 1) {
        const id = pick([...ids, 'unknown']);
        const part = Math.floor(random() * 7);
        steps.push(
          pick([
            JSON.stringify({ t: 'item', item: item(id) }),
            JSON.stringify({ t: 'initialised', id, upload: upload(`v-${id}`, [], pick([3, 5, 6])) }),
            JSON.stringify({ t: 'part', id, part }),
            JSON.stringify({ t: 'part', id, part }),
            JSON.stringify({ t: 'part', id, part }),
            // The same record spelt otherwise (read the long way), and lines that are no part record.
            `{ "part": ${part}, "id": "${id}", "t": "part" }`,
            `{"t":"part","id":"${id}","part":0${part}}`,
            `{"t":"part","id":"${id}","part":-${part}}`,
            JSON.stringify({ t: 'transferred', id }),
            JSON.stringify({ t: 'retry', id, fresh: random() < 0.5 }),
            JSON.stringify({ t: 'removed', id }),
          ]),
        );
      }
      const text = `${steps.join('\n')}\n`;
      file = join(root, `random-${round}`, 'journal.jsonl');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      const { journal, opening } = UploadJournal.open(file);
      journal.close();
      const expected = reference(text);
      expect(opening.items, `round ${round}:\n${text}`).toEqual(expected.items);
      expect(opening.skippedLines, `round ${round}`).toBe(expected.skipped);
    }
  });

  it('has each part line in the file as soon as it is written (a kill of the app loses none), its flush grouped with the next', () => {
    const { journal } = UploadJournal.open(file);
    journal.add(item('a'));
    journal.write({ t: 'init-started', id: 'a' });
    journal.write({ t: 'initialised', id: 'a', upload: upload('v1', [], 100) });
    for (let part = 0; part < 70; part += 1) {
      journal.write({ t: 'part', id: 'a', part });
      // What another process (the app reopened after a kill) reads now.
      expect(readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)).toBe(JSON.stringify({ t: 'part', id: 'a', part }));
    }
    journal.close();
    const { journal: reopened, opening } = UploadJournal.open(file);
    reopened.close();
    expect(opening.items[0]!.upload!.parts.acknowledged).toEqual([[0, 69]]);
  });
});

describe('UploadJournal of version 1 (before upload transports)', () => {
  /** An item as version 1 wrote it: the FTP upload's details and one `transferred` flag. */
  function v1Item(id: string, change: Record<string, unknown> = {}): Record<string, unknown> {
    const { upload: _upload, ...rest } = item(id);
    return { ...rest, upload: null, transferred: false, ...change };
  }
  const v1Upload = (videoId: string) => ({ videoId, path: `up-${videoId}`, host: 'ftp.example.test', port: 21, user: `user-${videoId}` });
  const ftpTicket = (videoId: string) => ({ channelId: '5001', videoId, host: 'ftp.example.test', port: 21, user: `user-${videoId}`, remoteName: `up-${videoId}.mp4` });

  it('reads items and steps into version 2 (the FTP ticket, one part acknowledged once transferred) and rewrites the file in it', () => {
    mkdirSync(dirname(file), { recursive: true });
    const old = [
      { t: 'item', item: v1Item('done', { initStarted: true, inits: 1, upload: v1Upload('v1'), transferred: true, readyStarted: true, readySent: true, status: 'complete', outcome: 'complete' }) },
      { t: 'item', item: v1Item('cut', { initStarted: true, inits: 1, upload: v1Upload('v2') }) },
      { t: 'item', item: v1Item('new', { paused: true }) },
      { t: 'init-started', id: 'new' },
      { t: 'initialised', id: 'new', upload: v1Upload('v3') },
      { t: 'transferred', id: 'new' },
      { t: 'ready-started', id: 'new' },
    ];
    writeFileSync(file, old.map((record) => `${JSON.stringify(record)}\n`).join(''));

    const first = UploadJournal.open(file);
    first.journal.close();
    expect(first.opening).toEqual({
      skippedLines: 0,
      migratedFrom: 1,
      items: [
        item('done', { initStarted: true, inits: 1, upload: { transport: 'ftp', ticket: ftpTicket('v1'), parts: { count: 1, size: 1000, acknowledged: [[0, 0]] } }, readyStarted: true, readySent: true, status: 'complete', outcome: 'complete' }),
        item('cut', { initStarted: true, inits: 1, upload: { transport: 'ftp', ticket: ftpTicket('v2'), parts: { count: 1, size: 1000, acknowledged: [] } } }),
        item('new', { paused: true, initStarted: true, inits: 1, upload: { transport: 'ftp', ticket: ftpTicket('v3'), parts: { count: 1, size: 1000, acknowledged: [[0, 0]] } }, readyStarted: true }),
      ],
    });
    // Rewritten in version 2: the header, then the items as they are now.
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([HEADER, ...first.opening.items.map((migrated) => ({ t: 'item', item: migrated }))]);
    const second = UploadJournal.open(file);
    second.journal.close();
    expect(second.opening).toEqual({ items: first.opening.items, skippedLines: 0, migratedFrom: null });
  });

  it('leaves out what version 1 could not say either, as before', () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      [
        JSON.stringify({ t: 'item', item: v1Item('a') }),
        JSON.stringify({ t: 'initialised', id: 'never-added', upload: v1Upload('v9') }),
        JSON.stringify({ t: 'part', id: 'a', part: 0 }),
        JSON.stringify({ t: 'initialised', id: 'a', upload: v1Upload('v1') }).slice(0, 40),
      ].join('\n'),
    );
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening).toEqual({ items: [item('a')], skippedLines: 3, migratedFrom: 1 });
  });

  it('refuses a journal of a newer version, leaving it as it is', () => {
    mkdirSync(dirname(file), { recursive: true });
    const text = `${JSON.stringify({ t: 'journal', version: 3 })}\n${JSON.stringify({ t: 'item', item: { id: 'a', shape: 'unknown' } })}\n`;
    writeFileSync(file, text);
    expect(() => UploadJournal.open(file)).toThrow(JournalTooNewError);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('UploadJournal group commit', () => {
  /** The journal's disk, counting flushes and telling how many lines the file had at each. */
  function countingDisk() {
    const flushed: number[] = [];
    /** When each flush (by the lines it covers) ended. */
    const ended: string[] = [];
    const disk: JournalDisk = {
      flush: async () => {
        const covered = lines().length;
        flushed.push(covered);
        await new Promise((resolve) => setTimeout(resolve, 5));
        ended.push(`flush ${covered}`);
      },
      flushSync: () => void flushed.push(lines().length),
    };
    return { disk, flushed, ended };
  }

  it('flushes 10,000 added files and the steps of many slots in one go each, and a step acknowledged as durable was flushed after it was written', async () => {
    const { disk, flushed, ended } = countingDisk();
    const { journal } = UploadJournal.open(file, { disk });
    flushed.length = 0;
    const items = Array.from({ length: 10_000 }, (_, index) => item(`f${index}`));
    journal.addAll(items.slice(0, 5000));
    journal.addAll(items.slice(5000));
    // Each line is in the file at once (a kill of the app loses none)...
    expect(lines()).toHaveLength(10_001);
    expect(flushed).toEqual([]);
    // ...and one flush makes them all durable.
    await journal.durable();
    expect(flushed).toEqual([10_001]);

    // Eight slots each write a step in the same turn and wait for it: one flush for the eight.
    const written = items.slice(0, 8).map(({ id }) => journal.write({ t: 'init-started', id }));
    expect(written.every((entry) => entry?.initStarted)).toBe(true);
    await Promise.all(items.slice(0, 8).map(() => journal.durable()));
    expect(flushed).toEqual([10_001, 10_009]);

    // A step written while a flush runs is not taken for durable with it: it waits for the next flush.
    journal.write({ t: 'init-started', id: 'f8' });
    const first = journal.durable();
    await new Promise((resolve) => setImmediate(resolve));
    journal.write({ t: 'init-started', id: 'f9' });
    const second = journal.durable().then(() => ended.push('f9 durable'));
    await first;
    await second;
    expect(ended.slice(-2)).toEqual(['flush 10011', 'f9 durable']);
    // Two flushes: the one running when f9 was written did not count for it.
    expect(flushed.slice(-2)).toEqual([10_010, 10_011]);

    // Parts: written at once, flushed by the group (here 40 parts, far fewer flushes).
    journal.write({ t: 'initialised', id: 'f0', upload: upload('v0', [], 40) });
    await journal.durable();
    const before = flushed.length;
    for (let part = 0; part < 40; part += 1) journal.write({ t: 'part', id: 'f0', part });
    expect(lines().at(-1)).toBe(JSON.stringify({ t: 'part', id: 'f0', part: 39 }));
    await journal.durable();
    expect(flushed.length - before).toBeLessThanOrEqual(2);
    expect(flushed.at(-1)).toBe(lines().length);

    // commit() flushes at once; nothing written since: no flush.
    journal.write({ t: 'cancelled', id: 'f1' });
    journal.commit();
    expect(flushed.at(-1)).toBe(lines().length);
    const count = flushed.length;
    journal.commit();
    await journal.durable();
    expect(flushed).toHaveLength(count);
    journal.close();
    // 10,000 files and 55 steps: a handful of flushes.
    expect(flushed.length).toBeLessThan(12);
  });

  it('compacts the file itself after 20,000 lines, in place of the next flush: the items as they are, later lines appended to the new file', async () => {
    const { disk } = countingDisk();
    const { journal } = UploadJournal.open(file, { disk });
    journal.add(item('a'));
    journal.add(item('b'));
    journal.write({ t: 'init-started', id: 'a' });
    journal.write({ t: 'initialised', id: 'a', upload: upload('v1', [], 30_000) });
    for (let part = 0; part < 19_990; part += 1) journal.write({ t: 'part', id: 'a', part });
    await journal.durable();
    // 19,994 lines since the opening: not yet.
    expect(lines()).toHaveLength(19_995);
    for (let part = 19_990; part < 20_000; part += 1) journal.write({ t: 'part', id: 'a', part });
    expect(lines()).toHaveLength(20_005);
    await journal.durable();
    const acknowledged = (line: string | undefined) => (JSON.parse(line!) as { item: JournalItem }).item.upload?.parts.acknowledged;
    expect(lines()).toHaveLength(3);
    expect(JSON.parse(lines()[0]!)).toEqual(HEADER);
    expect(acknowledged(lines()[1])).toEqual([[0, 19_999]]);
    expect(readdirSync(dirname(file))).toEqual(['journal.jsonl']);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    journal.write({ t: 'part', id: 'a', part: 29_999 });
    journal.write({ t: 'removed', id: 'b' });
    await journal.durable();
    expect(lines()).toHaveLength(5);
    journal.close();
    const { journal: reopened, opening } = UploadJournal.open(file);
    reopened.close();
    expect(opening.skippedLines).toBe(0);
    expect(opening.items.map((entry) => [entry.id, entry.upload?.parts.acknowledged])).toEqual([
      [
        'a',
        [
          [0, 19_999],
          [29_999, 29_999],
        ],
      ],
    ]);
  });

  it('flushes a step on its own at the next turn when nobody waits for it, and rejects durable() when the disk refuses the flush', async () => {
    const { disk, flushed } = countingDisk();
    let refuse = false;
    const failing: JournalDisk = { ...disk, flush: (fd) => (refuse ? Promise.reject(new Error('EIO: i/o error, fdatasync')) : disk.flush(fd)) };
    const { journal } = UploadJournal.open(file, { disk: failing });
    journal.add(item('a'));
    journal.write({ t: 'status', id: 'a', status: 'queued' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushed.at(-1)).toBe(3);
    refuse = true;
    journal.write({ t: 'complete', id: 'a' });
    await expect(journal.durable()).rejects.toThrow(/EIO/);
    refuse = false;
    await journal.durable();
    expect(flushed.at(-1)).toBe(4);
    journal.close();
  });

  it('leaves a journal that is already compact as it is on opening (no rewrite)', () => {
    session((journal) => journal.addAll([item('a'), item('b')]));
    UploadJournal.open(file).journal.close();
    const before = statSync(file);
    const { journal, opening } = UploadJournal.open(file);
    journal.close();
    expect(opening.items.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(statSync(file).ino).toBe(before.ino);
  });
});
