// bench/upload, the shaped-link columns (issue 21): the app's FTP uploads against curl on loopback and on a
// link like a streamer's (test/support/shaped-link.mjs: --rate-mbit up, --rtt-ms round trip), in the same run,
// to the same kind of server: pure-ftpd, and the sandbox (bench/upload/sandbox.mjs) handing out pure-ftpd's
// login to every upload. On the link, both run inside the link's namespace and every client (app and curl)
// reaches them through the delay proxy at the link's host address (pure-ftpd's passive replies give it too).
//   - one big file (--big-mb): app (bench/upload/app-upload.mjs: login, SIZE, STOR, SIZE) vs `curl -T`;
//   - --small-count files of --small-mb, --concurrency at once: the whole queue flow (bench/upload/app-queue.mjs:
//     journal, POST create, FTP, PUT ready; the platform's processing held off) vs `xargs -P N curl -T`, one
//     curl and one login per file (no platform calls: curl's side of the comparison is the transfer only).
// Link utilisation = bytes sent ÷ (link rate × wall time): how much of the uplink a client used.
// Needs root (ip netns, tc), pure-ftpd, curl, xargs; built code (node scripts/build.mjs first).
//
//   node bench/upload/link.mjs [--big-mb 1024] [--small-count 500] [--small-mb 2] [--concurrency 4] [--rounds 1]
//                              [--rate-mbit 50] [--rtt-ms 40] [--skip-loopback] [--skip-parts]
// HTTP parts (today's platform): bench/upload/http-parts.mjs with the big file's size and the small files' count, size
// and concurrency, on loopback and with --link, its tables printed after this one (big file — app: the queue with the
// part transport, curl: xargs -P 3 curl -F per part; small files — app: the queue, N files at once, curl: create, the
// parts, completed per file, xargs -P N files at once).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createShapedLink } from '../../test/support/shaped-link.mjs';
import { ChildProcesses } from '../lib/child-processes.mjs';
import { median } from '../lib/stats.mjs';
import { importTypeScript, nextMessage, randomFile, smallFiles } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, 'bench', '.cache', 'upload');
const MIB = 1024 * 1024;
const TARGET = 0.9;
/** Passive ports of pure-ftpd: the proxy listens on each of them, so a small range. */
const PASSIVE = { min: 31_000, max: 31_063 };
const SERVER_PARENT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

const { values } = parseArgs({
  options: {
    'big-mb': { type: 'string', default: '1024' },
    'small-count': { type: 'string', default: '500' },
    'small-mb': { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
    'rate-mbit': { type: 'string', default: '50' },
    'rtt-ms': { type: 'string', default: '40' },
    'skip-loopback': { type: 'boolean', default: false },
    'skip-parts': { type: 'boolean', default: false },
  },
});
const BIG_MB = Number(values['big-mb']);
const SMALL_COUNT = Number(values['small-count']);
const SMALL_MB = Number(values['small-mb']);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const RATE_MBIT = Number(values['rate-mbit']);
const RTT_MS = Number(values['rtt-ms']);

const children = new ChildProcesses(ROOT);
const cleanups = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    children.killAll();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(130);
  });
}

/** pure-ftpd and the sandbox, on loopback or inside the link's namespace; URLs as the clients reach them. */
async function startServers(link) {
  const { startPureFtpd } = await importTypeScript(join(ROOT, 'test/support/pure-ftpd.ts'));
  const dir = await mkdtemp(join(SERVER_PARENT, 'bench-link-ftpd-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const passivePorts = `${PASSIVE.min}:${PASSIVE.max}`;
  const ftpd = link
    ? await startPureFtpd(dir, { netns: link.netns, host: link.peerAddress, passiveAddress: link.hostAddress, passivePorts })
    : await startPureFtpd(dir, { passivePorts });
  cleanups.push(() => ftpd.stop());
  const ftpUrl = link ? await link.reach(ftpd.url) : ftpd.url;
  if (link) await link.forwardRange(PASSIVE.min, PASSIVE.max);
  const sandboxArgs = [join(ROOT, 'bench/upload/sandbox.mjs'), '--ftp-url', ftpUrl, '--ftp-root', ftpd.root, '--data-dir', SERVER_PARENT, ...(link ? ['--host', link.peerAddress] : [])];
  const [command, args] = link ? link.inside(process.execPath, sandboxArgs) : [process.execPath, sandboxArgs];
  const sandbox = children.start('sandbox', command, args);
  cleanups.push(() => children.end(sandbox, 5000));
  const details = await nextMessage(sandbox, 'ready', 30_000);
  const platform = link ? { ...details, apiUrl: await link.reach(details.apiUrl), authUrl: await link.reach(details.authUrl) } : details;
  return { ftpd, ftpUrl, platform };
}

/** Whole files in pure-ftpd's root (the warm-ups aside), then the root emptied for the next run. */
async function checkAndEmpty(root, count, size) {
  const names = await readdir(root);
  let whole = 0;
  for (const name of names) {
    if (!name.startsWith('child-warmup-') && (await stat(join(root, name))).size === size) whole += 1;
    await rm(join(root, name), { force: true });
  }
  if (whole !== count) throw new Error(`${whole} whole file(s) of ${count} arrived`);
}

function cat(files) {
  spawnSync('sh', ['-c', 'cat "$@" > /dev/null', 'cat', ...files]);
}

/** A node client of ours: started, ready, then timed from "go" to its "done" line. */
async function runNode(label, args) {
  const client = children.start(label, process.execPath, args, { stdin: 'pipe' });
  try {
    await nextMessage(client, 'ready', 60_000);
    const done = nextMessage(client, 'done', 3_600_000);
    const startedAt = performance.now();
    client.child.stdin.write('go\n');
    const result = await done;
    return { seconds: (performance.now() - startedAt) / 1000, bytes: result.bytes, ftpLogins: result.ftpLogins };
  } finally {
    await children.end(client, 2000);
  }
}

/** curl processes from `xargs -P N`, one per file (a login each). */
async function runCurl(items, processes, ftpUrl) {
  const startedAt = performance.now();
  const xargs = children.start('xargs curl', 'xargs', ['-0', '-P', String(processes), '-n', '2', 'curl', '-sS', '--fail', '-T'], { stdin: 'pipe' });
  xargs.child.stdin.end(items.map((item) => `${item.file}\0${ftpUrl}/${item.remoteName}\0`).join(''));
  const end = await xargs.exited;
  if (end.code !== 0) throw new Error(`xargs curl failed (${end.code ?? end.signal}): ${xargs.stderrTail()}`);
  return { seconds: (end.at - startedAt) / 1000, bytes: items.reduce((total, item) => total + item.size, 0) };
}

async function measure(where, link, inputs, work) {
  const tag = link ? 'link' : 'loopback';
  const { ftpd, ftpUrl, platform } = await startServers(link);
  const results = { big: { app: [], curl: [] }, small: { app: [], curl: [] } };
  const big = [{ file: inputs.big, size: BIG_MB * MIB, remoteName: 'big.bin' }];
  const small = inputs.small.map((file, index) => ({ file, size: SMALL_MB * MIB, remoteName: `small-${index}.mp4` }));
  const list = join(work, `big-${tag}.json`);
  await writeFile(list, JSON.stringify(big));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const client of round % 2 === 0 ? ['app', 'curl'] : ['curl', 'app']) {
      cat([inputs.big, inputs.small[0]]);
      const bigRun = client === 'app' ? await runNode('app-upload', ['bench/upload/app-upload.mjs', '--list', list, '--concurrency', '1', '--url', ftpUrl, '--warmup-file', inputs.small[0]]) : await runCurl(big, 1, ftpUrl);
      await checkAndEmpty(ftpd.root, 1, BIG_MB * MIB);
      results.big[client].push(bigRun);
      console.log(`${where}: 1 × ${BIG_MB} MiB, ${client}: ${bigRun.seconds.toFixed(2)} s`);
      cat(inputs.small);
      const journalDir = join(work, `journal-${tag}-${round}-${client}`);
      await mkdir(journalDir);
      const smallRun =
        client === 'app'
          ? await runNode('app-queue', ['bench/upload/app-queue.mjs', '--platform', JSON.stringify(platform), '--dir', inputs.smallDir, '--concurrency', String(CONCURRENCY), '--journal-dir', journalDir, '--warmup-file', inputs.small[0], '--warmup-url', ftpUrl])
          : await runCurl(small, CONCURRENCY, ftpUrl);
      await checkAndEmpty(ftpd.root, SMALL_COUNT, SMALL_MB * MIB);
      results.small[client].push(smallRun);
      console.log(`${where}: ${SMALL_COUNT} × ${SMALL_MB} MiB, ${client}: ${smallRun.seconds.toFixed(2)} s${smallRun.ftpLogins === undefined ? '' : ` (${smallRun.ftpLogins} FTP logins)`}`);
    }
  }
  return results;
}

function rows(where, results, linked) {
  const scenarios = [
    ['big', `1 × ${BIG_MB} MiB`, 'app (transferFile)', 'curl -T'],
    ['small', `${SMALL_COUNT} × ${SMALL_MB} MiB, ${CONCURRENCY} at once`, 'app (UploadQueue: create, FTP, ready)', 'xargs -P N curl -T (login per file)'],
  ];
  const lines = [];
  for (const [key, scenario, appLabel, curlLabel] of scenarios) {
    const mibs = (run) => run.bytes / MIB / run.seconds;
    const app = median(results[key].app.map(mibs));
    const curl = median(results[key].curl.map(mibs));
    const utilisation = (value) => (linked ? `${((value * MIB * 8) / (RATE_MBIT * 1e6) * 100).toFixed(0)} %` : '');
    const seconds = (runs) => median(runs.map((run) => run.seconds)).toFixed(2);
    lines.push(`| ${where} | ${scenario} | ${appLabel} | ${app.toFixed(1)} | ${seconds(results[key].app)} | ${(app / curl).toFixed(2)} | ${utilisation(app)} |`);
    lines.push(`| ${where} | ${scenario} | ${curlLabel} | ${curl.toFixed(1)} | ${seconds(results[key].curl)} | | ${utilisation(curl)} |`);
  }
  return lines;
}

async function main() {
  const big = join(CACHE, `one-${BIG_MB}MiB.bin`);
  // Written once into the cache.
  if (!(existsSync(big) && statSync(big).size === BIG_MB * MIB)) await randomFile(big, BIG_MB * MIB);
  const { dir: smallDir, files: small } = await smallFiles(CACHE, SMALL_COUNT, SMALL_MB);
  spawnSync('sync');
  const work = await mkdtemp(join(tmpdir(), 'bench-link-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const inputs = { big, small, smallDir };
  const table = [];
  if (!values['skip-loopback']) {
    const loopback = await measure('loopback', null, inputs, work);
    table.push(...rows('loopback', loopback, false));
    for (const cleanup of cleanups.splice(1).reverse()) await cleanup();
  }
  const link = await createShapedLink({ delayMs: RTT_MS / 2, rate: `${RATE_MBIT}mbit` });
  if ('unavailable' in link) throw new Error(link.unavailable);
  cleanups.push(() => link.close());
  const shaped = await measure(`link ${RATE_MBIT} Mbit/s, ${RTT_MS} ms`, link, inputs, work);
  table.push(...rows(`link ${RATE_MBIT} Mbit/s, ${RTT_MS} ms RTT`, shaped, true));
  console.log(`\n${ROUNDS} round(s), medians; ÷ curl on the same link; utilisation = bytes ÷ (rate × time) on the shaped link (goal ≥ ${TARGET}× curl)\n`);
  console.log('| link | scenario | client | MiB/s | wall s | ÷ curl | link utilisation |');
  console.log('|:--|:--|:--|--:|--:|--:|--:|');
  for (const line of table) console.log(line);
  if (values['skip-parts']) return;
  for (const shaped of values['skip-loopback'] ? [true] : [false, true]) {
    const args = ['bench/upload/http-parts.mjs', '--mb', String(BIG_MB), '--small-count', String(SMALL_COUNT), '--small-mb', String(SMALL_MB), '--concurrency', String(CONCURRENCY), '--rounds', String(ROUNDS), ...(shaped ? ['--link', '--rate-mbit', String(RATE_MBIT), '--rtt-ms', String(RTT_MS)] : [])];
    console.log(`\nHTTP parts: node ${args.join(' ')}`);
    const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MIB });
    if (run.status !== 0) throw new Error(`http-parts.mjs broke: ${run.stdout.slice(-2000)}`);
    for (const line of run.stdout.split('\n')) if (line.startsWith('|') || line.startsWith('Verdict')) console.log(line);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench/upload/link: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  // The servers first, gently (the sandbox removes its data on SIGTERM); whatever is left, killed.
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  children.killAll();
}
