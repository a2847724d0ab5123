// The app side of bench/upload/http-parts.mjs: one file (--file) or a folder's files (--dir, --concurrency
// files at once) through the app's upload queue with the HTTP part
// transport (build/main/uploads/http-part-upload-transport.js, as profile-upload-queue.ts opens it for a
// profile in today's dialect): the queue's journal on disk (--journal-dir; every acknowledged part written
// and flushed), --parts-in-flight parts at once, no speed limit, against the sandbox of
// bench/upload/sandbox.mjs, with the harness's bearer token (today's platform's kind). Per file: create,
// the parts, completed. With --warmup-file, that file goes through the same queue first, untimed, so the
// timed run is compiled code (the app is a long-lived process). Built code only (node scripts/build.mjs).
//
// stdout: {"ready":true} once signed in and warmed up; after one line on stdin, {"done":true,"ms":..,
// "userSeconds":..,"systemSeconds":..,"peakRssKb":..,"readyRssKb":..,"bytes":..,"files":..,"parts":..,
// "videoIds":[..],"calls":{"create":{"count":..,"ms":..},"part":..,"completed":..,"other":..}}: ms and CPU
// from the `add` to the last file handed to the platform (state `processing`: its `completed` answered);
// calls: the platform calls of the timed part by kind, with their summed durations (where the time goes). A
// failed file ends the process with status 1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { partUploadsApi } from '../../build/main/platform/endpoints/part-uploads.js';
import { createPlatformCaller } from '../../build/main/platform/platform-caller.js';
import { HttpPartUploadTransport } from '../../build/main/uploads/http-part-upload-transport.js';
import { UploadQueue } from '../../build/main/uploads/upload-queue.js';

const { values } = parseArgs({
  options: { platform: { type: 'string' }, file: { type: 'string' }, dir: { type: 'string' }, concurrency: { type: 'string', default: '1' }, 'parts-in-flight': { type: 'string' }, 'journal-dir': { type: 'string' }, 'warmup-file': { type: 'string' } },
});
const platform = JSON.parse(values.platform);
const line = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);

// The harness's bearer token (curl sends the same one).
const token = { type: 'bearer', accessToken: platform.token, expiresAt: null, scopes: [] };
// "POST /v2/channels/1/uploads/7/part.json 201 12ms": counted by the path's last segment.
const KINDS = { 'uploads.json': 'create', 'part.json': 'part', 'completed.json': 'completed' };
let calls = {};
const onRequest = (text) => {
  const [, path, , took] = text.split(' ');
  const kind = KINDS[path?.split('/').at(-1)] ?? 'other';
  calls[kind] ??= { count: 0, ms: 0 };
  calls[kind].count += 1;
  calls[kind].ms += Number.parseInt(took ?? '0', 10) || 0;
};
const caller = createPlatformCaller({ apiUrl: platform.apiUrl, tokens: { token: async (kind) => (kind === 'user' ? token : null) }, onRequest });
const failures = [];
const logger = { info: () => undefined, warn: (message, fields) => process.stderr.write(`warn: ${message} ${JSON.stringify(fields ?? {})}\n`), registerSecret: () => undefined };
const transport = new HttpPartUploadTransport({ platform: async () => partUploadsApi(caller), logger, partsInFlight: Number(values['parts-in-flight']) });
const queue = new UploadQueue({
  journalFile: join(values['journal-dir'], 'journal.jsonl'),
  transport,
  logger,
  onEvent: (event) => {
    if (event.event === 'failed' || event.event === 'rejected') failures.push(event);
  },
  concurrency: Number(values.concurrency),
  // The platform's processing is held off: the first poll comes after the timed part.
  pollDelaysMs: [3_600_000],
});
queue.start();

/** Adds the file or folder; resolves with its rows once every one is handed to the platform. */
async function handOver(path) {
  const added = await queue.add([path], { channelId: platform.channelId });
  if (added.queued.length === 0 || added.rejected.length > 0) throw new Error(`the queue did not take all of ${path}: ${JSON.stringify(added.rejected)}`);
  const ids = added.queued.map((row) => row.id);
  for (;;) {
    if (failures.length > 0) throw new Error(`${failures.length} upload(s) failed, e.g. ${JSON.stringify(failures[0])}`);
    const rows = ids.map((id) => queue.row(id));
    if (rows.every((row) => row?.state === 'processing')) return rows;
    // A walk over the rows: often enough for a run of a second or more, not so often that it counts.
    await sleep(20);
  }
}

try {
  if (values['warmup-file']) await handOver(values['warmup-file']);
  const readyRssKb = peakRss();
  line({ ready: true });
  await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
  calls = {};
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const rows = await handOver(values.dir ?? values.file);
  const ms = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  await queue.close();
  const parts = rows.reduce((total, row) => total + transport.partsOf(row.size).count, 0);
  const bytes = rows.reduce((total, row) => total + row.size, 0);
  line({ done: true, ms, userSeconds: cpu.user / 1e6, systemSeconds: cpu.system / 1e6, peakRssKb: peakRss(), readyRssKb, bytes, files: rows.length, parts, videoIds: rows.map((row) => row.videoId), calls });
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
}

/** VmHWM: the process's peak resident memory so far, in KiB. */
function peakRss() {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
}
