// A slow uplink for tests, without touching the machine's own network: a network namespace joined to this one
// by a veth pair on a private /30, whose host end is shaped with `tc tbf` (what this side sends to the
// namespace goes at `rate`). A server run in the namespace (`ip netns exec`) is reached at `peerAddress` only
// through that link. Needs root; `create` says why not when the namespace cannot be made.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ShapedLink {
  readonly netns: string;
  /** This side's address on the link: where the namespace's servers see connections come from. */
  readonly hostAddress: string;
  /** The namespace's address: where its servers listen. */
  readonly peerAddress: string;
  /** Shapes what goes into the namespace (`tc qdisc add dev VETH root tbf rate RATE burst 32kbit latency 400ms`). */
  shape(rate: string): Promise<void>;
  /** Lifts the shaping. */
  unshape(): Promise<void>;
  /** Removes the namespace and the veth pair (deleting either end deletes both); never throws. */
  close(): Promise<void>;
}

async function ip(...args: string[]): Promise<void> {
  await run('ip', args);
}

/** A shaped link, or the reason it cannot be made here (no permission for `ip netns add`). */
export async function createShapedLink(): Promise<ShapedLink | { readonly unavailable: string }> {
  // Unique per process, so parallel runs do not collide; interface names stay within 15 characters.
  const id = process.pid % 60_000;
  const netns = `cong${id}`;
  const hostEnd = `cgh${id}`;
  const peerEnd = `cgp${id}`;
  const subnet = `10.${200 + (id % 50)}.${Math.floor(id / 50) % 256}`;
  const hostAddress = `${subnet}.1`;
  const peerAddress = `${subnet}.2`;
  try {
    await ip('netns', 'add', netns);
  } catch (error) {
    return { unavailable: `ip netns add is not permitted here (${(error as { stderr?: string }).stderr?.trim() || (error as Error).message})` };
  }
  let shaped = false;
  const link: ShapedLink = {
    netns,
    hostAddress,
    peerAddress,
    async shape(rate) {
      await run('tc', ['qdisc', 'add', 'dev', hostEnd, 'root', 'tbf', 'rate', rate, 'burst', '32kbit', 'latency', '400ms']);
      shaped = true;
    },
    async unshape() {
      if (!shaped) return;
      await run('tc', ['qdisc', 'del', 'dev', hostEnd, 'root']);
      shaped = false;
    },
    async close() {
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
  } catch (error) {
    await link.close();
    throw error;
  }
  return link;
}
