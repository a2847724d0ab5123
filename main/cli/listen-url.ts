// `--listen rtmp://HOST:PORT/APP[/KEY]`: where the local ingest listens, and optionally its key.
import { UsageError } from './command-context.js';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
  readonly app: string;
  readonly key: string | null;
}

export function parseListenUrl(value: string | undefined, fallbackPort: number): ListenAddress {
  if (value === undefined) return { host: '127.0.0.1', port: fallbackPort, app: 'live', key: null };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--listen must be an rtmp:// address such as rtmp://127.0.0.1:1935/live (got ${value})`);
  }
  if (url.protocol !== 'rtmp:') throw new UsageError('--listen takes an rtmp:// address (the local ingest speaks plain RTMP)');
  const [app, key, ...rest] = url.pathname.split('/').filter((part) => part !== '');
  if (!app || rest.length > 0) throw new UsageError('--listen is rtmp://HOST:PORT/APP, optionally /KEY after it');
  return { host: url.hostname, port: url.port === '' ? 1935 : Number(url.port), app, key: key ?? null };
}
