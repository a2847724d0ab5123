// The app side of bench/upload/http-parts.mjs: one file through the app's upload queue with the HTTP part
// transport (build/main/uploads/http-part-upload-transport.js, as profile-upload-queue.ts opens it for a
// profile in today's dialect): the queue's journal on disk (--journal-dir; every acknowledged part written
// and flushed), --parts-in-flight parts at once, no speed limit, against the sandbox of
// bench/upload/sandbox.mjs, with the harness's bearer token (today's platform's kind). Per file: create,
// the parts, completed. With --warmup-file, that file goes through the same queue first, untimed, so the
// timed run is compiled code (the app is a long-lived process). Built code only (node scripts/build.mjs).
//
// stdout: {"ready":true} once signed in and warmed up; after one line on stdin, {"done":true,"ms":..,
// "userSeconds":..,"systemSeconds":..,"peakRssKb":..,"readyRssKb":..,"bytes":..,"parts":..}: ms and CPU
// from the `add` to the file handed to the platform (state `processing`: its `completed` answered). A
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

const { values } = parseArgs({ options: { platform: { type: 'string' }, file: { type: 'string' }, 'parts-in-flight': { type: 'string' }, 'journal-dir': { type: 'string' }, 'warmup-file': { type: 'string' } } });
const platform = JSON.parse(values.platform);
const line = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);

// The harness's bearer token (curl sends the same one).
const token = { type: 'bearer', accessToken: platform.token, expiresAt: null, scopes: [] };
const caller = createPlatformCaller({ apiUrl: platform.apiUrl, tokens: { token: async (kind) => (kind === 'user' ? token : null) } });
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
  concurrency: 1,
  // The platform's processing is held off: the first poll comes after the timed part.
  pollDelaysMs: [3_600_000],
});
queue.start();

/** Adds the file; resolves with its row once it is handed to the platform. */
async function handOver(file) {
  const added = await queue.add([file], { channelId: platform.channelId });
  if (added.queued.length !== 1) throw new Error(`the queue did not take ${file}: ${JSON.stringify(added.rejected)}`);
  const { id } = added.queued[0];
  for (;;) {
    if (failures.length > 0) throw new Error(`the upload failed: ${JSON.stringify(failures[0])}`);
    const row = queue.row(id);
    if (row?.state === 'processing') return row;
    // A walk over one row: often enough for a run of a second or more, not so often that it counts.
    await sleep(20);
  }
}

try {
  if (values['warmup-file']) await handOver(values['warmup-file']);
  const readyRssKb = peakRss();
  line({ ready: true });
  await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const row = await handOver(values.file);
  const ms = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  await queue.close();
  line({ done: true, ms, userSeconds: cpu.user / 1e6, systemSeconds: cpu.system / 1e6, peakRssKb: peakRss(), readyRssKb, bytes: row.size, videoId: row.videoId, parts: transport.partsOf(row.size).count });
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
}

/** VmHWM: the process's peak resident memory so far, in KiB. */
function peakRss() {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
}
