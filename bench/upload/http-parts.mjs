// bench/upload, the HTTP transport scenario (issue 19): one file (1 GiB by default) uploaded in 1 MiB parts
// to the sandbox's /v2 endpoints on loopback, by the app and by curl, in the same run, N parts in flight
// for both:
//   - app: bench/upload/app-parts.mjs, the app's upload queue with its HTTP part transport (journal on
//     disk, each acknowledged part flushed to it), timed from `add` to the file handed to the platform;
//   - curl: `curl` creating the upload, then `xargs -P N -L 1 curl -F …` posting the same parts (the file
//     cut beforehand into 1 MiB files by `split`, untimed), then `curl` saying completed; timed from the
//     spawn of that script to its end.
// Both use the same bearer token (the demo user's, by the password grant). The sandbox runs in a process of its own (bench/upload/sandbox.mjs)
// with its data in /dev/shm, its processing after `completed` held off. After each run the harness checks,
// through the sandbox's operator call, that every part arrived (parts held, file size), then removes the
// upload's file. Rounds alternate which client goes first; the verdict uses the medians.
//
//   node scripts/build.mjs && node bench/upload/http-parts.mjs [--rounds 5] [--mb 1024] [--parts-in-flight 3]
//                              [--link] [--rate-mbit 50] [--rtt-ms 40]
//
// With --link (issue 21; needs root) the sandbox runs inside a shaped link's namespace (test/support/shaped-link.mjs:
// --rate-mbit up, --rtt-ms round trip) and both clients reach it through the delay proxy; the table adds the link
// utilisation (bytes ÷ (rate × time)).
//
// Needs curl, xargs, split and GNU time (/usr/bin/time). Exits 0 whatever the verdict, 1 when the bench broke.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createShapedLink } from '../../test/support/shaped-link.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    mb: { type: 'string', default: '1024' },
    'parts-in-flight': { type: 'string', default: '3' },
    link: { type: 'boolean', default: false },
    'rate-mbit': { type: 'string', default: '50' },
    'rtt-ms': { type: 'string', default: '40' },
  },
});
const rateMbit = Number(values['rate-mbit']);
const rounds = Number(values.rounds);
const mib = Number(values.mb);
const inFlight = Number(values['parts-in-flight']);
const PART = 1024 * 1024;
const cache = join(here, '..', '.cache', 'upload');
const input = join(cache, `parts-${mib}MiB.mkv`);
const partsFolder = join(cache, `parts-${mib}MiB`);
const warmup = join(cache, 'parts-warmup-8MiB.mkv');

/** Random bytes after a Matroska signature (the queue takes video files only; nothing looks further). */
async function makeInput(file, bytes) {
  if (existsSync(file) && statSync(file).size === bytes) return;
  await mkdir(cache, { recursive: true });
  execFileSync('sh', ['-c', `head -c ${bytes} /dev/urandom > "${file}"`]);
  const handle = await open(file, 'r+');
  await handle.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 0, 4, 0);
  await handle.close();
}

await makeInput(input, mib * PART);
await makeInput(warmup, 8 * PART);
if (!existsSync(partsFolder) || readdirSync(partsFolder).length !== mib) {
  rmSync(partsFolder, { recursive: true, force: true });
  await mkdir(partsFolder);
  execFileSync('split', ['-b', String(PART), '-d', '-a', '5', input, join(partsFolder, 'p')]);
}

const link = values.link ? await createShapedLink({ delayMs: Number(values['rtt-ms']) / 2, rate: `${rateMbit}mbit` }) : null;
if (link && 'unavailable' in link) throw new Error(link.unavailable);
const sandboxArgs = [join(here, 'sandbox.mjs'), '--data-dir', '/dev/shm', ...(link ? ['--host', link.peerAddress] : [])];
const [sandboxCommand, sandboxArgv] = link ? link.inside(process.execPath, sandboxArgs) : [process.execPath, sandboxArgs];
const sandbox = spawn(sandboxCommand, sandboxArgv, { stdio: ['ignore', 'pipe', 'inherit'] });
const started = JSON.parse(await firstLine(sandbox.stdout, 20_000));
// On the link, the clients reach the sandbox through the delay proxy.
const platform = link ? { ...started, apiUrl: await link.reach(started.apiUrl), authUrl: await link.reach(started.authUrl) } : started;
const token = await bearerToken();
const results = { app: [], curl: [] };
const work = await mkdtemp(join(tmpdir(), 'bench-parts-'));

try {
  for (let round = 0; round < rounds; round += 1) {
    for (const client of round % 2 === 0 ? ['app', 'curl'] : ['curl', 'app']) {
      const result = client === 'app' ? await runApp(round) : await runCurl(round);
      await checkArrived(result.videoId);
      results[client].push(result);
      console.log(`- ${client} #${round + 1}: ${(result.ms / 1000).toFixed(2)} s, ${rate(result).toFixed(0)} MiB/s, client CPU ${result.cpu.toFixed(2)} s, client peak RSS ${(result.peakRssKb / 1024).toFixed(1)} MiB`);
    }
  }
  printTable();
} catch (error) {
  console.error(`the bench broke: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  sandbox.kill('SIGTERM');
  await new Promise((resolve) => (sandbox.exitCode !== null ? resolve() : sandbox.once('exit', resolve)));
  await link?.close();
  await rm(work, { recursive: true, force: true });
}

async function runApp(round) {
  execFileSync('sh', ['-c', `cat "${input}" > /dev/null`]);
  const journalDir = join(work, `journal-${round}`);
  await mkdir(journalDir);
  const child = spawn(process.execPath, [join(here, 'app-parts.mjs'), '--platform', JSON.stringify({ ...platform, token }), '--file', input, '--parts-in-flight', String(inFlight), '--journal-dir', journalDir, '--warmup-file', warmup], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ready = await nextLine(lines, 60_000);
  if (!JSON.parse(ready).ready) throw new Error(`app-parts did not say ready: ${ready}`);
  child.stdin.write('go\n');
  const done = JSON.parse(await nextLine(lines, 600_000));
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  return { ms: done.ms, cpu: done.userSeconds + done.systemSeconds, peakRssKb: done.peakRssKb, videoId: done.videoId };
}

async function runCurl(round) {
  execFileSync('sh', ['-c', `cat "${partsFolder}"/p* > /dev/null`]);
  const count = mib;
  const size = mib * PART;
  const auth = `Authorization: Bearer ${token}`;
  const base = `${platform.apiUrl}/v2/channels/${platform.channelId}/uploads`;
  const script = [
    'set -e',
    `ids=$(curl -sS --fail -H "$AUTH" -d title=curl-${round} ${base}.json)`,
    `vid=$(printf '%s' "$ids" | sed -E 's/.*"videoId":([0-9]+).*/\\1/')`,
    `uid=$(printf '%s' "$ids" | sed -E 's/.*"uploadId":"([^"]+)".*/\\1/')`,
    `i=0; while [ $i -lt ${count} ]; do printf -- '-F partIndex=%d -F file=@${partsFolder}/p%05d ${base}/%s/part.json\\n' $i $i "$vid"; i=$((i+1)); done > "$LIST"`,
    `xargs -P ${inFlight} -L 1 curl -sS --fail -o /dev/null -H "$AUTH" -F uploadId=$uid -F totalPartCount=${count} -F totalFileSize=${size} < "$LIST"`,
    `curl -sS --fail -o /dev/null -H "$AUTH" -d uploadId=$uid ${base}/$vid/completed.json`,
    'echo "$vid" > "$VIDEO"',
  ].join('\n');
  const timeFile = join(work, `time-${round}`);
  const env = { ...process.env, AUTH: auth, LIST: join(work, `list-${round}`), VIDEO: join(work, `video-${round}`) };
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%U %S %M', '-o', timeFile, 'sh', '-c', script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the curl script exited with ${code}`))));
  });
  const ms = performance.now() - started;
  const [user, system, maxKb] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1).split(' ').map(Number);
  // GNU time reports the largest process it reaped (one curl): N of them run at once.
  return { ms, cpu: user + system, peakRssKb: maxKb * inFlight, videoId: (await readFile(env.VIDEO, 'utf8')).trim() };
}

/** Every part is at the sandbox (operator call), then its file is removed so /dev/shm does not fill. */
async function checkArrived(videoId) {
  const response = await fetch(`${platform.apiUrl}/_sandbox/uploads/${videoId}`, { headers: { Authorization: `Bearer ${platform.adminKey}` } });
  const inspection = await response.json();
  if (inspection.partsHeld !== mib || inspection.fileSize !== mib * PART) throw new Error(`upload ${videoId} is incomplete at the sandbox: ${JSON.stringify(inspection)}`);
  rmSync(inspection.file, { force: true });
}

function rate(result) {
  return mib / (result.ms / 1000);
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printTable() {
  const row = (name, list, reference) => {
    const rates = list.map(rate);
    const ratio = reference === null ? '' : (median(rates) / median(reference.map(rate))).toFixed(2);
    const wall = list.map((result) => result.ms / 1000);
    const utilisation = link ? ` ${(((median(rates) * PART * 8) / (rateMbit * 1e6)) * 100).toFixed(0)} % |` : '';
    return `| 1 file of ${mib} MiB, ${inFlight} parts in flight${where} | ${name} | ${median(rates).toFixed(1)} [${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}] | ${ratio} | ${median(wall).toFixed(2)} | ${median(list.map((result) => result.cpu)).toFixed(2)} | ${median(list.map((result) => result.peakRssKb / 1024)).toFixed(1)} |${utilisation}`;
  };
  const where = link ? `, link ${rateMbit} Mbit/s ${values['rtt-ms']} ms RTT` : ', loopback';
  console.log(`\n${cpus().length} cores, Node ${process.version}, ${execFileSync('curl', ['--version']).toString().split(' ').slice(0, 2).join(' ')}, ${rounds} rounds\n`);
  console.log(`| scenario | client | MiB/s median [range] | ÷ curl | wall s | client CPU s | client peak RSS MiB |${link ? ' link utilisation |' : ''}`);
  console.log(`|:--|:--|--:|--:|--:|--:|--:|${link ? '--:|' : ''}`);
  console.log(row('app: UploadQueue + HTTP part transport', results.app, results.curl));
  console.log(row('curl: xargs -P N curl -F (reference)', results.curl, null));
  const ratio = median(results.app.map(rate)) / median(results.curl.map(rate));
  console.log(`\nVerdict: the app at ${ratio.toFixed(2)}× curl's throughput (goal ≥ 0.9×): ${ratio >= 0.9 ? 'met' : 'NOT met'}.`);
}

/** The demo user's bearer token (password grant, the sandbox's default token kind), for the app and curl alike. */
async function bearerToken() {
  const form = { grant_type: 'password', client_id: platform.clientId, client_secret: platform.clientSecret, username: platform.username, password: platform.password };
  const response = await fetch(`${platform.authUrl}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  const body = await response.json();
  if (!response.ok || !body.access_token) throw new Error(`the token endpoint answered ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

function firstLine(stream, timeoutMs) {
  return nextLine(createInterface({ input: stream }), timeoutMs);
}

function nextLine(lines, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line within ${timeoutMs} ms`)), timeoutMs);
    lines.once('line', (text) => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}
