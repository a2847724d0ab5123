// The sandbox's RTMPS ingest: a node:tls server on its own port that ends TLS and pipes each connection to
// the RTMP ingest, as the platform's TLS ingest fronts its RTMP servers. Its certificate is made at start
// (tls-certificates.ts) by an authority of its own; only that authority's certificate goes out, to the
// sandbox profile, which trusts it for this platform alone. The RTMP ingest decides everything about the
// publish (keys, live status, recording); this front only carries bytes.
import { once } from 'node:events';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { issueTlsCertificates } from './tls-certificates.js';

export interface RtmpsIngest {
  /** rtmps://<address>:<port>/live */
  readonly url: string;
  readonly port: number;
  /** The authority that signed the ingest's certificate (PEM, public): what the sandbox profile trusts. */
  readonly caCertificate: string;
  /**
   * Stops listening and drops every connection, as if the platform's TLS ingest went down (an operator
   * call, for failover); until the sandbox restarts. False when it was already stopped.
   */
  stop(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RtmpsIngestOptions {
  /** Where to listen, as the RTMP ingest does. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The RTMP ingest's port on the same host. */
  readonly rtmpPort: number;
}

/** A client that has not finished its TLS handshake by then is dropped. */
const HANDSHAKE_TIMEOUT_MS = 10_000;
const MAX_CONNECTIONS = 64;

export async function startRtmpsIngest(options: RtmpsIngestOptions): Promise<RtmpsIngest> {
  const wildcard = options.host === '0.0.0.0' || options.host === '::';
  const address = wildcard ? '127.0.0.1' : options.host;
  const names = ['localhost', '127.0.0.1', '::1', ...(wildcard ? [] : [options.host])];
  const certificates = issueTlsCertificates({ names });
  const sockets = new Set<Socket>();
  const server: Server = createServer({ key: certificates.key, cert: certificates.certificate, handshakeTimeout: HANDSHAKE_TIMEOUT_MS }, (client: TLSSocket) => {
    const upstream = connect(options.rtmpPort, address);
    sockets.add(client).add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  server.maxConnections = MAX_CONNECTIONS;
  // A client that gives up on the handshake (it does not trust the certificate) is no concern of the ingest.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  const stop = async (): Promise<boolean> => {
    if (!listening) return false;
    listening = false;
    const closed = once(server, 'close');
    server.close();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
    return true;
  };
  return {
    url: `rtmps://${isIP(address) === 6 ? `[${address}]` : address}:${port}/live`,
    port,
    caCertificate: certificates.caCertificate,
    stop,
    close: async () => void (await stop()),
  };
}
