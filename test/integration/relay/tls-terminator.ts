// A small RTMPS front for an RTMP server, as platforms run one (TLS on the outside, plain RTMP behind):
// a real node:tls server with a throwaway self-signed certificate for 127.0.0.1, piping each connection
// to the RTMP port.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { promisify } from 'node:util';

export interface TlsTerminator {
  readonly port: number;
  /** The certificate (PEM) a client must trust. */
  readonly certificate: string;
  close(): Promise<void>;
}

export async function startTlsTerminator(dir: string, upstreamPort: number): Promise<TlsTerminator> {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ]);
  const certificate = await readFile(certFile, 'utf8');
  const server: Server = createServer({ key: await readFile(keyFile), cert: certificate }, (client) => {
    const upstream = connect(upstreamPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    certificate,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
