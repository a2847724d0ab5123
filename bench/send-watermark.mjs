// bench/send-watermark: is the send buffer's socket watermark (main/relay/outbound-buffer.ts) enough to keep a
// fast link full? The built publisher sends a synthetic stream (30 frames/s, a keyframe a second, every frame a
// reference frame so none is disposable) at `--offered` Mbit/s, in real time, to nginx-rtmp in a network
// namespace behind a veth link shaped to `--link` Mbit/s (tc tbf), once per watermark. A watermark that is too
// small leaves the link idle between refills: the stream backs up and GOPs are dropped although the link
// could carry it. Prints, per watermark, the rate that left the socket, frames and GOPs dropped, and the
// largest backlog seen.
//
//   node bench/send-watermark.mjs [--link 200] [--offered 150] [--seconds 8] [--rtt 0]   (root; node scripts/build.mjs first)
//
// The link is test/support/shaped-link.mjs's (a namespace, a veth pair, tc tbf with this bench's 512 KiB bucket);
// --rtt adds a round trip in milliseconds through that harness's userspace delay proxy (the kernel has no netem).
//
// Numbers (2026-11-26; 2 cores shared with other work, Node 20.20.2, nginx 1.22.1), Mbit/s that left the socket:
//   --link 200 --offered 150 --seconds 8: 149.9-150.0 for every watermark from 16 KiB to 1 MiB, nothing dropped
//   --link 200 --offered 190 --seconds 5: 189.9-190.0 for every watermark, nothing dropped; again with the
//     768 KiB in-flight limit on acknowledgements (outbound-buffer.ts): 187.9-190.0, nothing dropped
//   --link 1000 --offered 800 --seconds 5 (3.3 MB frames, above the queue's 2.5 MB bound, so a second waiting
//     frame already drops a GOP): 16 KiB 773 (1 GOP dropped), 64 KiB 757 (1), 128 KiB 783 (1), 256 KiB 789 (1),
//     512 KiB 800 (0), 1 MiB 799 (0)
// On a link without delay the kernel's own send buffer (autotuned up to tcp_wmem's 4 MiB) keeps the link busy
// between refills, so the watermark hardly matters up to 200 Mbit/s; 256 KiB (the default) is a quarter second
// at 8 Mbit/s in the socket, so the queue, which is what gets dropped from, fills soon on a slow link.
// With a round trip (2026-11-29, through the delay proxy, a CI run beside):
//   --link 200 --offered 150 --seconds 3: 149.8-149.9 for every watermark, nothing dropped (peak 610 KiB)
//   --link 50 --offered 20 --seconds 4 --rtt 40: 20.0 for every watermark, nothing dropped
//   --link 200 --offered 120 --seconds 4 --rtt 40: 119.9-120.0 for every watermark, nothing dropped (peak 488-977 KiB);
//     the 768 KiB in-flight limit allows about 157 Mbit/s at 40 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, chmodSync, writeFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { rtmpPublisher, DEFAULT_PUBLISHER_OPTIONS } from '../build/main/relay/rtmp-publisher.js';
import { createShapedLink } from '../test/support/shaped-link.mjs';

const { values } = parseArgs({ options: { link: { type: 'string', default: '200' }, offered: { type: 'string', default: '150' }, seconds: { type: 'string', default: '8' }, rtt: { type: 'string', default: '0' } } });
const [linkMbps, offeredMbps, seconds, rttMs] = [Number(values.link), Number(values.offered), Number(values.seconds), Number(values.rtt)];
const WATERMARKS = [16 * 1024, 64 * 1024, 128 * 1024, 256 * 1024, 512 * 1024, 1024 * 1024];
const dir = mkdtempSync(join(tmpdir(), 'send-watermark-'));
let nginx = null;

/** One video frame of `bytes`: an AVC slice whose nal_ref_idc is 2 (referred to), keyframe or not. */
function frame(bytes, key) {
  const payload = Buffer.alloc(bytes, 0x55);
  payload.set([key ? 0x17 : 0x27, 0x01, 0, 0, 0]);
  payload.writeUInt32BE(bytes - 9, 5);
  payload[9] = key ? 0x45 : 0x41;
  return payload;
}

async function run(watermark, ingestHost) {
  const open = rtmpPublisher({ ...DEFAULT_PUBLISHER_OPTIONS, sendBuffer: { watermark } });
  const session = await open(`rtmp://${ingestHost}:1935/live/bench`);
  const frameBytes = Math.round((offeredMbps * 1e6) / 8 / 30);
  const key = frame(frameBytes, true);
  const inter = frame(frameBytes, false);
  session.send('video', 0, Buffer.from([0x17, 0x00, 0, 0, 0, 1, 0x64, 0, 0x1f, 0xff]));
  const started = Date.now();
  let frames = 0;
  let peak = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) * 30) / 1000);
    for (; frames <= due; frames += 1) session.send('video', Math.round((frames * 1000) / 30), frames % 30 === 0 ? key : inter);
    peak = Math.max(peak, session.sendBuffer().bytes);
    await delay(5);
  }
  const elapsed = (Date.now() - started) / 1000;
  const stats = session.sendBuffer();
  const left = session.bytesSent - stats.bytes;
  await session.close();
  return { watermark, mbps: (left * 8) / elapsed / 1e6, droppedFrames: stats.droppedFrames, droppedGops: stats.droppedGops, peakKiB: Math.round(peak / 1024) };
}

// tbf as this bench always measured it (a 512 KiB bucket, 50 ms of queue), whatever the shared default.
const link = await createShapedLink({ rate: `${linkMbps}mbit`, burst: '512kb', latency: '50ms', delayMs: rttMs / 2 });
if (link.unavailable) {
  console.error(`bench/send-watermark needs root: ${link.unavailable}`);
  process.exit(2);
}
try {
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'logs'));
  writeFileSync(join(dir, 'nginx.conf'), `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\nload_module /usr/lib/nginx/modules/ngx_rtmp_module.so;\nevents { worker_connections 64; }\nrtmp { server { listen ${link.peerAddress}:1935; chunk_size 4096; max_message 8M; application live { live on; } } }\n`);
  nginx = spawn(...link.inside('nginx', ['-c', `${dir}/nginx.conf`, '-p', `${dir}/`, '-e', `${dir}/logs/error.log`]), { stdio: 'ignore', detached: true });
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await new Promise((resolve) => createConnection(1935, link.peerAddress).once('connect', function () { this.destroy(); resolve(true); }).once('error', () => resolve(false)));
    if (up) break;
    await delay(50);
  }
  // With a round trip, the publisher goes through the shared harness's delay proxy; without, straight into the namespace.
  let ingestHost = link.peerAddress;
  if (rttMs > 0) {
    await link.forward(1935);
    ingestHost = link.hostAddress;
  }
  console.log(`link ${linkMbps} Mbit/s, ${rttMs} ms round trip, offered ${offeredMbps} Mbit/s, ${seconds} s per watermark`);
  console.log('watermark  left the socket  frames dropped  GOPs dropped  peak buffer');
  for (const watermark of WATERMARKS) {
    const result = await run(watermark, ingestHost);
    console.log(`${String(result.watermark / 1024).padStart(5)} KiB  ${result.mbps.toFixed(1).padStart(9)} Mbit/s  ${String(result.droppedFrames).padStart(14)}  ${String(result.droppedGops).padStart(12)}  ${String(result.peakKiB).padStart(7)} KiB`);
  }
} finally {
  if (nginx && nginx.exitCode === null) process.kill(-nginx.pid, 'SIGKILL');
  await link.close();
  rmSync(dir, { recursive: true, force: true });
}
