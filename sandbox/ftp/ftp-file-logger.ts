// The bunyan-shaped logger ftp-srv insists on, writing to a file in the sandbox's data folder: the
// sandbox keeps its terminal for its own output, yet a failed FTP session can still be read up later.
// Trace and debug are dropped: they carry raw command lines, and a raw PASS line is a secret.
import { createWriteStream } from 'node:fs';

export interface BunyanShapedLogger {
  child(bindings: Record<string, unknown>): BunyanShapedLogger;
  trace(...parts: unknown[]): void;
  debug(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  error(...parts: unknown[]): void;
  fatal(...parts: unknown[]): void;
}

export interface FileLogger {
  readonly logger: BunyanShapedLogger;
  close(): Promise<void>;
}

export function createFileLogger(file: string, onError: (error: unknown) => void): FileLogger {
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  stream.on('error', onError);
  let closed = false;

  const write = (level: string, bindings: Record<string, unknown>, parts: unknown[]): void => {
    // ftp-srv logs from socket callbacks that can outlive the server's close.
    if (closed) return;
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, ...bindings, msg: parts.map(describe).join(' ') })}\n`);
  };

  const make = (bindings: Record<string, unknown>): BunyanShapedLogger => ({
    child: (more) => make({ ...bindings, ...more }),
    trace: () => undefined,
    debug: () => undefined,
    info: (...parts) => write('info', bindings, parts),
    warn: (...parts) => write('warn', bindings, parts),
    error: (...parts) => write('error', bindings, parts),
    fatal: (...parts) => write('fatal', bindings, parts),
  });

  return {
    logger: make({}),
    close() {
      closed = true;
      return new Promise((resolve) => stream.end(() => resolve()));
    },
  };
}

function describe(part: unknown): string {
  if (part instanceof Error) return `${part.name}: ${part.message}`;
  if (typeof part === 'string') return part;
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}
