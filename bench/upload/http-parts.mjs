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
// With --small-count N (issue 21), N files of --small-mb MiB (the FTP scenario's, bench/.cache/upload/small-…-signed)
// through the whole queue flow, --concurrency files at once, after the big file (--mb 0: only them):
//   - app: app-parts.mjs --dir, the queue (journal, create, parts, completed per file), timed from `add` to the
//     last file handed to the platform; its platform calls by kind and their summed times are printed (the profile);
//   - curl: `xargs -P N` of a shell per file (one login per file: a create, one curl with the file's parts — cut
//     beforehand by `split`, untimed — over one connection, a completed), timed from the spawn of xargs to its end.
// Every file is then checked whole at the sandbox (operator call), as for the big one.
//
//   node scripts/build.mjs && node bench/upload/http-parts.mjs [--rounds 5] [--mb 1024] [--parts-in-flight 3]
//                              [--small-count 500] [--small-mb 2] [--concurrency 4] [--link] [--rate-mbit 50] [--rtt-ms 40]
//
// With --link (issue 21; needs root) the sandbox runs inside a shaped link's namespace (test/support/shaped-link.mjs:
// --rate-mbit up, --rtt-ms round trip) and both clients reach it through the delay proxy; the table adds the link
// utilisation (bytes ÷ (rate × time)).
//
// Needs curl, xargs, split and GNU time (/usr/bin/time). Exits 0 whatever the verdict, 1 when the bench broke.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createShapedLink } from '../../test/support/shaped-link.mjs';
import { smallFiles } from './harness.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    mb: { type: 'string', default: '1024' },
    'parts-in-flight': { type: 'string', default: '3' },
    'small-count': { type: 'string', default: '0' },
    'small-mb': { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '4' },
    link: { type: 'boolean', default: false },
    'rate-mbit': { type: 'string', default: '50' },
    'rtt-ms': { type: 'string', default: '40' },
  },
});
const rateMbit = Number(values['rate-mbit']);
const rounds = Number(values.rounds);
const mib = Number(values.mb);
const inFlight = Number(values['parts-in-flight']);
const smallCount = Number(values['small-count']);
const smallMib = Number(values['small-mb']);
const concurrency = Number(values.concurrency);
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

if (mib > 0) await makeInput(input, mib * PART);
await makeInput(warmup, 8 * PART);
if (mib > 0 && (!existsSync(partsFolder) || readdirSync(partsFolder).length !== mib)) {
  rmSync(partsFolder, { recursive: true, force: true });
  await mkdir(partsFolder);
  execFileSync('split', ['-b', String(PART), '-d', '-a', '5', input, join(partsFolder, 'p')]);
}
const small = smallCount > 0 ? await smallFiles(cache, smallCount, smallMib) : null;
// Each small file cut into its parts (<name>.p00000, …) for curl, once.
const smallParts = small ? `${small.dir}-parts` : null;
if (small && (!existsSync(smallParts) || readdirSync(smallParts).length !== smallCount * smallMib)) {
  rmSync(smallParts, { recursive: true, force: true });
  await mkdir(smallParts);
  for (const file of small.files) execFileSync('split', ['-b', String(PART), '-d', '-a', '5', file, join(smallParts, `${basename(file)}.p`)]);
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
const results = { big: { app: [], curl: [] }, small: { app: [], curl: [] } };
const work = await mkdtemp(join(tmpdir(), 'bench-parts-'));

try {
  for (let round = 0; round < rounds; round += 1) {
    for (const client of round % 2 === 0 ? ['app', 'curl'] : ['curl', 'app']) {
      if (mib > 0) {
        const result = client === 'app' ? await runApp(round, ['--file', input]) : await runCurl(round);
        await checkArrived(result.videoIds, mib, mib * PART);
        results.big[client].push(result);
        console.log(`- 1 × ${mib} MiB, ${client} #${round + 1}: ${(result.ms / 1000).toFixed(2)} s, ${rate(result).toFixed(0)} MiB/s, client CPU ${result.cpu.toFixed(2)} s, client peak RSS ${(result.peakRssKb / 1024).toFixed(1)} MiB`);
      }
      if (small) {
        const result = client === 'app' ? await runApp(round, ['--dir', small.dir, '--concurrency', String(concurrency)]) : await runCurlSmall(round);
        if (result.videoIds.length !== smallCount) throw new Error(`${client}: ${result.videoIds.length} of ${smallCount} files handed over`);
        await checkArrived(result.videoIds, smallMib, smallMib * PART);
        results.small[client].push(result);
        const profile = result.calls ? `; platform calls: ${Object.entries(result.calls).map(([kind, { count, ms }]) => `${count} ${kind} (${(ms / count).toFixed(1)} ms each)`).join(', ')}` : '';
        console.log(`- ${smallCount} × ${smallMib} MiB, ${client} #${round + 1}: ${(result.ms / 1000).toFixed(2)} s, ${rate(result).toFixed(1)} MiB/s, client CPU ${result.cpu.toFixed(2)} s${profile}`);
      }
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

/** app-parts.mjs with `what` (--file … or --dir … --concurrency N), the input read once before (page cache). */
async function runApp(round, what) {
  execFileSync('sh', ['-c', `cat "${what[1]}"${what[0] === '--dir' ? '/*' : ''} > /dev/null`]);
  const journalDir = await mkdtemp(join(work, `journal-${round}-`));
  const child = spawn(process.execPath, [join(here, 'app-parts.mjs'), '--platform', JSON.stringify({ ...platform, token }), ...what, '--parts-in-flight', String(inFlight), '--journal-dir', journalDir, '--warmup-file', warmup], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ready = await nextLine(lines, 60_000);
  if (!JSON.parse(ready).ready) throw new Error(`app-parts did not say ready: ${ready}`);
  child.stdin.write('go\n');
  const done = JSON.parse(await nextLine(lines, 600_000));
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  return { ms: done.ms, bytes: done.bytes, cpu: done.userSeconds + done.systemSeconds, peakRssKb: done.peakRssKb, videoIds: done.videoIds, calls: done.calls };
}

async function runCurl(round) {
  execFileSync('sh', ['-c', `cat "${partsFolder}"/p* > /dev/null`]);
  const count = mib;
  const size = mib * PART;
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
  return timedShell(`big-${round}`, script, { LIST: join(work, `list-${round}`) }, inFlight, size);
}

/** The small files by curl: xargs -P N of a shell per file (create; its parts in one curl, one connection; completed). */
async function runCurlSmall(round) {
  execFileSync('sh', ['-c', `cat "${smallParts}"/* > /dev/null`]);
  const base = `${platform.apiUrl}/v2/channels/${platform.channelId}/uploads`;
  const perFile = [
    'set -e',
    `ids=$(curl -sS --fail -H "$AUTH" -d title=curl-${round}-$1 ${base}.json)`,
    `vid=$(printf '%s' "$ids" | sed -E 's/.*"videoId":([0-9]+).*/\\1/')`,
    `uid=$(printf '%s' "$ids" | sed -E 's/.*"uploadId":"([^"]+)".*/\\1/')`,
    'name=$1; set --; i=0',
    `for part in "${smallParts}/$name".p*; do`,
    '  if [ $i -gt 0 ]; then set -- "$@" --next; fi',
    `  set -- "$@" -sS --fail -o /dev/null -H "$AUTH" -F uploadId=$uid -F totalPartCount=${smallMib} -F totalFileSize=${smallMib * PART} -F partIndex=$i -F "file=@$part" ${base}/$vid/part.json`,
    '  i=$((i+1))',
    'done',
    'curl "$@"',
    `curl -sS --fail -o /dev/null -H "$AUTH" -d uploadId=$uid ${base}/$vid/completed.json`,
    'echo "$vid" >> "$VIDEO"',
  ].join('\n');
  const names = join(work, `names-${round}`);
  await writeFile(names, small.files.map((file) => `${basename(file)}\n`).join(''));
  const script = `xargs -P ${concurrency} -n 1 sh -c "$PER_FILE" sh < "${names}"`;
  return timedShell(`small-${round}`, script, { PER_FILE: perFile }, concurrency, smallCount * smallMib * PART);
}

/** A curl script under GNU time: wall time, CPU, the video ids it wrote to $VIDEO (one a line). */
async function timedShell(tag, script, extraEnv, processes, bytes) {
  const timeFile = join(work, `time-${tag}`);
  const env = { ...process.env, ...extraEnv, AUTH: `Authorization: Bearer ${token}`, VIDEO: join(work, `video-${tag}`) };
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%U %S %M', '-o', timeFile, 'sh', '-c', script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the curl script exited with ${code}`))));
  });
  const ms = performance.now() - started;
  const [user, system, maxKb] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1).split(' ').map(Number);
  // GNU time reports the largest process it reaped (one curl): N of them run at once.
  return { ms, bytes, cpu: user + system, peakRssKb: maxKb * processes, videoIds: (await readFile(env.VIDEO, 'utf8')).trim().split('\n') };
}

/** Every part of every upload is at the sandbox (operator call), then its file is removed so /dev/shm does not fill. */
async function checkArrived(videoIds, parts, size) {
  for (const videoId of videoIds) {
    const response = await fetch(`${platform.apiUrl}/_sandbox/uploads/${videoId}`, { headers: { Authorization: `Bearer ${platform.adminKey}` } });
    const inspection = await response.json();
    if (inspection.partsHeld !== parts || inspection.fileSize !== size) throw new Error(`upload ${videoId} is incomplete at the sandbox: ${JSON.stringify(inspection)}`);
    rmSync(inspection.file, { force: true });
  }
}

function rate(result) {
  return result.bytes / PART / (result.ms / 1000);
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printTable() {
  const row = (scenario, name, list, reference) => {
    const rates = list.map(rate);
    const ratio = reference === null ? '' : (median(rates) / median(reference.map(rate))).toFixed(2);
    const wall = list.map((result) => result.ms / 1000);
    const utilisation = link ? ` ${(((median(rates) * PART * 8) / (rateMbit * 1e6)) * 100).toFixed(0)} % |` : '';
    return `| ${scenario}${where} | ${name} | ${median(rates).toFixed(1)} [${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}] | ${ratio} | ${median(wall).toFixed(2)} | ${median(list.map((result) => result.cpu)).toFixed(2)} | ${median(list.map((result) => result.peakRssKb / 1024)).toFixed(1)} |${utilisation}`;
  };
  const where = link ? `, link ${rateMbit} Mbit/s ${values['rtt-ms']} ms RTT` : ', loopback';
  console.log(`\n${cpus().length} cores, Node ${process.version}, ${execFileSync('curl', ['--version']).toString().split(' ').slice(0, 2).join(' ')}, ${rounds} rounds\n`);
  console.log(`| scenario | client | MiB/s median [range] | ÷ curl | wall s | client CPU s | client peak RSS MiB |${link ? ' link utilisation |' : ''}`);
  console.log(`|:--|:--|--:|--:|--:|--:|--:|${link ? '--:|' : ''}`);
  const scenarios = [
    ['big', `1 file of ${mib} MiB, ${inFlight} parts in flight`, 'app: UploadQueue + HTTP part transport', 'curl: xargs -P N curl -F (reference)'],
    ['small', `${smallCount} files of ${smallMib} MiB, ${concurrency} at once`, 'app: UploadQueue (create, parts, completed)', 'curl: xargs -P N, create + curl -F parts + completed per file (reference)'],
  ].filter(([key]) => results[key].app.length > 0);
  for (const [key, scenario, appName, curlName] of scenarios) {
    console.log(row(scenario, appName, results[key].app, results[key].curl));
    console.log(row(scenario, curlName, results[key].curl, null));
  }
  for (const [key, scenario] of scenarios) {
    const ratio = median(results[key].app.map(rate)) / median(results[key].curl.map(rate));
    console.log(`\nVerdict, ${scenario}: the app at ${ratio.toFixed(2)}× curl's throughput (goal ≥ 0.9×): ${ratio >= 0.9 ? 'met' : 'NOT met'}.`);
  }
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
