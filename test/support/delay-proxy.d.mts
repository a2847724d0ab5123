// Types of delay-proxy.mjs (plain JavaScript so that the .mjs benches can import it too).

export interface ProxiedConnection {
  /** 1, 2, … in the order the proxy accepted them. */
  readonly id: number;
  /** The port the client connected to (and the server's). */
  readonly port: number;
}

/** 'up': from the client; 'down': from the server; 'opened' and 'closed' carry no chunk. */
export type ProxyDirection = 'up' | 'down' | 'opened' | 'closed';

export type ProxyTap = (connection: ProxiedConnection, direction: ProxyDirection, chunk: Buffer | null) => void;

export interface DelayProxyOptions {
  readonly listenHost: string;
  readonly targetHost: string;
  /** Added to each direction of every connection (one way), in milliseconds. */
  readonly delayMs: number;
  /** Bytes a direction may hold before it pauses its source (default 4 MiB). */
  readonly highWaterBytes?: number;
  /** Sees every chunk as it enters a delay line (for profiling), and each connection's opening and closing. */
  readonly onData?: ProxyTap;
}

export interface DelayProxy {
  forward(port: number): Promise<void>;
  forwardRange(low: number, high: number): Promise<void>;
  close(): Promise<void>;
}

export function startDelayProxy(options: DelayProxyOptions): Promise<DelayProxy>;
