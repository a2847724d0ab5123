// The UploadQueue row of bench/upload.mjs: the app's whole upload flow for a folder of files, in a process
// of its own: `UploadQueue` from build/main/uploads/ with the FTP transport and its journal (in --journal-dir, on disk), the
// platform client signed in with a MAC token (as the app signs in) against the sandbox of
// bench/upload/sandbox.mjs, and per file: POST init, the FTP transfer (transferFile), PUT ready.
// FTP passwords are kept in memory (the app keeps them in the OS keychain: not measured here).
// With --warmup-file and --warmup-url, that file is sent once by FTP (as `child-warmup-<pid>`) before anything
// is timed. Built code only (node scripts/build.mjs first).
//
// stdout: {"ready":true} once signed in; after one line on stdin, {"done":true,"ms":..,"userSeconds":..,
// "systemSeconds":..,"peakRssKb":..,"readyRssKb":..,"bytes":..,"files":..,"statusPolls":..,"ftpLogins":..}: ms and CPU
// from the `add` to the last file handed to the platform (state `processing`: its `ready` sent); the
// status polls that the queue makes meanwhile are in it, the platform's processing is not. A failed file
// ends the process with status 1.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createPlatformApi } from '../../build/main/platform/endpoints/index.js';
import { passwordGrant } from '../../build/main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../build/main/platform/platform-caller.js';
import { transferFile } from '../../build/main/uploads/ftp-transfer.js';
import { FtpUploadTransport } from '../../build/main/uploads/ftp-upload-transport.js';
import { SpeedLimit } from '../../build/main/uploads/speed-limit.js';
import { UploadQueue } from '../../build/main/uploads/upload-queue.js';

const { values } = parseArgs({
  options: { platform: { type: 'string' }, dir: { type: 'string' }, concurrency: { type: 'string' }, 'journal-dir': { type: 'string' }, 'warmup-file': { type: 'string' }, 'warmup-url': { type: 'string' } },
});
const platform = JSON.parse(values.platform);
const line = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);

const token = await passwordGrant({
  tokenUrl: platform.authUrl,
  clientId: platform.clientId,
  clientSecret: platform.clientSecret,
  username: platform.username,
  password: platform.password,
  tokenType: 'mac',
  scopes: ['broadcaster'],
  deviceName: 'bench/upload',
});
let statusPolls = 0;
const caller = createPlatformCaller({
  apiUrl: platform.apiUrl,
  tokens: { token: async (kind) => (kind === 'user' ? token : null) },
  onRequest: (text) => {
    if (text.startsWith('GET ')) statusPolls += 1;
  },
});
const uploads = createPlatformApi(caller).uploads;
const passwords = new Map();
const failures = [];
const logger = { info: () => undefined, warn: (message, fields) => process.stderr.write(`warn: ${message} ${JSON.stringify(fields ?? {})}\n`), registerSecret: () => undefined };
const transport = new FtpUploadTransport({
  platform: async () => uploads,
  passwords: {
    save: async (videoId, password) => void passwords.set(videoId, password),
    read: async (videoId) => passwords.get(videoId) ?? null,
    forget: async (videoId) => void passwords.delete(videoId),
  },
  logger,
});
const queue = new UploadQueue({
  journalFile: join(values['journal-dir'], 'journal.jsonl'),
  transport,
  logger,
  onEvent: (event) => {
    if (event.event === 'failed' || event.event === 'rejected') failures.push(event);
  },
  concurrency: Number(values.concurrency),
});
queue.start();
if (values['warmup-file']) {
  // One FTP transfer before the timing starts, as app-upload.mjs does, so both run compiled code.
  const url = new URL(values['warmup-url']);
  const target = { host: url.hostname, port: Number(url.port), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), remoteName: `child-warmup-${process.pid}` };
  await transferFile(values['warmup-file'], statSync(values['warmup-file']).size, target, { signal: new AbortController().signal, speedLimit: new SpeedLimit(null), onProgress: () => undefined });
}
const readyRssKb = peakRss();
line({ ready: true });
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));

const cpuBefore = process.cpuUsage();
const startedAt = performance.now();
const added = await queue.add([values.dir], { channelId: platform.channelId });
const files = added.queued.length;
let ms;
for (;;) {
  if (failures.length > 0) {
    process.stderr.write(`${failures.length} file(s) failed or were rejected, e.g. ${JSON.stringify(failures[0])}\n`);
    process.exit(1);
  }
  const handed = queue.rows().filter((row) => row.state === 'processing').length;
  if (handed === files) {
    ms = performance.now() - startedAt;
    break;
  }
  // The check itself is a walk over the rows: often enough for a run of seconds, not so often that it counts.
  await sleep(50);
}
const cpu = process.cpuUsage(cpuBefore);
await queue.close();
const peakRssKb = peakRss();
const bytes = added.queued.reduce((total, row) => total + row.size, 0);
// The warm-up's login is not the transport's: these are the queue's own (kept between files of the same login).
line({ done: true, ms, userSeconds: cpu.user / 1e6, systemSeconds: cpu.system / 1e6, peakRssKb, readyRssKb, bytes, files, statusPolls, ftpLogins: transport.logins });
process.exit(0);

/** VmHWM: the process's peak resident memory so far, in KiB. */
function peakRss() {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
}
