// Issue 21: the shaped link of test/support/shaped-link.mjs is what it says (a 50 Mbit/s uplink 40 ms away),
// and the platform's FTP upload flow works through it. Servers run inside the link's namespace: a TCP echo
// and an HTTP sink (a node script), then the sandbox (bench/upload/sandbox.mjs, built code) with its own FTP
// server advertising the proxy's address and a forwarded passive range. Measured: the round trip of one
// byte (≈ 40 ms; well under 1 ms without the proxy's delay), curl's upload rate (≈ 50 Mbit/s; hundreds
// without the shaping), and the app's queue (the platform client, FtpUploadTransport, UploadQueue) handing
// one file to the platform through the link. Needs root for `ip netns`; skipped, saying so, elsewhere.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createPlatformApi } from '../../../main/platform/endpoints/index.js';
import { passwordGrant } from '../../../main/platform/oauth/token-grants.js';
import { createPlatformCaller } from '../../../main/platform/platform-caller.js';
import { FtpUploadTransport } from '../../../main/uploads/ftp-upload-transport.js';
import { UploadQueue } from '../../../main/uploads/upload-queue.js';
import type { UploadEvent } from '../../../main/uploads/upload-types.js';
import { randomVideo } from '../../support/fake-video.js';
import { createShapedLink } from '../../support/shaped-link.mjs';
import { until } from '../../support/until.js';

const run = promisify(execFile);
const ONE_WAY_MS = 20;
const RATE_MBIT = 50;
const UPLOAD_MIB = 16;
/** The sandbox's passive ports inside the namespace, forwarded by the proxy (below Linux's ephemeral ports). */
const PASSIVE = { min: 29_500, max: 29_519 };
const sandboxScript = fileURLToPath(new URL('../../../bench/upload/sandbox.mjs', import.meta.url));

const link = await createShapedLink({ delayMs: ONE_WAY_MS, rate: `${RATE_MBIT}mbit` });
if ('unavailable' in link) console.warn(`shaped-link test skipped: ${link.unavailable}`);
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  if (!('unavailable' in link)) await link.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Starts `argv` inside the namespace in its own process group; resolves with its first stdout line, parsed. */
async function startInside(command: string, args: string[]): Promise<Record<string, unknown>> {
  if ('unavailable' in link) throw new Error(link.unavailable);
  const [file, argv] = link.inside(command, args);
  const child = spawn(file, argv, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start in 30 s: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

// A TCP echo and an HTTP sink that answers with how many bytes it read.
const SERVERS = `
const net = require('node:net'), http = require('node:http');
const host = process.argv[1];
const echo = net.createServer((socket) => socket.pipe(socket)).listen(0, host, () => {
  const sink = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => response.end(String(bytes)));
  }).listen(0, host, () => console.log(JSON.stringify({ echo: echo.address().port, sink: sink.address().port })));
});`;

/** Round trips of one byte on one connection: the median, in ms, and the connect-to-first-echo time. */
async function echoRoundTrips(host: string, port: number, count: number): Promise<{ median: number; first: number }> {
  const socket = connect({ host, port, noDelay: true });
  const startedAt = performance.now();
  const times: number[] = [];
  let first = 0;
  try {
    for (let index = 0; index < count; index += 1) {
      const sent = performance.now();
      const echoed = new Promise<void>((resolve, reject) => {
        socket.once('data', () => resolve());
        socket.once('error', reject);
      });
      socket.write('x');
      await echoed;
      if (index === 0) first = performance.now() - startedAt;
      else times.push(performance.now() - sent);
    }
  } finally {
    socket.destroy();
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, first };
}

it.skipIf('unavailable' in link)(
  `the link has a ${2 * ONE_WAY_MS} ms round trip and ${RATE_MBIT} Mbit/s up, and an upload through the app's queue reaches the sandbox over it`,
  async () => {
    if ('unavailable' in link) return;
    const work = await mkdtemp(join(tmpdir(), 'shaped-link-'));
    dirs.push(work);

    // The delay: a byte's round trip, ≈ 2 × ONE_WAY_MS (loopback without the proxy: ~0.1 ms).
    const ports = (await startInside(process.execPath, ['-e', SERVERS, link.peerAddress])) as { echo: number; sink: number };
    await link.forward(ports.echo);
    const rtt = await echoRoundTrips(link.hostAddress, ports.echo, 11);
    console.log(`round trip through the link: ${rtt.median.toFixed(1)} ms (median of 10); connect to first echo ${rtt.first.toFixed(1)} ms`);
    expect(rtt.median).toBeGreaterThanOrEqual(2 * ONE_WAY_MS * 0.95);
    expect(rtt.median).toBeLessThan(2 * ONE_WAY_MS + 15);
    // A new connection pays its handshake too: connect, then a round trip.
    expect(rtt.first).toBeGreaterThanOrEqual(4 * ONE_WAY_MS * 0.95);

    // The rate: curl's upload, ≈ RATE_MBIT (unshaped, this VM's veth carries well over 1000 Mbit/s).
    const file = join(work, 'upload.bin');
    await writeFile(file, randomVideo(UPLOAD_MIB * 1024 * 1024));
    await link.forward(ports.sink);
    const curl = await run('curl', ['-sS', '--fail', '-T', file, '-w', '\\n%{time_total} %{size_upload}', `http://${link.hostAddress}:${ports.sink}/`]);
    const [answer, timing] = curl.stdout.trim().split('\n');
    const [seconds, bytes] = timing!.split(' ').map(Number);
    const mbit = (bytes! * 8) / seconds! / 1e6;
    console.log(`curl upload through the link: ${bytes} bytes in ${seconds!.toFixed(2)} s = ${mbit.toFixed(1)} Mbit/s (tbf rate ${RATE_MBIT} Mbit/s)`);
    expect(Number(answer)).toBe(UPLOAD_MIB * 1024 * 1024);
    expect(mbit).toBeGreaterThan(RATE_MBIT * 0.8);
    expect(mbit).toBeLessThan(RATE_MBIT * 1.1);

    // The sandbox inside the namespace, its FTP server advertising the proxy's address; the app's queue here.
    const platform = (await startInside(process.execPath, [
      sandboxScript,
      '--data-dir',
      work,
      '--host',
      link.peerAddress,
      '--ftp-advertised-host',
      link.hostAddress,
      '--ftp-passive-ports',
      `${PASSIVE.min}:${PASSIVE.max}`,
    ])) as { apiUrl: string; authUrl: string; clientId: string; clientSecret: string; username: string; password: string; channelId: string};
    await link.forwardRange(PASSIVE.min, PASSIVE.max);
    const apiUrl = await link.reach(platform.apiUrl);
    const authUrl = await link.reach(platform.authUrl);
    const token = await passwordGrant({ tokenUrl: authUrl, clientId: platform.clientId, clientSecret: platform.clientSecret, username: platform.username, password: platform.password, tokenType: 'mac', scopes: ['broadcaster'], deviceName: 'shaped-link test' });
    const caller = createPlatformCaller({ apiUrl, tokens: { token: async (kind) => (kind === 'user' ? token : null) } });
    const uploads = createPlatformApi(caller).uploads;
    const passwords = new Map<string, string>();
    const events: UploadEvent[] = [];
    const logger = { info: () => undefined, warn: () => undefined, registerSecret: () => undefined };
    const transport = new FtpUploadTransport({
      platform: async () => uploads,
      passwords: { save: async (id, password) => void passwords.set(id, password), read: async (id) => passwords.get(id) ?? null, forget: async (id) => void passwords.delete(id) },
      logger,
    });
    const queue = new UploadQueue({ journalFile: join(work, 'journal.jsonl'), transport, logger, onEvent: (event) => events.push(event), concurrency: 1 });
    queue.start();
    try {
      const video = join(work, 'clip.mkv');
      await writeFile(video, randomVideo(4 * 1024 * 1024));
      const startedAt = performance.now();
      const added = await queue.add([video], { channelId: platform.channelId });
      expect(added.queued).toHaveLength(1);
      const row = await until(() => queue.rows().find((one) => one.state === 'processing' || one.state === 'failed'), 'the file handed to the platform', 60_000, 20);
      const ms = performance.now() - startedAt;
      console.log(`one 4 MiB file through the queue (create, FTP, ready) over the link: ${ms.toFixed(0)} ms`);
      expect(row.state, JSON.stringify(events.filter((event) => event.event === 'failed'))).toBe('processing');
      // 4 MiB at 50 Mbit/s is 0.67 s, and the flow's round trips (create, connect, login, PASV, STOR, SIZE, ready) come on top.
      expect(ms).toBeGreaterThan((4 * 8 * 1.048576 * 1000) / RATE_MBIT + 10 * 2 * ONE_WAY_MS);
    } finally {
      await queue.close();
    }
  },
  120_000,
);
