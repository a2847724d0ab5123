// A target's publish URL, rtmp[s]://host[:port]/app[/instance]/streamName, split the way RTMP needs it:
// connect to host:port, `connect` to the app (tcUrl), `publish` the stream name (the platform's stream
// key). The stream name is the last path segment, with the query string if there is one: platforms put
// key parameters there.

export interface PublishTarget {
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  readonly app: string;
  readonly streamName: string;
  /** The URL the `connect` command names: everything but the stream name. */
  readonly tcUrl: string;
}

const DEFAULT_PORT = { rtmp: 1935, rtmps: 443 } as const;

export function parsePublishUrl(url: string): PublishTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('the target URL is not a URL');
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme !== 'rtmp' && scheme !== 'rtmps') throw new Error(`the target URL must start with rtmp:// or rtmps:// (not ${scheme}://)`);
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  if (segments.length < 2 || parsed.hostname === '') throw new Error('the target URL must be rtmp[s]://host[:port]/app/streamName');
  const streamName = `${decodeURIComponent(segments.at(-1)!)}${parsed.search}`;
  const app = segments.slice(0, -1).map(decodeURIComponent).join('/');
  const port = parsed.port === '' ? DEFAULT_PORT[scheme] : Number(parsed.port);
  // WHATWG URL keeps the brackets of an IPv6 host; sockets want the bare address.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return { secure: scheme === 'rtmps', host, port, app, streamName, tcUrl: `${scheme}://${parsed.host}/${app}` };
}

/** Where a target is, for logs and messages: the URL without its stream name, which is a secret. */
export function publicAddress(url: string): string {
  try {
    return parsePublishUrl(url).tcUrl;
  } catch {
    return 'an invalid URL';
  }
}
