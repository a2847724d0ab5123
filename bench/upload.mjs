// bench/upload: the app's FTP upload against curl, to the same pure-ftpd on loopback, in the same run
// (issue 6). See bench/upload/README.md for the method; each run writes its tables to
// bench/upload/last-run.md.
//
//   npm run bench:upload              (node scripts/build.mjs first: it runs the built code)
//
// Scenarios, each run --rounds times by every client, the order rotating from round to round:
//   one file of --mid-mb and one of --big-mb (peak RSS at two sizes shows whether memory follows size):
//     app            bench/upload/app-upload.mjs: transferFile from build/main/uploads/ (login, SIZE, STOR, SIZE)
//     curl passive   curl -T file ftp://user:pw@127.0.0.1:PORT/name
//     curl active    the same with -P 127.0.0.1 (curl 7.88 sometimes waits 0.2 or 1 s before it opens a
//                    passive data connection; in active mode it never does)
//   --small-count files of --small-mb, --concurrency at once:
//     app            the same process, --concurrency transfers at once, a fresh login per file (as the queue
//                    does when each platform upload has FTP credentials of its own)
//     curl per file  xargs -P N: one curl process per file, N at a time: a login per file too
//     curl shared    N curl processes, each with its share of the files as -T/URL pairs (one login each)
//     UploadQueue    bench/upload/app-queue.mjs: the whole flow (journal, POST init, FTP, PUT ready) against
//                    the sandbox (bench/upload/sandbox.mjs) handing out the same pure-ftpd login to every
//                    upload, which the queue keeps logged in from file to file (--queue-rounds)
// Throughput = bytes / wall time; client peak RSS = VmHWM (app) or GNU time's maximum RSS (curl, per
// process, for the processes that run at once). Exit status 0 when the bench ran, whatever the verdicts;
// 1 when it broke.
//
// Last numbers (2026-11-22; 2 cores, AMD EPYC, Node 20.20.2, curl 7.88.1, pure-ftpd 1.0.50; quiet machine),
// `npm run bench:upload`, medians [ranges] of 9 rounds (single files) and 5 (small files), MiB/s:
//   1 file of 100 MiB    app 1047 [938-1576]   curl -T -P 1157 [1072-1576] (0.90)   peak RSS app 59.4, curl 10.6 MiB
//   1 file of 1024 MiB   app 1549 [955-1881]   curl -T -P 1614 [1107-1788] (0.96)   peak RSS app 63.0, curl 10.5 MiB
//                        client CPU app 0.45 s, curl 0.42 s
//   500 x 2 MiB, 4 at once: app 284 [260-344], curl per file 240 [216-256] (1.18), curl one login each 1604;
//                        whole UploadQueue + sandbox 144 [118-172] (about 27 ms more per file per slot)
// Before the app's two-buffer send (its old stream of fresh 1 MiB buffers), four runs of this bench gave
// 1 GiB at 0.50 to 1.34 of curl (the server's noise, since tamed, swamped it), client CPU 0.65-0.72 s,
// peak RSS 92 MiB. Full tables: bench/upload/last-run.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readProc } from './relay/proc-stats.mjs';
import { ChildProcesses, killGroup } from './lib/child-processes.mjs';
import { machine as describeMachine, toolOutput } from './lib/machine.mjs';
import { importTypeScript, nextMessage, randomFile } from './upload/harness.mjs';
import { median } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'bench', '.cache', 'upload');
const MIB = 1024 * 1024;
const THROUGHPUT_TARGET = 0.9;
/** Peak RSS counts as flat when the big file's is within this share of the mid file's. */
const FLAT_RSS = 0.1;
/** pure-ftpd's passive ports here: away from the tests' 30200:30300 and below Linux's ephemeral ports. */
const PASSIVE_PORTS = '31000:31999';
/** The server's root in memory (tmpfs): the server's disk is not what is measured. */
const SERVER_PARENT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    'many-rounds': { type: 'string', default: '5' },
    'big-mb': { type: 'string', default: '1024' },
    'mid-mb': { type: 'string', default: '100' },
    'small-count': { type: 'string', default: '500' },
    'small-mb': { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '4' },
    'queue-rounds': { type: 'string' },
    link: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(`node bench/upload.mjs [--rounds 9] [--many-rounds 5] [--big-mb 1024] [--mid-mb 100] [--small-count 500] [--small-mb 2] [--concurrency 4] [--queue-rounds R]
  --rounds        every client runs each single-file scenario this many times, the order rotating
  --many-rounds   the same for the small files
  --big-mb        the one big file, in MiB
  --mid-mb        a smaller single file, for peak RSS at a second size (0: skip it)
  --small-count   how many small files
  --small-mb      their size, in MiB
  --concurrency   files at once for the small files: app transfers and curl processes alike (1 to 8)
  --queue-rounds  runs of the small files through the whole UploadQueue + sandbox (default: --many-rounds; 0 skips)
  --link          after the loopback tables, the same big file and small files on loopback and on a shaped link
                  (50 Mbit/s up, 40 ms round trip; bench/upload/link.mjs, needs root): ÷ curl and link utilisation`);
  process.exit(0);
}
/** `--link`: bench/upload/link.mjs with this run's sizes, once the loopback scenarios are done; its table, for last-run.md. */
function runLinkColumns() {
  const args = ['--big-mb', options['big-mb'], '--small-count', options['small-count'], '--small-mb', options['small-mb'], '--concurrency', options.concurrency];
  console.log(`\nshaped link: node bench/upload/link.mjs ${args.join(' ')}`);
  const run = spawnSync(process.execPath, [join(ROOT, 'bench/upload/link.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MIB });
  process.stdout.write(run.stdout);
  if (run.status !== 0) throw new Error('bench/upload/link.mjs broke (its error is above)');
  const table = run.stdout.split('\n').filter((line) => line.startsWith('|') || line.startsWith('Verdict') || line.startsWith('HTTP parts:') || /^\d+ round/.test(line));
  return `## On a shaped link\n\n\`node bench/upload/link.mjs ${args.join(' ')}\` (loopback and the link in the same run)\n\n${table.join('\n')}\n`;
}
const ROUNDS = positiveInteger('rounds');
const MANY_ROUNDS = positiveInteger('many-rounds');
const BIG_MB = positiveInteger('big-mb');
const MID_MB = Number(options['mid-mb']);
const SMALL_COUNT = positiveInteger('small-count');
const SMALL_MB = positiveInteger('small-mb');
const CONCURRENCY = positiveInteger('concurrency');
const QUEUE_ROUNDS = Number(options['queue-rounds'] ?? MANY_ROUNDS);
if (!Number.isInteger(MID_MB) || MID_MB < 0 || MID_MB >= BIG_MB) fail('--mid-mb must be 0 or a whole number below --big-mb');
if (!Number.isInteger(QUEUE_ROUNDS) || QUEUE_ROUNDS < 0) fail('--queue-rounds must be 0 or more');
if (CONCURRENCY > 8) fail('--concurrency is at most 8 (the upload queue allows 1 to 8)');

function positiveInteger(name) {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value <= 0) fail(`--${name} must be a positive whole number`);
  return value;
}

function fail(message) {
  console.error(`bench/upload: ${message}`);
  process.exit(1);
}

/* ---------------------------------------------------------------------------------------------- */
/* Processes: each in its own process group, ended by its id.                                      */

const children = new ChildProcesses(ROOT);
/** Temporary folders (lists, journals, the server's root), removed on every way out. */
const workDirs = [];
let ftpd = null;

function cleanUp() {
  children.killAll();
  if (ftpd !== null) killGroup(ftpd.pid, 'SIGKILL');
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Inputs and the server.                                                                          */

async function ensureInputs() {
  const one = (mb) => ({ file: join(CACHE, `one-${mb}MiB.bin`), size: mb * MIB });
  const big = one(BIG_MB);
  const mid = MID_MB > 0 ? one(MID_MB) : null;
  // .mp4 with a video signature inside: the upload queue checks both (a cache from before the signature is not reused).
  const smallDir = join(CACHE, `small-${SMALL_COUNT}x${SMALL_MB}MiB-signed`);
  const small = Array.from({ length: SMALL_COUNT }, (_, index) => ({ file: join(smallDir, `${String(index + 1).padStart(4, '0')}.mp4`), size: SMALL_MB * MIB }));
  const all = [big, ...(mid ? [mid] : []), ...small];
  const missing = all.filter((input) => !(existsSync(input.file) && statSync(input.file).size === input.size));
  if (missing.length > 0) {
    console.log(`writing ${missing.length} input file(s) of random bytes into ${CACHE.slice(ROOT.length)} (once)...`);
    for (const input of missing) await randomFile(input.file, input.size);
  }
  // No write-back of them runs during a measurement.
  spawnSync('sync');
  return { big, mid, small, smallDir };
}

/**
 * Reads a run's input files once before it starts, so every client reads them from the page cache: the VM
 * drops page-cache pages that stay cold for a while (DAMON), and the first reader would pay the disk.
 * cat, not a stream in this process: the harness's garbage buffers would be freed during the next run.
 */
async function prefetch(items) {
  const cat = children.start('cat (prefetch)', 'sh', ['-c', 'cat "$@" > /dev/null', 'cat', ...items.map((item) => item.file)]);
  const { code } = await cat.exited;
  if (code !== 0) throw new Error(`reading the inputs failed: ${cat.stderrTail()}`);
}

/** CPU seconds of a process and of the children it has reaped (pure-ftpd forks a process per session). */
function cpuWithChildren(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14-17 of the line, 12-15 after the name.
  return fields.slice(11, 15).reduce((total, value) => total + Number(value), 0) / CLOCK_TICKS;
}

/** Jiffies of all cores so far: in tasks (user, nice, system), in interrupts (irq, softirq: loopback TCP is mostly softirq), in all. */
function machineCpu() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { tasks: user + nice + system, interrupts: irq + softirq, total: user + nice + system + idle + iowait + irq + softirq + (steal ?? 0) };
}

/** Every file arrived whole; then the root is emptied for the next run. */
async function checkAndEmptyRoot(expected) {
  const all = await readdir(ftpd.root);
  await Promise.all(all.filter((name) => name.startsWith('child-warmup-')).map((name) => rm(join(ftpd.root, name), { force: true })));
  const names = all.filter((name) => !name.startsWith('child-warmup-'));
  const sizes = new Map(await Promise.all(names.map(async (name) => [name, (await stat(join(ftpd.root, name))).size])));
  await Promise.all(names.map((name) => rm(join(ftpd.root, name), { force: true })));
  if (expected.names) {
    const wrong = expected.names.filter((item) => sizes.get(item.remoteName) !== item.size);
    if (wrong.length > 0) throw new Error(`${wrong.length} file(s) did not arrive whole, e.g. ${wrong[0].remoteName}: ${sizes.get(wrong[0].remoteName) ?? 'missing'} of ${wrong[0].size} bytes`);
  } else {
    // The platform names the files: count them and check their sizes.
    const whole = [...sizes.values()].filter((size) => size === expected.size).length;
    if (whole !== expected.count || names.length !== expected.count) throw new Error(`${whole} whole file(s) of ${expected.count} arrived (${names.length} in the root)`);
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* One run.                                                                                        */

/** What the machine, the server and the harness used during a run: to tell other load apart. */
function loadMeter(platformPid = null) {
  const machineBefore = machineCpu();
  const serverBefore = cpuWithChildren(ftpd.pid);
  const platformBefore = platformPid === null ? 0 : cpuWithChildren(platformPid);
  const harnessBefore = readProc(process.pid).cpuSeconds;
  return async (clientCpu) => {
    // Sessions end (and are reaped, which is when their CPU is counted) just after the client leaves.
    await delay(300);
    const machineAfter = machineCpu();
    const serverCpu = cpuWithChildren(ftpd.pid) - serverBefore;
    const platformCpu = platformPid === null ? 0 : cpuWithChildren(platformPid) - platformBefore;
    const harnessCpu = readProc(process.pid).cpuSeconds - harnessBefore;
    const jiffies = machineAfter.total - machineBefore.total;
    const seconds = jiffies / cpus().length / CLOCK_TICKS;
    const tasksCpu = (machineAfter.tasks - machineBefore.tasks) / CLOCK_TICKS;
    const interruptCpu = (machineAfter.interrupts - machineBefore.interrupts) / CLOCK_TICKS;
    return { serverCpu, platformCpu, harnessCpu, interruptCpu, otherLoad: Math.max(0, tasksCpu - clientCpu - serverCpu - platformCpu - harnessCpu) / seconds };
  };
}

/** A node client of ours (app-upload or app-queue): started, ready, then timed from "go" to its "done" line. */
async function runNodeClient(label, args, { platformPid = null, check }) {
  const client = children.start(label, process.execPath, args, { stdin: 'pipe' });
  try {
    await nextMessage(client, 'ready', 30_000);
    const meter = loadMeter(platformPid);
    const done = nextMessage(client, 'done', 900_000);
    const startedAt = performance.now();
    client.child.stdin.write('go\n');
    const result = await done;
    const seconds = (performance.now() - startedAt) / 1000;
    const clientCpu = result.userSeconds + result.systemSeconds;
    const load = await meter(clientCpu);
    await client.exited;
    await checkAndEmptyRoot(check);
    const extra = result.statusPolls === undefined ? null : `${result.statusPolls} status polls and ${result.ftpLogins} FTP logins during the run`;
    return { seconds, bytes: result.bytes, clientCpu, peakRssKb: result.peakRssKb, rssNote: `${(result.readyRssKb / 1024).toFixed(1)} MiB of it before the timed transfers`, extra, ...load };
  } finally {
    await children.end(client, 2000);
  }
}

async function runApp(items, concurrency, tag, warmupFile) {
  const list = join(workDirs[0], `list-${tag}.json`);
  await writeFile(list, JSON.stringify(items));
  await prefetch([...items, { file: warmupFile }]);
  return runNodeClient('app-upload', ['bench/upload/app-upload.mjs', '--list', list, '--concurrency', String(concurrency), '--url', ftpd.url, '--warmup-file', warmupFile], { check: { names: items } });
}

async function runQueue(inputs, platform, tag) {
  const journalDir = join(workDirs[0], `journal-${tag}`);
  await mkdir(journalDir);
  await prefetch(inputs.small);
  const args = ['bench/upload/app-queue.mjs', '--platform', JSON.stringify(platform.details), '--dir', inputs.smallDir, '--concurrency', String(CONCURRENCY), '--journal-dir', journalDir];
  return runNodeClient('app-queue', [...args, '--warmup-file', inputs.small[0].file, '--warmup-url', ftpd.url], {
    platformPid: platform.handle.child.pid,
    check: { count: inputs.small.length, size: inputs.small[0].size },
  });
}

const curlBase = (mode) => ['-sS', '--fail', ...(mode === 'active' ? ['-P', '127.0.0.1'] : [])];

/** `processes` curl processes at once, each with its share of the files as -T/URL pairs (one login each). */
async function runCurlShared(items, processes, mode, tag) {
  const groups = Array.from({ length: Math.min(processes, items.length) }, () => []);
  items.forEach((item, index) => groups[index % groups.length].push(item));
  await prefetch(items);
  const meter = loadMeter();
  const startedAt = performance.now();
  const runs = groups.map((group, index) => {
    const timeFile = join(workDirs[0], `time-${tag}-${index}`);
    const transfers = group.flatMap((item) => ['-T', item.file, `${ftpd.url}/${item.remoteName}`]);
    return { timeFile, handle: children.start(`curl #${index + 1}`, '/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, 'curl', ...curlBase(mode), ...transfers]) };
  });
  const ends = await Promise.all(runs.map(({ handle }) => handle.exited));
  const seconds = (Math.max(...ends.map((end) => end.at)) - startedAt) / 1000;
  for (const [index, end] of ends.entries()) if (end.code !== 0) throw new Error(`curl #${index + 1} failed (${end.code ?? end.signal}): ${runs[index].handle.stderrTail()}`);
  const usage = await Promise.all(runs.map(({ timeFile }) => readTimes(timeFile)));
  const clientCpu = usage.flat().reduce((total, one) => total + one.cpu, 0);
  const peakRssKb = usage.flat().reduce((total, one) => total + one.rssKb, 0);
  const load = await meter(clientCpu);
  await checkAndEmptyRoot({ names: items });
  return { seconds, bytes: sum(items), clientCpu, peakRssKb, rssNote: groups.length > 1 ? `${groups.length} processes added up` : null, extra: null, ...load };
}

/**
 * One curl process per file, `processes` at a time (xargs -P), under one GNU time: what it reports for xargs
 * includes every curl it waited for (CPU added up; maximum RSS: the largest single process).
 */
async function runCurlPerFile(items, processes, mode, tag) {
  const timeFile = join(workDirs[0], `time-${tag}`);
  await prefetch(items);
  const meter = loadMeter();
  const startedAt = performance.now();
  const xargs = children.start('xargs curl', '/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, 'xargs', '-0', '-P', String(processes), '-n', '2', 'curl', ...curlBase(mode), '-T'], { stdin: 'pipe' });
  xargs.child.stdin.end(items.map((item) => `${item.file}\0${ftpd.url}/${item.remoteName}\0`).join(''));
  const end = await xargs.exited;
  const seconds = (end.at - startedAt) / 1000;
  if (end.code !== 0) throw new Error(`xargs curl failed (${end.code ?? end.signal}): ${xargs.stderrTail()}`);
  const [usage] = await readTimes(timeFile);
  const load = await meter(usage.cpu);
  await checkAndEmptyRoot({ names: items });
  return { seconds, bytes: sum(items), clientCpu: usage.cpu, peakRssKb: usage.rssKb * processes, rssNote: `${processes} × the largest of ${items.length} processes`, extra: null, ...load };
}

/** GNU time's lines: maximum RSS in KiB, user and system seconds. */
async function readTimes(file) {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((text) => /^\d+ [\d.]+ [\d.]+$/.test(text));
  return lines.map((text) => {
    const [rssKb, user, system] = text.split(' ').map(Number);
    return { rssKb, cpu: user + system };
  });
}

const sum = (items) => items.reduce((total, item) => total + item.size, 0);

async function startPlatform() {
  const handle = children.start('sandbox', process.execPath, ['bench/upload/sandbox.mjs', '--ftp-url', ftpd.url, '--ftp-root', ftpd.root]);
  const details = await nextMessage(handle, 'ready', 30_000);
  return { handle, details };
}

/* ---------------------------------------------------------------------------------------------- */
/* Report.                                                                                         */

const mibs = (result) => result.bytes / MIB / result.seconds;

function stats(values, digits) {
  const text = median(values).toFixed(digits);
  if (values.length < 2) return text;
  return `${text} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
}

function table(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((cells) => cells[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column <= 1 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The client the app is judged against in a scenario: its reference, by median throughput. */
function reference(scenario) {
  const candidates = scenario.clients.filter((client) => client.reference && client.runs.length > 0);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, client) => (median(client.runs.map(mibs)) > median(best.runs.map(mibs)) ? client : best));
}

function summaryTable(scenarios) {
  const header = ['scenario', 'client', 'MiB/s median [range]', '÷ reference', 'wall s', 'client CPU s', 'client peak RSS MiB', 'server CPU s'];
  const rows = [];
  for (const scenario of scenarios) {
    const ref = reference(scenario);
    const refMibs = ref ? median(ref.runs.map(mibs)) : null;
    for (const client of scenario.clients) {
      if (client.runs.length === 0) continue;
      const own = median(client.runs.map(mibs));
      rows.push([
        scenario.name,
        `${client.label}${client === ref ? ' (reference)' : ''}`,
        stats(client.runs.map(mibs), 0),
        refMibs !== null && client !== ref ? (own / refMibs).toFixed(2) : '',
        stats(client.runs.map((run) => run.seconds), 2),
        stats(client.runs.map((run) => run.clientCpu), 2),
        stats(client.runs.map((run) => run.peakRssKb / 1024), 1),
        stats(client.runs.map((run) => run.serverCpu), 2),
      ]);
    }
  }
  return table(header, rows);
}

function verdicts(scenarios) {
  const lines = [];
  const appOf = (scenario) => scenario.clients.find((client) => client.kind === 'app');
  for (const scenario of scenarios) {
    const ref = reference(scenario);
    if (ref === null) continue;
    const app = median(appOf(scenario).runs.map(mibs));
    const best = median(ref.runs.map(mibs));
    const ratio = app / best;
    const cpu = (client) => median(client.runs.map((run) => run.clientCpu)).toFixed(2);
    const server = scenario.clients.flatMap((client) => client.runs.map((run) => run.serverCpu));
    lines.push(
      `Throughput, ${scenario.name}: app ${app.toFixed(0)} MiB/s, ${ref.label} ${best.toFixed(0)} MiB/s: ${ratio.toFixed(2)} of it, target ≥ ${THROUGHPUT_TARGET}: ${ratio >= THROUGHPUT_TARGET ? 'MET' : 'MISSED'}` +
        ` (client CPU app ${cpu(appOf(scenario))} s, ${ref.label} ${cpu(ref)} s; pure-ftpd's CPU for the same bytes ranged ${Math.min(...server).toFixed(2)}–${Math.max(...server).toFixed(2)} s over all runs)`,
    );
  }
  const singles = scenarios.filter((scenario) => scenario.single);
  if (singles.length === 2) {
    const rss = (scenario, kind) => median(scenario.clients.find((client) => client.kind === kind).runs.map((run) => run.peakRssKb / 1024));
    const [mid, big] = singles;
    const growth = (rss(big, 'app') - rss(mid, 'app')) / rss(mid, 'app');
    lines.push(
      `Peak RSS against file size: app ${rss(mid, 'app').toFixed(1)} MiB at ${mid.mb} MiB, ${rss(big, 'app').toFixed(1)} MiB at ${big.mb} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% for ${(big.mb / mid.mb).toFixed(1)}× the size; curl -T ${rss(mid, 'curl-passive').toFixed(1)} → ${rss(big, 'curl-passive').toFixed(1)} MiB), flat = within ${FLAT_RSS * 100}%: ${Math.abs(growth) <= FLAT_RSS ? 'MET' : 'MISSED'}`,
    );
  }
  const many = scenarios.find((scenario) => !scenario.single);
  const queue = many?.clients.find((client) => client.kind === 'queue');
  if (queue && queue.runs.length > 0) {
    const app = median(appOf(many).runs.map(mibs));
    const whole = median(queue.runs.map(mibs));
    const perFile = ((median(queue.runs.map((run) => run.seconds)) - median(appOf(many).runs.map((run) => run.seconds))) / SMALL_COUNT) * CONCURRENCY * 1000;
    lines.push(`The platform's share, ${many.name}: the whole UploadQueue flow ${whole.toFixed(0)} MiB/s against its FTP transfers alone ${app.toFixed(0)} MiB/s (${(whole / app).toFixed(2)}): about ${perFile.toFixed(1)} ms more per file in each of the ${CONCURRENCY} slots (init, journal, ready)`);
  }
  return lines;
}

function details(scenarios) {
  const out = [];
  for (const scenario of scenarios) {
    for (const run of scenario.log) {
      const parts = [
        `${run.seconds.toFixed(2)} s`,
        `${mibs(run).toFixed(0)} MiB/s`,
        `client CPU ${run.clientCpu.toFixed(2)} s`,
        `client peak RSS ${(run.peakRssKb / 1024).toFixed(1)} MiB${run.rssNote ? ` (${run.rssNote})` : ''}`,
        `server CPU ${run.serverCpu.toFixed(2)} s`,
        ...(run.platformCpu > 0 ? [`sandbox CPU ${run.platformCpu.toFixed(2)} s`] : []),
        `interrupts (the loopback TCP work, mostly) ${run.interruptCpu.toFixed(2)} s`,
        `harness CPU ${run.harnessCpu.toFixed(2)} s`,
        `other processes about ${(run.otherLoad * 100).toFixed(0)}% of a core`,
        ...(run.extra ? [run.extra] : []),
      ];
      out.push(`- ${scenario.name}, ${run.label} #${run.round}: ${parts.join(', ')}`);
    }
  }
  return out;
}

function machine() {
  return describeMachine({
    curl: () => toolOutput('curl', ['--version']).split('\n')[0].split(' (')[0],
    // pure-ftpd has no --version: its --help starts with the version.
    pureFtpd: () => /pure-ftpd v[\d.]+/.exec(toolOutput('pure-ftpd', ['--help']))?.[0] ?? 'pure-ftpd',
  });
}

/* ---------------------------------------------------------------------------------------------- */

async function main() {
  for (const built of ['build/main/uploads/ftp-transfer.js', 'build/main/uploads/upload-queue.js', 'build/sandbox/index.js']) {
    if (!existsSync(join(ROOT, built))) fail(`${built} is missing: run \`node scripts/build.mjs\` first`);
  }
  for (const command of ['pure-ftpd', 'pure-pw', 'curl', 'openssl', 'xargs', '/usr/bin/time']) {
    if (spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status !== 0) fail(`${command} is missing (Debian packages pure-ftpd, curl, openssl, findutils, time)`);
  }
  const inputs = await ensureInputs();
  workDirs.push(await mkdtemp(join(tmpdir(), 'bench-upload-')));
  workDirs.push(await mkdtemp(join(SERVER_PARENT, 'bench-upload-ftpd-')));
  const { startPureFtpd } = await importTypeScript(join(ROOT, 'test/support/pure-ftpd.ts'));
  ftpd = await startPureFtpd(workDirs[1], { passivePorts: PASSIVE_PORTS });

  const named = (list, prefix) => list.map((input, index) => ({ ...input, remoteName: `${prefix}-${String(index + 1).padStart(4, '0')}${input.file.slice(input.file.lastIndexOf('.'))}` }));
  let platform = null;
  const scenarios = [];
  const single = (input, mb) => ({
    name: `1 file of ${mb} MiB`,
    mb,
    single: true,
    log: [],
    clients: [
      { kind: 'app', label: 'app: transferFile', rounds: ROUNDS, run: (tag) => runApp(named([input], tag), 1, tag, inputs.small[0].file) },
      { kind: 'curl-passive', label: 'curl -T (passive)', rounds: ROUNDS, reference: true, run: (tag) => runCurlShared(named([input], tag), 1, 'passive', tag) },
      { kind: 'curl-active', label: 'curl -T -P (active)', rounds: ROUNDS, reference: true, warmup: true, run: (tag) => runCurlShared(named([input], tag), 1, 'active', tag) },
    ],
  });
  if (inputs.mid) scenarios.push(single(inputs.mid, MID_MB));
  scenarios.push(single(inputs.big, BIG_MB));
  scenarios.push({
    name: `${SMALL_COUNT} files of ${SMALL_MB} MiB, ${CONCURRENCY} at once`,
    single: false,
    log: [],
    clients: [
      { kind: 'app', label: `app: transferFile ×${CONCURRENCY}`, rounds: MANY_ROUNDS, run: (tag) => runApp(named(inputs.small, tag), CONCURRENCY, tag, inputs.small[0].file) },
      { kind: 'curl-per-file', label: `curl per file, ${CONCURRENCY} at a time (active)`, rounds: MANY_ROUNDS, reference: true, run: (tag) => runCurlPerFile(named(inputs.small, tag), CONCURRENCY, 'active', tag) },
      { kind: 'curl-shared', label: `${CONCURRENCY} curl, one login each (active)`, rounds: MANY_ROUNDS, warmup: true, run: (tag) => runCurlShared(named(inputs.small, tag), CONCURRENCY, 'active', tag) },
      { kind: 'queue', label: `app: UploadQueue + sandbox ×${CONCURRENCY}`, rounds: QUEUE_ROUNDS, run: (tag) => runQueue(inputs, platform, tag) },
    ],
  });
  for (const scenario of scenarios) for (const client of scenario.clients) client.runs = [];

  try {
    if (QUEUE_ROUNDS > 0) platform = await startPlatform();
    for (const scenario of scenarios) {
      // Not measured: the first run of a scenario pays for things no later one does (the server's tmpfs
      // pages for that many bytes, which the VM takes back while they are free), whoever runs it.
      const warmup = scenario.clients.find((client) => client.warmup);
      process.stdout.write(`${scenario.name}, warm-up with ${warmup.label} (not measured)... `);
      await warmup.run(`warmup-${warmup.kind}`);
      console.log('done');
      for (let round = 1; round <= Math.max(...scenario.clients.map((client) => client.rounds)); round += 1) {
        const clients = scenario.clients.filter((client) => round <= client.rounds);
        // Each client goes first in turn.
        const shift = (round - 1) % clients.length;
        for (const client of [...clients.slice(shift), ...clients.slice(0, shift)]) {
          process.stdout.write(`${scenario.name}, ${client.label}, round ${round}... `);
          const result = await client.run(`${client.kind}-${round}`);
          client.runs.push(result);
          scenario.log.push({ label: client.label, round, ...result });
          console.log(`${result.seconds.toFixed(2)} s, ${mibs(result).toFixed(0)} MiB/s, peak RSS ${(result.peakRssKb / 1024).toFixed(1)} MiB`);
        }
      }
    }
  } finally {
    if (platform) await children.end(platform.handle);
    await ftpd.stop();
    ftpd = null;
    for (const dir of workDirs) await rm(dir, { recursive: true, force: true });
    workDirs.length = 0;
  }

  const args = process.argv.slice(2).join(' ');
  const command = process.env.npm_lifecycle_event === 'bench:upload' ? `npm run bench:upload${args ? ` -- ${args}` : ''}` : `node bench/upload.mjs${args ? ` ${args}` : ''}`;
  const tableText = summaryTable(scenarios);
  const verdictLines = verdicts(scenarios);
  const detailLines = details(scenarios);
  const notes = [
    'Reference: the client the app is judged against. One file: the faster (by median) of curl passive and curl active. Many files: curl per file, which logs in once per file as the app must (the platform gives every upload its own FTP user); "curl, one login each" shows what one connection for many files would give.',
    'MiB/s: bytes of the files ÷ wall time. App and UploadQueue: from the harness telling the ready process to start (Node started, modules loaded; the queue signed in) to its "done" line; curl: from spawning the curl processes (or xargs) to the last one exiting, so curl\'s own start-up (a few ms a process) is in it. All include every login and FTP exchange and the server storing the files (in tmpfs).',
    'Client peak RSS: app = VmHWM of its process (all of its life, Node included); curl = maximum RSS from GNU time, added up over the processes that run at once (per file: concurrency × the largest). Client CPU: user + system (app: process.cpuUsage() over the run; curl: GNU time, all processes). Neither counts interrupt time, where Linux does most of the loopback TCP work (shown per run). Server CPU: pure-ftpd\'s master and its reaped sessions (utime+stime+cutime+cstime).',
  ];
  const linkSection = options.link ? runLinkColumns() : '';
  const busiest = Math.max(...scenarios.flatMap((scenario) => scenario.log.map((run) => run.otherLoad)));
  if (busiest > 0.15) notes.unshift(`WARNING: processes outside this bench used up to ${(busiest * 100).toFixed(0)}% of a core during a run (see the per-run lines): the numbers are disturbed; run again on a quiet machine.`);

  console.log('');
  console.log(tableText);
  console.log('');
  for (const line of verdictLines) console.log(line);
  console.log('');
  for (const line of detailLines) console.log(line);
  console.log('');
  for (const line of notes) console.log(line);

  const m = machine();
  const markdown = `# bench/upload: last run

- Date: ${new Date().toISOString()}
- Machine: ${m.nproc} cores (nproc), ${m.cpu}, ${m.memory} RAM, Linux ${m.kernel}
- Software: Node ${m.node}, ${m.curl}, ${m.pureFtpd} (loopback, passive ports ${PASSIVE_PORTS}, its root in ${SERVER_PARENT})
- Command: \`${command}\`
- Inputs: random bytes in ${CACHE.slice(ROOT.length)}/: ${inputs.mid ? `one-${MID_MB}MiB.bin, ` : ''}one-${BIG_MB}MiB.bin, ${inputs.smallDir.slice(CACHE.length + 1)}/ (${SMALL_COUNT} × ${SMALL_MB} MiB)

${tableText}

${verdictLines.map((line) => `- ${line}`).join('\n')}

${detailLines.join('\n')}

${notes.map((line) => `- ${line}`).join('\n')}
${linkSection ? `\n${linkSection}` : ''}`;
  await writeFile(join(ROOT, 'bench', 'upload', 'last-run.md'), markdown);
  console.log('\nwritten to bench/upload/last-run.md');
}

main().catch((error) => {
  cleanUp();
  console.error(`\nbench/upload broke: ${error.stack ?? error}`);
  process.exit(1);
});
