// bench/upload-journal (issue 21, "10,000 files"): the upload queue's journal and queue with 10,000 files,
// each timed against a baseline in the same run, each scenario in a process of its own (its peak RSS is
// its own):
// - reload: UploadJournal.open of a journal of 10,000 items, and of one that also holds 200,000 `part`
//   lines and 10,000 `status` lines (a long run of part uploads), against reading the same file and
//   JSON.parse of every line (what no reader can beat); then `new UploadQueue` on the 10,000 items, and
//   one rows() and one totals() of it.
// - add: `queue.add` of a folder of 10,000 small videos (hard links of one file) into an empty queue that is
//   not started (nothing uploads), against finding the same files (findUploadFiles) and writing their
//   item lines with one write and one fsync; with the fsyncs the add made and the longest the event
//   loop was blocked meanwhile.
// Built code only: `node scripts/build.mjs`, then `node bench/upload-journal.mjs [--files 10000] [--rounds 5]`.
//
// Runs of 2026-11-28 (2 cores shared with three other sessions, load 5–16; medians of 3 rounds, ms; RSS peak):
//   scenario       before (one fdatasync per step, zod per line)   after (group commit, QueueBook)
//   parse-items    197 (69 MB)                                     140 (69 MB)     baseline: JSON.parse
//   open-items     878 (133 MB)  4.45× parse                       436 (108 MB)  3.11× parse
//   parse-parts    1388 (104 MB)                                   337 (105 MB)    baseline: JSON.parse
//   open-parts     2059 (154 MB) 1.48× parse                       1625 (153 MB) 4.82× parse (494–818 alone)
//   queue-open     1106 (134 MB) rows() 36, totals() 5.1           710 (114 MB) rows() 13, totals() 5.8
//   add-baseline   2314 (94 MB)  find + 1 write + 1 fsync          2463 (94 MB)
//   queue-add      44961 (113 MB) 10,000 fsyncs, max block 90      2128 (120 MB) 1 fsync, max block 45
// The load moves every number 2–3× between runs: read the ratios to the same run's baseline.
//
// Run of 2026-11-29 04:16 (quiet machine, 3 rounds): part lines held per item and merged once (journal-replay.ts),
// read by a regular expression instead of JSON.parse; the journal compacts itself every 20,000 lines while open:
//   parse-items 94, open-items 361 (3.82× parse), parse-parts 506, open-parts 874 (1.73× parse; 1467 the session
//   before), open-bounded 575 (10,000 items + 20,000 part lines: the most a crash leaves now), compact-running
//   335 for 20,000 part lines with the compaction, longest block of the event loop 12 ms; queue-open 329,
//   queue-add 2895 (1.18× its baseline, max block 58 ms).
// - open-bounded / compact-running: the journal of 10,000 items with 20,000 part lines, opened; and 20,000
//   part lines written 100 a turn to the open journal, whose next flush compacts it (the longest block).
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, fdatasyncSync, linkSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/stats.mjs';
import { machine } from './lib/machine.mjs';

const { values } = parseArgs({ options: { files: { type: 'string' }, rounds: { type: 'string' }, child: { type: 'string' }, dir: { type: 'string' } } });
const FILES = Number(values.files ?? 10_000);
const ROUNDS = Number(values.rounds ?? 5);
const PARTS = 200_000;
const BOUNDED_LINES = 20_000;

const silent = { info() {}, warn() {}, registerSecret() {} };
const idleTransport = {
  name: 'ftp',
  partsOf: (size) => ({ count: 1, size: Math.max(1, size) }),
  begin: () => Promise.reject(new Error('not started')),
  send: () => Promise.reject(new Error('not started')),
  finish: () => Promise.reject(new Error('not started')),
  status: () => Promise.reject(new Error('not started')),
  release() {},
};

if (values.child) {
  process.stdout.write(`${JSON.stringify(await child(values.child, values.dir))}\n`);
  process.exit(0);
}

const here = fileURLToPath(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'bench-upload-journal-'));
try {
  prepare(dir);
  const rows = [];
  const run = (scenario, rounds) => {
    const results = [];
    for (let round = 0; round < rounds; round += 1) {
      const result = spawnSync(process.execPath, ['--expose-gc', here, '--child', scenario, '--dir', dir, '--files', String(FILES)], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (result.status !== 0) throw new Error(`${scenario} failed: ${result.stderr}`);
      results.push(JSON.parse(result.stdout.trim().split('\n').at(-1)));
    }
    const out = { scenario, ms: median(results.map((r) => r.ms)), min: Math.min(...results.map((r) => r.ms)), max: Math.max(...results.map((r) => r.ms)), peakRssMb: Math.max(...results.map((r) => r.peakRssMb)) };
    for (const key of ['rowsMs', 'totalsMs', 'fsyncs', 'maxBlockMs', 'queued']) if (key in results[0]) out[key] = median(results.map((r) => r[key]));
    rows.push(out);
    return out;
  };
  const ratio = (target, baseline) => (target.ms / baseline.ms).toFixed(2);
  const parseItems = run('parse-items', ROUNDS);
  const openItems = run('open-items', ROUNDS);
  const parseParts = run('parse-parts', ROUNDS);
  const openParts = run('open-parts', ROUNDS);
  const openBounded = run('open-bounded', ROUNDS);
  run('compact-running', ROUNDS);
  const queueOpen = run('queue-open', ROUNDS);
  const addBaseline = run('add-baseline', 3);
  const queueAdd = run('queue-add', 3);
  console.log(`# bench/upload-journal: ${FILES} files (${new Date().toISOString()})`);
  console.log(JSON.stringify(machine()));
  console.log('');
  console.log('| scenario | ms (median) | range | peak RSS MB | extra |');
  console.log('|---|---:|---|---:|---|');
  for (const row of rows) {
    const extra = ['rowsMs', 'totalsMs', 'fsyncs', 'maxBlockMs', 'queued'].filter((key) => key in row).map((key) => `${key} ${Number(row[key]).toFixed(key === 'fsyncs' || key === 'queued' ? 0 : 1)}`).join(', ');
    console.log(`| ${row.scenario} | ${row.ms.toFixed(1)} | ${row.min.toFixed(0)}–${row.max.toFixed(0)} | ${row.peakRssMb.toFixed(0)} | ${extra} |`);
  }
  console.log('');
  console.log(`journal open ÷ JSON.parse, ${FILES} items: ${ratio(openItems, parseItems)}; with ${PARTS} parts: ${ratio(openParts, parseParts)}; with ${BOUNDED_LINES} (the most a crash leaves now): ${openBounded.ms.toFixed(0)} ms; queue add ÷ find+one write+one fsync: ${ratio(queueAdd, addBaseline)}`);
  void queueOpen;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The journals (items; items with part and status lines) and the folder of videos. */
function prepare(root) {
  const items = [];
  for (let index = 1; index <= FILES; index += 1) items.push(item(index));
  const header = JSON.stringify({ t: 'journal', version: 2 });
  writeFileSync(join(root, 'items.jsonl'), `${[header, ...items.map((entry) => JSON.stringify({ t: 'item', item: entry }))].join('\n')}\n`);
  const lines = [header];
  // 100 files begun in 2,000 parts each, acknowledged one by one; every file with a status line.
  for (const [index, entry] of items.entries()) {
    const begun = index < PARTS / 2000;
    lines.push(JSON.stringify({ t: 'item', item: begun ? { ...entry, initStarted: true, inits: 1, upload: { transport: 'http-parts', ticket: { channelId: '1', videoId: String(500_000 + index) }, parts: { count: 2000, size: 1_048_576, acknowledged: [] } }, outcome: null, status: null, readyStarted: false, readySent: false } : entry }));
  }
  for (let part = 0; part < 2000; part += 1) for (let index = 0; index < PARTS / 2000; index += 1) lines.push(JSON.stringify({ t: 'part', id: items[index].id, part }));
  for (const entry of items) lines.push(JSON.stringify({ t: 'status', id: entry.id, status: 'complete' }));
  writeFileSync(join(root, 'parts.jsonl'), `${lines.join('\n')}\n`);
  // What a crash can leave since the journal compacts itself while open (every 20,000 lines): the items and
  // 20,000 part lines.
  const bounded = lines.slice(0, 1 + FILES + BOUNDED_LINES);
  writeFileSync(join(root, 'bounded.jsonl'), `${bounded.join('\n')}\n`);
  const videos = join(root, 'videos');
  mkdirSync(videos);
  // The start of an mp4 (its `ftyp` atom) and a little more: the queue's file check takes it.
  const first = join(root, 'clip.mp4');
  writeFileSync(first, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 1)]));
  for (let index = 1; index <= FILES; index += 1) linkSync(first, join(videos, `clip-${String(index).padStart(5, '0')}.mp4`));
}

function item(index) {
  return {
    id: `item-${index}`,
    addedAt: 1_700_000_000_000 + index,
    file: `/recordings/stream-${index}.mp4`,
    size: 1_000_000 + index,
    modifiedMs: 1_700_000_000_000,
    extension: 'mp4',
    channelId: '1',
    title: `Stream ${index}`,
    description: '',
    protect: 'public',
    initStarted: true,
    upload: { transport: 'ftp', ticket: { channelId: '1', videoId: String(100_000 + index), host: '127.0.0.1', port: 21, user: `upload-${index}`, remoteName: `upload-${index}.mp4` }, parts: { count: 1, size: 1_000_000 + index, acknowledged: [[0, 0]] } },
    inits: 1,
    readyStarted: true,
    readySent: true,
    status: 'complete',
    outcome: 'complete',
    failure: null,
    retryFresh: false,
    paused: false,
  };
}

/** Counts the fsyncs of the code under test (the journal imports them from node:fs). */
function countFsyncs() {
  const counter = { count: 0 };
  for (const name of ['fsync', 'fsyncSync', 'fdatasync', 'fdatasyncSync']) {
    const original = fs[name];
    fs[name] = (...args) => {
      counter.count += 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  return counter;
}

async function child(scenario, root) {
  const work = mkdtempSync(join(root, `${scenario}-`));
  const peak = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  const timed = async (action) => {
    const started = performance.now();
    const result = await action();
    return { ms: performance.now() - started, result };
  };
  const build = '../build/main/uploads';
  try {
    switch (scenario) {
      case 'parse-items':
      case 'parse-parts': {
        const file = join(root, scenario === 'parse-items' ? 'items.jsonl' : 'parts.jsonl');
        const { ms, result } = await timed(() => readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line)));
        return { ms, lines: result.length, peakRssMb: peak() };
      }
      case 'open-items':
      case 'open-bounded':
      case 'open-parts': {
        const { UploadJournal } = await import(`${build}/upload-journal.js`);
        const file = join(work, 'journal.jsonl');
        copyFileSync(join(root, `${scenario.slice('open-'.length)}.jsonl`), file);
        const { ms, result } = await timed(() => UploadJournal.open(file));
        result.journal.close();
        if (result.opening.items.length !== FILES) throw new Error(`read ${result.opening.items.length} items`);
        return { ms, peakRssMb: peak() };
      }
      case 'compact-running': {
        // 20,000 part lines written to an open journal of 10,000 items, 100 a turn as uploads would: the
        // flush after the last compacts the file. The longest block of the event loop is that compaction.
        const { UploadJournal } = await import(`${build}/upload-journal.js`);
        const file = join(work, 'journal.jsonl');
        copyFileSync(join(root, 'parts.jsonl'), file);
        const { journal, opening } = UploadJournal.open(file);
        const begun = opening.items.filter((entry) => entry.upload !== null);
        const before = readFileSync(file, 'utf8').split('\n').length;
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        const { ms } = await timed(async () => {
          for (let line = 0; line < BOUNDED_LINES; line += 100) {
            for (let index = line; index < line + 100; index += 1) journal.write({ t: 'part', id: begun[index % begun.length].id, part: index % 2000 });
            await new Promise((resolve) => setImmediate(resolve));
          }
          await journal.durable();
        });
        delay.disable();
        const after = readFileSync(file, 'utf8').split('\n').length;
        journal.close();
        if (after > before) throw new Error(`the journal was not compacted: ${before} lines, then ${after}`);
        return { ms, maxBlockMs: delay.max / 1e6, peakRssMb: peak() };
      }
      case 'queue-open': {
        const { UploadQueue } = await import(`${build}/upload-queue.js`);
        const file = join(work, 'journal.jsonl');
        copyFileSync(join(root, 'items.jsonl'), file);
        const { ms, result: queue } = await timed(() => new UploadQueue({ journalFile: file, transport: idleTransport, logger: silent, onEvent() {} }));
        const rows = await timed(() => queue.rows());
        const totals = await timed(() => queue.totals());
        if (rows.result.length !== FILES || totals.result.complete !== FILES) throw new Error('the queue lost files');
        await queue.close();
        return { ms, rowsMs: rows.ms, totalsMs: totals.ms, peakRssMb: peak() };
      }
      case 'add-baseline': {
        const { findUploadFiles } = await import(`${build}/upload-files.js`);
        const { ms, result } = await timed(async () => {
          const found = await findUploadFiles([join(root, 'videos')]);
          const fd = openSync(join(work, 'journal.jsonl'), 'a');
          writeSync(fd, found.files.map((file, index) => `${JSON.stringify({ t: 'item', item: { ...item(index), file: file.path, size: file.size } })}\n`).join(''));
          fdatasyncSync(fd);
          closeSync(fd);
          return found.files.length;
        });
        if (result !== FILES) throw new Error(`found ${result}`);
        return { ms, fsyncs: 1, queued: result, peakRssMb: peak() };
      }
      case 'queue-add': {
        const { UploadQueue } = await import(`${build}/upload-queue.js`);
        const queue = new UploadQueue({ journalFile: join(work, 'journal.jsonl'), transport: idleTransport, logger: silent, onEvent() {}, onRowChange() {} });
        const fsyncs = countFsyncs();
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        const { ms, result } = await timed(() => queue.add([join(root, 'videos')], { channelId: '1' }));
        delay.disable();
        const count = fsyncs.count;
        await queue.close();
        if (result.queued.length !== FILES) throw new Error(`queued ${result.queued.length}, rejected ${result.rejected.length}: ${result.rejected[0]?.reason}`);
        return { ms, fsyncs: count, maxBlockMs: delay.max / 1e6, queued: result.queued.length, peakRssMb: peak() };
      }
      default:
        throw new Error(`no scenario ${scenario}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
