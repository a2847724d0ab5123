// The sandbox's own certificate authority and the RTMPS ingest's certificate, made with node:crypto: openssl
// reads them, they chain, they name the ingest's addresses, and a real TLS handshake trusts the server
// with the authority added and refuses it without.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { issueTlsCertificates } from '../../../sandbox/live/tls-certificates.js';

describe('issueTlsCertificates', () => {
  const made = issueTlsCertificates({ names: ['localhost', '127.0.0.1', '::1'] });
  const authority = new X509Certificate(made.caCertificate);
  const server = new X509Certificate(made.certificate);

  it('makes an authority and a server certificate it signed, for the names asked', () => {
    expect(authority.ca).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.checkIssued(authority)).toBe(true);
    expect(server.verify(authority.publicKey)).toBe(true);
    expect(server.checkHost('localhost')).toBe('localhost');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkIP('::1')).toBe('::1');
    expect(server.checkHost('example.com')).toBeUndefined();
    expect(server.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(new Date(server.validFrom).getTime()).toBeLessThan(Date.now());
    expect(new Date(server.validTo).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it('reads in openssl, which verifies the chain for a TLS server', async () => {
    const { writeFile, mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-ca-'));
    try {
      await writeFile(join(dir, 'ca.pem'), made.caCertificate);
      await writeFile(join(dir, 'server.pem'), made.certificate);
      const { stdout } = await promisify(execFile)('openssl', ['verify', '-purpose', 'sslserver', '-CAfile', join(dir, 'ca.pem'), join(dir, 'server.pem')], { timeout: 10_000 });
      expect(stdout).toContain('OK');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is trusted in a TLS handshake with the authority added, and refused without it', async () => {
    const listener = createServer({ key: made.key, cert: made.certificate }, (socket) => socket.end());
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const port = (listener.address() as AddressInfo).port;
    const handshake = (ca?: string[], host = '127.0.0.1', servername?: string) =>
      new Promise<string>((resolve) => {
        const socket: TLSSocket = connect({ host, port, ...(ca ? { ca } : {}), ...(servername ? { servername } : {}) });
        socket.once('secureConnect', () => {
          socket.destroy();
          resolve('trusted');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    try {
      expect(await handshake([made.caCertificate])).toBe('trusted');
      expect(await handshake([made.caCertificate], '127.0.0.1', 'localhost')).toBe('trusted');
      expect(await handshake()).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
      const other = issueTlsCertificates({ names: ['localhost'] });
      expect(await handshake([other.caCertificate])).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
    } finally {
      listener.close();
    }
  });
});
