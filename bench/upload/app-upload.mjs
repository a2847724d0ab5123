// The app side of bench/upload.mjs for the FTP rows: the app's own FTP transfer (`transferFile` from
// build/main/uploads/ftp-transfer.js, as the upload queue calls it: a fresh login per file, SIZE, STOR,
// SIZE again, no speed limit, progress reported) for a list of files, at most --concurrency at once, in
// a process of its own. Built code only (node scripts/build.mjs first).
//
//   node bench/upload/app-upload.mjs --list files.json --concurrency 4 --url ftp://user:pw@127.0.0.1:PORT
//   files.json: [{ "file": "/abs/path", "size": 2097152, "remoteName": "r1-0001.mp4" }, ...]
//
// With --warmup-file, that file is sent once (as `child-warmup-<pid>`) before anything is timed.
//
// stdout: JSON lines. {"ready":true} once the modules are loaded; then it waits for one line on stdin
// (the harness's "go", so that Node's start-up is not in the timing) and answers
// {"done":true,"ms":..,"userSeconds":..,"systemSeconds":..,"peakRssKb":..,"readyRssKb":..,"bytes":..,
// "files":..}. ms and the CPU seconds cover the transfers only; peakRssKb is the process's VmHWM at the
// end (its whole life), readyRssKb the same before the first transfer (Node and the modules). A failed
// transfer ends the process with status 1 and the error on stderr.
import { readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { transferFile } from '../../build/main/uploads/ftp-transfer.js';
import { SpeedLimit } from '../../build/main/uploads/speed-limit.js';

const { values } = parseArgs({ options: { list: { type: 'string' }, concurrency: { type: 'string', default: '1' }, url: { type: 'string' }, 'warmup-file': { type: 'string' } } });
const files = JSON.parse(readFileSync(values.list, 'utf8'));
const concurrency = Number(values.concurrency);
const url = new URL(values.url);
const speedLimit = new SpeedLimit(null);
const line = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);
const target = () => ({ host: url.hostname, port: Number(url.port), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });

// One transfer before the timing starts, so that the code runs compiled (the app is a long-lived process).
if (values['warmup-file']) await transferFile(values['warmup-file'], statSync(values['warmup-file']).size, { ...target(), remoteName: `child-warmup-${process.pid}` }, { signal: new AbortController().signal, speedLimit, onProgress: () => undefined });
const readyRssKb = peakRss();
line({ ready: true });
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));

const cpuBefore = process.cpuUsage();
const startedAt = performance.now();
const abort = new AbortController();
let next = 0;
let bytes = 0;
const worker = async () => {
  while (next < files.length) {
    const { file, size, remoteName } = files[next++];
    let onServer = 0;
    await transferFile(file, size, { ...target(), remoteName }, { signal: abort.signal, speedLimit, onProgress: (value) => (onServer = value) });
    if (onServer !== size) throw new Error(`${remoteName}: progress ended at ${onServer} of ${size} bytes`);
    bytes += size;
  }
};
try {
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
} catch (error) {
  abort.abort();
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
}
const ms = performance.now() - startedAt;
const cpu = process.cpuUsage(cpuBefore);
const peakRssKb = peakRss();
line({ done: true, ms, userSeconds: cpu.user / 1e6, systemSeconds: cpu.system / 1e6, peakRssKb, readyRssKb, bytes, files: files.length });
process.exit(0);

/** VmHWM: the process's peak resident memory so far, in KiB. */
function peakRss() {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
}
