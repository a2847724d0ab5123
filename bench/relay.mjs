// bench/relay: the app's relay engine against node-media-server + `ffmpeg -c copy`, in the same run, on
// the same input, to the same target. See bench/relay/README.md for the method; the numbers of the last
// run and the command that produced them are in bench/relay/last-run.md (and copied below by hand).
//
//   npm run bench:relay -- --seconds 30        (node scripts/build.mjs first: it runs the built code)
//
// Pipelines, one at a time (the machines have 2 cores):
//   floor     the two measuring proxies chained with nothing between them: what the measurement adds;
//   app       bench/relay/app-relay.mjs: startLocalIngest + createRelay from build/main/relay/;
//   app3      the same relaying to three destinations (multistream: the target through the proxy, and
//             two more publishes to the same nginx), against `app` in the same run: CPU ratio <= 1.5;
//   baseline  bench/relay/nms-ingest.mjs (node-media-server, the app's config) +
//             ffmpeg -i rtmp://127.0.0.1:P/live/KEY -c copy -f flv rtmp://target/live/...
// The input is encoded once (60 s of 1920x1080 30 fps H.264 at 5 Mbps + AAC, bench/.cache/) and
// published with `ffmpeg -re -stream_loop -1 -i input.flv -c copy -t SECONDS`. The target is nginx-rtmp.
// CPU seconds and peak RSS: the relaying processes only, from /proc. Added latency: per video frame, the
// time it fully arrived at the proxy in front of the target minus the time it fully arrived at the proxy
// in front of the relaying ingest, frames matched by content; frames that entered in the first
// --warmup seconds (connection set-up, ffmpeg's probing) are left out of the percentiles.
//
// Exit status 0 when the bench ran, whatever the verdicts; 1 when it broke.
//
// Last numbers (2026-11-22; 2 cores, AMD EPYC, Node 20.20.2, ffmpeg 5.1.9, nginx 1.22.1; quiet machine),
// medians of 3 rounds [range]:
//   npm run bench:relay -- --seconds 30
//     app       1.40 s CPU [1.30-1.44], peak RSS  95.6 MB, added latency p50/p99 0.3/1.5 ms
//     baseline  1.50 s CPU [1.45-1.53], peak RSS 146.3 MB, added latency p50/p99 21.1/41.4 ms
//     (CPU at 30 s is close to noise: eight runs gave the app -7% to +7%, above the baseline twice)
//   node bench/relay.mjs --seconds 120
//     app       2.68 s CPU [2.59-2.74], peak RSS  95.9 MB, p99 0.8 ms
//     baseline  3.66 s CPU [3.53-3.82], peak RSS 147.0 MB, p99 41.4 ms  (another run: -19%)
// Multistream (2026-11-26, machine busy with other sessions' tests, about 1.9 cores of 2 taken by them):
//   node bench/relay.mjs --seconds 30: three destinations 1.16 s CPU against one destination's 1.18 s,
//   ratio of the medians 0.98 (per round 1.13 / 1.01 / 0.98); relaying only 1.07 (target <= 1.5)
// Full tables: bench/relay/last-run.md (written by each run) and bench/relay/README.md.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, createConnection } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineCpu, readProc, sampleProcesses } from './relay/proc-stats.mjs';
import { startTapProxy } from './relay/rtmp-tap.mjs';
import { ChildProcesses } from './lib/child-processes.mjs';
import { machine as describeMachine, toolOutput } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'bench', '.cache');
const INPUT = join(CACHE, 'relay-input-1080p30-5M-60s.flv');
const ENCODE_ARGS = [
  '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30',
  '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
  '-t', '60',
  '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '5M', '-maxrate', '5M', '-bufsize', '10M', '-g', '60',
  '-c:a', 'aac', '-b:a', '128k',
  '-f', 'flv',
];
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const STREAM_KEY = 'benchkey';
/** After the input stops: what is still in flight gets this long to arrive. */
const DRAIN_MS = 2000;
const LATENCY_TARGET_MS = 50;

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'floor-seconds': { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(`node bench/relay.mjs [--seconds 30] [--warmup 5] [--rounds 3] [--floor-seconds 10] [--profile]
  --seconds        how long each pipeline relays the input
  --warmup         frames that enter in the first seconds are not in the latency percentiles
  --rounds         run app and baseline this many times each, alternating which goes first
  --floor-seconds  length of the proxies-only run (0: skip it)
  --profile        node --cpu-prof for the node children (into bench/.cache/profiles/; numbers then include the profiler)`);
  process.exit(0);
}
const SECONDS = positive('seconds');
const WARMUP = Number(options.warmup);
const ROUNDS = positive('rounds');
const FLOOR_SECONDS = Number(options['floor-seconds']);

function positive(name) {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number`);
  return value;
}

function fail(message) {
  console.error(`bench/relay: ${message}`);
  process.exit(1);
}

/* ---------------------------------------------------------------------------------------------- */
/* Processes: each in its own process group, ended by its id.                                      */

const children = new ChildProcesses(ROOT);
/** The run's temporary folder (target config, node-media-server stores), removed on every way out. */
let workDir = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    children.killAll();
    if (workDir !== null) rmSync(workDir, { recursive: true, force: true });
    process.exit(130);
  });
}

/** Waits for the child's {"ready":true,...} line. */
async function ready(handle, events = [], timeoutMs = 15_000) {
  const line = new Promise((resolve) => {
    handle.lines.on('line', (text) => {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (parsed.ready) resolve(parsed);
      else events.push({ ...parsed, seenAt: performance.now() });
    });
  });
  const result = await Promise.race([line, handle.exited.then(() => 'exited'), delay(timeoutMs, 'timeout')]);
  if (result === 'exited' || result === 'timeout') throw new Error(`${handle.label} did not start (${result}): ${handle.stderrTail()}`);
  return result;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForListener(port, label, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await delay(50);
  }
  throw new Error(`${label} does not listen on ${port}`);
}

/* ---------------------------------------------------------------------------------------------- */
/* The input and the target.                                                                       */

async function ensureInput() {
  if (existsSync(INPUT)) return;
  await mkdir(CACHE, { recursive: true });
  console.log(`encoding the input once into ${INPUT} (about a minute on 2 cores)...`);
  const partial = `${INPUT}.partial`;
  const encoder = children.start('the input encoder', 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...ENCODE_ARGS, partial]);
  const { code } = await encoder.exited;
  if (code !== 0) fail(`encoding the input failed: ${encoder.stderrTail()}`);
  await rename(partial, INPUT);
}

async function startTarget(work) {
  const dir = join(work, 'nginx');
  await mkdir(join(dir, 'logs'), { recursive: true });
  await chmod(work, 0o755);
  await chmod(dir, 0o755);
  await chmod(join(dir, 'logs'), 0o777);
  const port = await freePort();
  // No recording: the target's disk is not what is measured. It runs for every pipeline alike.
  await writeFile(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
load_module ${RTMP_MODULE};
events { worker_connections 256; }
rtmp { server {
  listen 127.0.0.1:${port}; chunk_size 4096;
  application live { live on; allow publish 127.0.0.1; deny publish all; allow play all; }
} }
`,
  );
  const handle = children.start('nginx-rtmp (the target)', 'nginx', ['-c', `${dir}/nginx.conf`, '-p', `${dir}/`, '-e', `${dir}/logs/error.log`]);
  await Promise.race([waitForListener(port, 'nginx-rtmp'), handle.exited.then(() => Promise.reject(new Error(`nginx-rtmp exited: ${handle.stderrTail()}`)))]);
  return { handle, port };
}

/* ---------------------------------------------------------------------------------------------- */
/* One pipeline.                                                                                   */

async function runPipeline(kind, { work, target, seconds, round }) {
  const entered = [];
  const left = [];
  const targetProxy = await startTapProxy({ upstreamPort: target.port, onFrame: (frame) => left.push(frame) });
  const targetUrl = `rtmp://127.0.0.1:${targetProxy.port}/live/bench-${kind}-${round}`;
  const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(CACHE, 'profiles', `${kind}-${round}`)}`] : [];
  const relaying = [];
  const events = [];
  let ingestPort;
  try {
    if (kind === 'app' || kind === 'app3') {
      ingestPort = await freePort();
      // The two more destinations publish straight to the target: only the main one is timed by the proxy.
      const also = kind === 'app3' ? [1, 2].flatMap((n) => ['--also', `rtmp://127.0.0.1:${target.port}/live/bench-${kind}-${round}-also-${n}`]) : [];
      const app = children.start('app-relay', process.execPath, [...nodeArgs, 'bench/relay/app-relay.mjs', '--port', String(ingestPort), '--key', STREAM_KEY, '--target', targetUrl, ...also]);
      relaying.push(app);
      // Its event lines keep coming into `events` after the ready line.
      await ready(app, events);
    } else if (kind === 'baseline') {
      ingestPort = await freePort();
      const nms = children.start('nms-ingest', process.execPath, [...nodeArgs, 'bench/relay/nms-ingest.mjs', '--port', String(ingestPort), '--data-dir', work]);
      relaying.push(nms);
      await ready(nms);
      // Plays before the encoder publishes, as the app's relay waits for it: both are ready first.
      const copier = children.start('ffmpeg -c copy', 'ffmpeg', ['-hide_banner', '-loglevel', 'warning', '-nostdin', '-i', `rtmp://127.0.0.1:${ingestPort}/live/${STREAM_KEY}`, '-c', 'copy', '-f', 'flv', targetUrl]);
      relaying.push(copier);
      await delay(500);
      if (!children.isRunning(copier)) throw new Error(`ffmpeg -c copy exited: ${copier.stderrTail()}`);
    } else {
      ingestPort = targetProxy.port;
    }
    const ingestProxy = await startTapProxy({ upstreamPort: ingestPort, onFrame: (frame) => entered.push(frame) });
    const sampler = sampleProcesses(Object.fromEntries(relaying.map((handle) => [handle.label, handle.child.pid])));
    // What they used to start and wait: the rest is the relaying itself.
    const cpuBeforeInput = sampler.cpuSeconds();
    const inputAt = performance.now();
    const machineBefore = machineCpu();
    const harnessBefore = readProc(process.pid).cpuSeconds;
    const input = children.start('the input publisher', 'ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-nostdin',
      '-re', '-stream_loop', '-1', '-i', INPUT,
      '-c', 'copy', '-t', String(seconds),
      '-f', 'flv', `rtmp://127.0.0.1:${ingestProxy.port}/live/${STREAM_KEY}`,
    ]);
    // The bench's own other processes, to tell the machine's other load apart.
    const workers = readFileSync(`/proc/${target.handle.child.pid}/task/${target.handle.child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const ours = sampleProcesses({ input: input.child.pid, target: target.handle.child.pid, ...Object.fromEntries(workers.map((pid) => [`target worker ${pid}`, Number(pid)])) }, 500);
    const finished = await Promise.race([input.exited, delay((seconds + 30) * 1000, null)]);
    if (finished === null) throw new Error('the input publisher did not finish in time');
    if (finished.code !== 0) throw new Error(`the input publisher failed (${finished.code ?? finished.signal}): ${input.stderrTail()}`);
    const machineAfter = machineCpu();
    const harnessCpu = readProc(process.pid).cpuSeconds - harnessBefore;
    const oursCpu = ours.stop().cpuSeconds;
    await delay(DRAIN_MS);
    const usage = sampler.stop();
    for (const handle of relaying) {
      if (!children.isRunning(handle)) throw new Error(`${handle.label} exited during the run: ${handle.stderrTail()}`);
    }
    for (const handle of [...relaying].reverse()) await children.end(handle);
    await ingestProxy.close();
    if (relaying.length > 0) await writeCpuTimeline(kind, round, inputAt, usage.timeline);
    const machine = { busyShare: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total), cores: cpus().length, harnessCpu, inputAndTargetCpu: oursCpu };
    return { kind, round, seconds, machine, usage: relaying.length > 0 ? { ...usage, cpuBeforeInput } : null, latency: matchFrames(entered, left, seconds), events, targetConnections: targetProxy.connections };
  } finally {
    for (const handle of relaying) await children.end(handle, 2000);
    await targetProxy.close();
    await writeFrames(kind, round, entered);
  }
}

/** Pairs each frame that left with the earliest same frame that entered and had not left yet. */
function matchFrames(entered, left, seconds) {
  const waiting = new Map();
  for (const frame of entered) {
    const queue = waiting.get(frame.key);
    if (queue) queue.push(frame);
    else waiting.set(frame.key, [frame]);
  }
  let unmatchedOut = 0;
  for (const frame of left) {
    const queue = waiting.get(frame.key);
    const first = queue?.[0];
    if (first === undefined || first.at > frame.at) {
      unmatchedOut += 1;
      continue;
    }
    queue.shift();
    first.out = frame.at;
  }
  if (entered.length === 0) throw new Error('no video frame entered the ingest');
  const start = entered[0].at;
  const measured = entered.filter((frame) => frame.at - start >= WARMUP * 1000);
  const matched = measured.filter((frame) => frame.out !== undefined);
  const latencies = matched.map((frame) => frame.out - frame.at).sort((a, b) => a - b);
  const firstOut = left.length > 0 ? Math.min(...left.map((frame) => frame.at)) : null;
  const videoBytes = entered.reduce((total, frame) => total + frame.bytes, 0);
  return {
    framesIn: measured.length,
    framesMatched: matched.length,
    framesInAll: entered.length,
    framesOutAll: left.length,
    unmatchedOut,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    startupMs: firstOut === null ? null : firstOut - start,
    inputVideoMbps: (videoBytes * 8) / seconds / 1e6,
  };
}

function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

async function writeFrames(kind, round, entered) {
  if (entered.length === 0) return;
  const start = entered[0].at;
  const rows = entered.map((frame) => [((frame.at - start) / 1000).toFixed(4), frame.timestamp, frame.keyframe ? 1 : 0, frame.bytes, frame.out === undefined ? '' : (frame.out - frame.at).toFixed(3)].join(','));
  await mkdir(CACHE, { recursive: true });
  await writeFile(join(CACHE, `relay-frames-${kind}-${round}.csv`), `entered_s,rtmp_timestamp,keyframe,bytes,added_latency_ms\n${rows.join('\n')}\n`);
}

/** CPU seconds used in each second of the run, from the input's start: where warm-up ends. */
async function writeCpuTimeline(kind, round, inputAt, timeline) {
  const rows = [];
  let previous = null;
  for (const [at, cpu] of timeline) {
    const second = Math.floor((at - inputAt) / 1000);
    if (second < 0 || (previous !== null && second === previous.second)) continue;
    if (previous !== null) rows.push(`${previous.second},${(cpu - previous.cpu).toFixed(2)}`);
    previous = { second, cpu };
  }
  await mkdir(CACHE, { recursive: true });
  await writeFile(join(CACHE, `relay-cpu-${kind}-${round}.csv`), `second,cpu_seconds_since_previous_row\n${rows.join('\n')}\n`);
}

/* ---------------------------------------------------------------------------------------------- */
/* Report.                                                                                         */

const LABELS = { floor: 'floor (the two proxies alone)', app: 'app (local ingest + relay)', app3: 'app, three destinations', baseline: 'baseline (NMS + ffmpeg -c copy)' };
const MULTISTREAM_RATIO_TARGET = 1.5;

function row(result) {
  const u = result.usage;
  const l = result.latency;
  const ms = (value) => (value === null ? '—' : value.toFixed(1));
  return [
    `${LABELS[result.kind]}${ROUNDS > 1 && result.kind !== 'floor' ? ` #${result.round}` : ''}`,
    u ? u.cpuSeconds.toFixed(2) : '—',
    u ? `${(u.cpuSeconds - u.cpuBeforeInput).toFixed(2)} (${(((u.cpuSeconds - u.cpuBeforeInput) / result.seconds) * 100).toFixed(1)}%)` : '—',
    u ? (u.peakRssKb / 1024).toFixed(1) : '—',
    u ? (u.peakSumAnonKb / 1024).toFixed(1) : '—',
    `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} / ${ms(l.max)}`,
    `${l.framesMatched}/${l.framesIn}`,
    l.startupMs === null ? '—' : (l.startupMs / 1000).toFixed(2),
  ];
}

function table(rows) {
  const header = ['pipeline', 'CPU s', 'of it relaying (% of a core)', 'peak RSS MB', 'peak anon MB', 'added latency p50 / p95 / p99 / max ms', 'frames matched', 'first frame out after s'];
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((cells) => cells[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

function verdicts(results) {
  const app = results.filter((result) => result.kind === 'app');
  const baseline = results.filter((result) => result.kind === 'baseline');
  const of = (list, pick) => median(list.map(pick));
  // With several rounds, each median comes with its range: overlapping ranges mean a tie within noise.
  const range = (list, pick, digits) => {
    if (list.length < 2) return '';
    const values = list.map(pick);
    return ` [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
  };
  const cpuOf = (r) => r.usage.cpuSeconds;
  const appCpu = of(app, (r) => r.usage.cpuSeconds);
  const baseCpu = of(baseline, (r) => r.usage.cpuSeconds);
  const appRelaying = of(app, (r) => r.usage.cpuSeconds - r.usage.cpuBeforeInput);
  const baseRelaying = of(baseline, (r) => r.usage.cpuSeconds - r.usage.cpuBeforeInput);
  const appAnon = of(app, (r) => r.usage.peakSumAnonKb / 1024);
  const baseAnon = of(baseline, (r) => r.usage.peakSumAnonKb / 1024);
  const appRss = of(app, (r) => r.usage.peakRssKb / 1024);
  const baseRss = of(baseline, (r) => r.usage.peakRssKb / 1024);
  const appP99 = of(app, (r) => r.latency.p99 ?? Infinity);
  const basP99 = of(baseline, (r) => r.latency.p99 ?? Infinity);
  const than = (a, b) => `${a > b ? '+' : ''}${(((a - b) / b) * 100).toFixed(0)}% against the baseline`;
  const scope = ROUNDS > 1 ? ` (medians of ${ROUNDS} rounds)` : '';
  return [
    `CPU${scope}: app ${appCpu.toFixed(2)} s${range(app, cpuOf, 2)}, baseline ${baseCpu.toFixed(2)} s${range(baseline, cpuOf, 2)} (${than(appCpu, baseCpu)}): ${appCpu <= baseCpu ? 'MET' : `MISSED by ${(appCpu - baseCpu).toFixed(2)} s`}` +
      `; relaying only (after start-up): app ${appRelaying.toFixed(2)} s, baseline ${baseRelaying.toFixed(2)} s (${than(appRelaying, baseRelaying)}): ${appRelaying <= baseRelaying ? 'at or below' : 'ABOVE'}`,
    `Memory${scope}: peak RSS app ${appRss.toFixed(1)} MB, baseline ${baseRss.toFixed(1)} MB (${than(appRss, baseRss)}): ${appRss <= baseRss ? 'MET' : `MISSED by ${(appRss - baseRss).toFixed(1)} MB`}` +
      `; anonymous memory app ${appAnon.toFixed(1)} MB, baseline ${baseAnon.toFixed(1)} MB (${than(appAnon, baseAnon)}): ${appAnon <= baseAnon ? 'at or below' : 'ABOVE'}`,
    multistreamVerdict(results, scope),
    `Latency${scope}: app p99 ${appP99.toFixed(1)} ms (baseline ${basP99.toFixed(1)} ms), target < ${LATENCY_TARGET_MS} ms: ${appP99 < LATENCY_TARGET_MS ? 'MET' : `MISSED by ${(appP99 - LATENCY_TARGET_MS).toFixed(1)} ms`}`,
  ];
}

/** Issue 20: the same relay to three destinations at most 1.5x the CPU of one, rounds of the same run. */
function multistreamVerdict(results, scope) {
  const one = median(results.filter((r) => r.kind === 'app').map((r) => r.usage.cpuSeconds));
  const three = median(results.filter((r) => r.kind === 'app3').map((r) => r.usage.cpuSeconds));
  const oneRelaying = median(results.filter((r) => r.kind === 'app').map((r) => r.usage.cpuSeconds - r.usage.cpuBeforeInput));
  const threeRelaying = median(results.filter((r) => r.kind === 'app3').map((r) => r.usage.cpuSeconds - r.usage.cpuBeforeInput));
  const ratio = three / one;
  // A three-destination run whose extra publishes did not all connect measured less than it claims.
  const incomplete = results.filter((r) => r.kind === 'app3' && new Set(r.events.filter((event) => event.event === 'target-connected').map((event) => event.destination)).size < 3);
  if (incomplete.length > 0) return `Multistream${scope}: INVALID: ${incomplete.length} three-destination run(s) did not connect all three destinations (see the per-run lines)`;
  return (
    `Multistream${scope}: three destinations ${three.toFixed(2)} s CPU, one destination ${one.toFixed(2)} s: ratio ${ratio.toFixed(2)}, target <= ${MULTISTREAM_RATIO_TARGET}: ${ratio <= MULTISTREAM_RATIO_TARGET ? 'MET' : 'MISSED'}` +
    `; relaying only: ${threeRelaying.toFixed(2)} s against ${oneRelaying.toFixed(2)} s, ratio ${(threeRelaying / oneRelaying).toFixed(2)}`
  );
}

/** One line per round: the one-destination and three-destination runs' CPU and their ratio. */
function multistreamTable(results) {
  const header = ['round', 'one destination CPU s', 'three destinations CPU s', 'ratio', 'relaying only: one / three s', 'ratio (relaying only)'];
  const rows = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const one = results.find((r) => r.kind === 'app' && r.round === round)?.usage;
    const three = results.find((r) => r.kind === 'app3' && r.round === round)?.usage;
    if (!one || !three) continue;
    const relaying = (u) => u.cpuSeconds - u.cpuBeforeInput;
    rows.push([`#${round}`, one.cpuSeconds.toFixed(2), three.cpuSeconds.toFixed(2), (three.cpuSeconds / one.cpuSeconds).toFixed(2), `${relaying(one).toFixed(2)} / ${relaying(three).toFixed(2)}`, (relaying(three) / relaying(one)).toFixed(2)]);
  }
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((cells) => cells[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** CPU seconds per second (share of a core) that processes outside this bench used while the input ran. */
function otherLoad(result) {
  const m = result.machine;
  const relayingCpu = result.usage ? result.usage.cpuSeconds - result.usage.cpuBeforeInput : 0;
  return Math.max(0, m.busyShare * m.cores * result.seconds - relayingCpu - m.harnessCpu - m.inputAndTargetCpu) / result.seconds;
}

function details(results) {
  const out = [];
  for (const result of results) {
    const name = `${result.kind}${ROUNDS > 1 && result.kind !== 'floor' ? ` #${result.round}` : ''}`;
    const l = result.latency;
    const m = result.machine;
    const share = (cpuSeconds) => `${((cpuSeconds / result.seconds) * 100).toFixed(1)}%`;
    const parts = [
      `machine ${(m.busyShare * 100).toFixed(0)}% busy over ${m.cores} cores while the input ran; in % of a core: harness ${share(m.harnessCpu)}, input publisher + target ${share(m.inputAndTargetCpu)}, other processes (not this bench) about ${(otherLoad(result) * 100).toFixed(1)}%`,
      `input ${l.inputVideoMbps.toFixed(2)} Mbps video seen at the ingest`, `${l.framesInAll} frames in, ${l.framesOutAll} out (${l.unmatchedOut} unmatched out)`, `${result.targetConnections} connection(s) to the target`];
    if (result.usage) {
      const per = Object.entries(result.usage.perProcess).map(([label, reading]) => `${label} ${reading.cpuSeconds.toFixed(2)} s (user ${reading.userSeconds.toFixed(2)}, system ${reading.systemSeconds.toFixed(2)}), peak RSS ${(reading.peakRssKb / 1024).toFixed(1)} MB, peak anon ${(reading.peakAnonKb / 1024).toFixed(1)} MB`);
      parts.push(`per process: ${per.join('; ')}`);
      parts.push(`CPU before the input started ${result.usage.cpuBeforeInput.toFixed(2)} s`);
      parts.push(`highest sampled RSS of the processes together ${(result.usage.peakSumRssKb / 1024).toFixed(1)} MB`);
    }
    if (result.kind === 'app3') {
      const connected = [...new Set(result.events.filter((event) => event.event === 'target-connected').map((event) => event.destination))];
      parts.push(`destinations connected: ${connected.join(', ') || 'none'} (${connected.length} of 3)`);
    }
    const failures = result.events.filter((event) => event.event === 'target-failed');
    if (failures.length > 0) parts.push(`target-failed ×${failures.length}: ${failures[0].reason}`);
    out.push(`- ${name}: ${parts.join('; ')}`);
  }
  return out;
}

function machine() {
  return describeMachine({
    ffmpeg: () => toolOutput('ffmpeg', ['-version']).split('\n')[0].replace(/ Copyright.*/, ''),
    nginx: () => toolOutput('nginx', ['-v']).replace(/^nginx version: /, ''),
  });
}

/* ---------------------------------------------------------------------------------------------- */

async function main() {
  if (!existsSync(join(ROOT, 'build/main/relay/relay.js'))) fail('build/main/relay/ is missing: run `node scripts/build.mjs` first');
  if (!existsSync(RTMP_MODULE)) fail(`${RTMP_MODULE} is missing (Debian package libnginx-mod-rtmp)`);
  await ensureInput();
  const work = await mkdtemp(join(tmpdir(), 'bench-relay-'));
  workDir = work;
  const results = [];
  let target;
  try {
    target = await startTarget(work);
    const plan = [];
    if (FLOOR_SECONDS > 0) plan.push({ kind: 'floor', round: 1, seconds: FLOOR_SECONDS });
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 === 1 ? ['app', 'app3', 'baseline'] : ['baseline', 'app3', 'app'];
      for (const kind of order) plan.push({ kind, round, seconds: SECONDS });
    }
    for (const step of plan) {
      process.stdout.write(`${LABELS[step.kind]}${ROUNDS > 1 ? ` round ${step.round}` : ''}: ${step.seconds} s... `);
      const result = await runPipeline(step.kind, { work, target, seconds: step.seconds, round: step.round });
      results.push(result);
      console.log(`done (${result.latency.framesMatched}/${result.latency.framesIn} frames matched)`);
    }
  } finally {
    if (target) await children.end(target.handle);
    await rm(work, { recursive: true, force: true });
  }

  const command = process.env.npm_lifecycle_event === 'bench:relay' ? `npm run bench:relay -- ${process.argv.slice(2).join(' ')}`.trim() : `node bench/relay.mjs ${process.argv.slice(2).join(' ')}`.trim();
  const tableText = table(results.map(row));
  const multistreamText = multistreamTable(results);
  const verdictLines = verdicts(results);
  const detailLines = details(results);
  const notes = [
    `Added latency: from a video frame fully arriving at a proxy in front of the relaying ingest to it fully arriving at a proxy in front of the target (nginx-rtmp), frames matched by content (H.264 data), percentiles over frames that entered after the first ${WARMUP} s. The floor row is the two proxies chained with nothing between them: what the measurement itself adds (one proxy forward and a loopback hop, on the harness's event loop); it is in every row alike.`,
    'CPU s: user + system time of the relaying processes from their start until the input stopped and 2 s more (app and app three destinations: the app-relay process; baseline: the node-media-server process + the ffmpeg -c copy process); "of it relaying" leaves out what they used before the input started (start-up, waiting). Peak RSS: VmHWM of each, added up. Peak anon: the highest sampled (every 200 ms) Anonymous memory of smaps_rollup (heaps, buffers, JIT code), added up: RSS without the executable and library pages. The input publisher, the target and the harness are not counted.',
  ];
  const busiest = Math.max(...results.map(otherLoad));
  if (busiest > 0.15) notes.unshift(`WARNING: processes outside this bench used up to ${(busiest * 100).toFixed(0)}% of a core during a pipeline (see the per-run lines): the CPU and latency numbers are disturbed; run again on a quiet machine.`);
  if (options.profile) notes.push('Profiled run (--profile): the node children ran with --cpu-prof; their CPU numbers include the profiler.');

  console.log('');
  console.log(tableText);
  console.log('');
  console.log(multistreamText);
  console.log('');
  for (const line of verdictLines) console.log(line);
  console.log('');
  for (const line of detailLines) console.log(line);
  console.log('');
  for (const line of notes) console.log(line);

  const m = machine();
  const markdown = `# bench/relay: last run

- Date: ${new Date().toISOString()}
- Machine: ${m.nproc} cores (nproc), ${m.cpu}, ${m.memory} RAM, Linux ${m.kernel}
- Software: Node ${m.node}, ${m.ffmpeg}, nginx ${m.nginx}
- Command: \`${command}\`
- Input: ${INPUT.slice(ROOT.length)} (ffmpeg ${ENCODE_ARGS.join(' ')}), published with \`ffmpeg -re -stream_loop -1 -i input.flv -c copy -t ${SECONDS}\`

${tableText}

Multistream (issue 20): the same app relaying to one destination and to three (the target, and two more publishes to the same nginx), CPU of the app-relay process:

${multistreamText}

${verdictLines.map((line) => `- ${line}`).join('\n')}

${detailLines.join('\n')}

${notes.map((line) => `- ${line}`).join('\n')}
`;
  await writeFile(join(ROOT, 'bench', 'relay', 'last-run.md'), markdown);
  console.log('\nwritten to bench/relay/last-run.md');
}

main().catch((error) => {
  children.killAll();
  console.error(`\nbench/relay broke: ${error.stack ?? error}`);
  process.exit(1);
});
