// A link like a streamer's uplink, for tests and benches (issue 21), without touching the machine's own
// network. Plain JavaScript so that the .mjs benches (plain node) and the TypeScript tests use this one
// implementation (types in shaped-link.d.mts). Needs root; `createShapedLink` says why not when the
// namespace cannot be made.
//
//   this side (clients: the app, curl)                          the namespace (servers)
//   hostAddress:P ── delay proxy (delay-proxy.mjs) ── veth ─────▶ peerAddress:P
//                    delayMs each way                 tc tbf at `rate` (this side → namespace only)
//
// - The namespace is joined to this one by a veth pair on a private /30. Servers run inside it
//   (`link.inside(command, args)` gives the argv: `ip netns exec NS command args…`) and listen on
//   peerAddress; a server's port is reachable from here at the same port on hostAddress once
//   `link.forward(port)` (or `link.reach(url)`, which rewrites the URL too) has put the delay proxy there.
// - Shaping: `tc tbf` on this side's veth end, so what goes up (client → server: an upload) is limited to
//   `rate`; answers come back unshaped, as on an asymmetric home line. The kernel's netem is missing on
//   these machines, hence the userspace proxy for the delay (both directions, plus the connect handshake).
// - FTP: the data connections of passive mode go to other ports, so the server advertises hostAddress
//   (pure-ftpd `-P hostAddress`, the sandbox's `ftpAdvertised`) and uses a fixed passive range that is
//   forwarded with `link.forwardRange(low, high)`. The address the server sees (the proxy's) is the same
//   for the control and the data connections, as FTP servers require.
// - Without `delayMs`, nothing is proxied unless asked: a client can also reach peerAddress directly
//   (shaped, not delayed), as test/integration/relay/congestion.test.ts does.
//
// Names are per process (pid-based) and per link (a counter), so parallel runs do not collide; `close`
// removes the namespace, the veth pair and the proxy's listeners, and never throws.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startDelayProxy } from './delay-proxy.mjs';

const run = promisify(execFile);
let created = 0;

async function ip(...args) {
  await run('ip', args);
}

/**
 * tbf's bucket: 10 ms of the rate, and never under 4 KiB. A bucket much smaller than what the kernel sends
 * between two timer ticks keeps the link under its rate by an amount that depends on how busy the machine
 * is: with 4 KiB at 50 Mbit/s curl measured 35–39 Mbit/s (with or without the delay proxy), with 10 ms of
 * the rate (62.5 KiB) 47.6–47.7 Mbit/s, run after run.
 */
function burstFor(rate) {
  const match = /^(\d+(?:\.\d+)?)([kmg]?)bit$/.exec(rate);
  if (!match) throw new Error(`a rate like "50mbit" was expected, not "${rate}"`);
  const bitsPerSecond = Number(match[1]) * { '': 1, k: 1e3, m: 1e6, g: 1e9 }[match[2]];
  return `${Math.max(4096, Math.round(bitsPerSecond / 8 / 100))}b`;
}

/** A shaped link, or the reason it cannot be made here (no permission for `ip netns add`). */
export async function createShapedLink(options = {}) {
  const { delayMs = 0, onData } = options;
  // Unique per process and per link; interface names stay within 15 characters.
  const id = process.pid % 60_000;
  const serial = created % 64;
  created += 1;
  const netns = `cong${id}n${serial}`;
  const hostEnd = `cgh${id}n${serial}`;
  const peerEnd = `cgp${id}n${serial}`;
  const subnet = `10.${200 + (id % 50)}.${Math.floor(id / 50) % 256}`;
  const hostAddress = `${subnet}.${serial * 4 + 1}`;
  const peerAddress = `${subnet}.${serial * 4 + 2}`;
  try {
    await ip('netns', 'add', netns);
  } catch (error) {
    return { unavailable: `ip netns add is not permitted here (${error.stderr?.trim() || error.message})` };
  }
  let shaped = false;
  let proxy = null;
  const link = {
    netns,
    hostAddress,
    peerAddress,
    delayMs,
    async shape(rate, { latency = '400ms', burst = burstFor(rate) } = {}) {
      await run('tc', ['qdisc', 'replace', 'dev', hostEnd, 'root', 'tbf', 'rate', rate, 'burst', burst, 'latency', latency]);
      shaped = true;
    },
    async unshape() {
      if (!shaped) return;
      await run('tc', ['qdisc', 'del', 'dev', hostEnd, 'root']);
      shaped = false;
    },
    inside(command, args = []) {
      return ['ip', ['netns', 'exec', netns, command, ...args]];
    },
    async forward(port) {
      proxy ??= await startDelayProxy({ listenHost: hostAddress, targetHost: peerAddress, delayMs, onData });
      await proxy.forward(port);
    },
    async forwardRange(low, high) {
      proxy ??= await startDelayProxy({ listenHost: hostAddress, targetHost: peerAddress, delayMs, onData });
      await proxy.forwardRange(low, high);
    },
    async reach(url) {
      const parsed = new URL(url);
      const port = Number(parsed.port) || { 'http:': 80, 'ftp:': 21 }[parsed.protocol];
      await link.forward(port);
      parsed.hostname = hostAddress;
      // URL keeps a trailing slash on an empty path; give back what came in, with the host changed.
      return url.endsWith('/') || parsed.pathname !== '/' ? parsed.href : parsed.href.replace(/\/$/, '');
    },
    async close() {
      await proxy?.close().catch(() => undefined);
      proxy = null;
      await ip('link', 'del', hostEnd).catch(() => undefined);
      await ip('netns', 'del', netns).catch(() => undefined);
    },
  };
  try {
    await ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', peerEnd);
    await ip('link', 'set', peerEnd, 'netns', netns);
    await ip('addr', 'add', `${hostAddress}/30`, 'dev', hostEnd);
    await ip('link', 'set', hostEnd, 'up');
    await ip('netns', 'exec', netns, 'ip', 'addr', 'add', `${peerAddress}/30`, 'dev', peerEnd);
    await ip('netns', 'exec', netns, 'ip', 'link', 'set', peerEnd, 'up');
    await ip('netns', 'exec', netns, 'ip', 'link', 'set', 'lo', 'up');
    if (options.rate) await link.shape(options.rate, options);
  } catch (error) {
    await link.close();
    throw error;
  }
  return link;
}
