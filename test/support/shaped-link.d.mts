// Types of shaped-link.mjs (plain JavaScript so that the .mjs benches can import it too).
import type { ProxyTap } from './delay-proxy.mjs';

export interface ShapeOptions {
  /** tbf's queue, as time at the rate (default 400ms). */
  readonly latency?: string;
  /** tbf's bucket (default 10 ms of the rate, never under 4 KiB). */
  readonly burst?: string;
}

export interface ShapedLinkOptions extends ShapeOptions {
  /** One-way delay added by the proxy to each direction, in milliseconds (round trip: twice this). Default 0. */
  readonly delayMs?: number;
  /** Shape at once at this rate (tc syntax: '50mbit'). */
  readonly rate?: string;
  /** Sees the proxied traffic (profiling). */
  readonly onData?: ProxyTap;
}

export interface ShapedLink {
  readonly netns: string;
  /** This side's address on the link: where clients reach forwarded ports, and where the servers see them come from. */
  readonly hostAddress: string;
  /** The namespace's address: where its servers listen. */
  readonly peerAddress: string;
  readonly delayMs: number;
  /** Shapes what goes into the namespace (`tc qdisc replace dev VETH root tbf rate RATE burst BURST latency 400ms`; BURST is 10 ms of the rate, never under 4 KiB, unless given). */
  shape(rate: string, options?: ShapeOptions): Promise<void>;
  /** Lifts the shaping. */
  unshape(): Promise<void>;
  /** The argv that runs `command` inside the namespace: spawn(...link.inside('pure-ftpd', args)). */
  inside(command: string, args?: readonly string[]): [string, string[]];
  /** hostAddress:port → (delay) → peerAddress:port. */
  forward(port: number): Promise<void>;
  /** The same for every port from low to high, both included. */
  forwardRange(low: number, high: number): Promise<void>;
  /** Forwards the URL's port; the URL with peerAddress replaced by hostAddress. */
  reach(url: string): Promise<string>;
  /** Removes the namespace, the veth pair (deleting either end deletes both) and the proxy; never throws. */
  close(): Promise<void>;
}

/** A shaped link, or the reason it cannot be made here (no permission for `ip netns add`). */
export function createShapedLink(options?: ShapedLinkOptions): Promise<ShapedLink | { readonly unavailable: string }>;
