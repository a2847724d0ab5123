// Which authorities an rtmps:// connection trusts: Node's own store alone (its roots and NODE_EXTRA_CA_CERTS)
// unless a profile adds some, and then that store plus them, never instead of it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { trustedAuthorities } from '../../../main/relay/trust-store.js';
import { issueTlsCertificates } from '../../../sandbox/live/tls-certificates.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('trustedAuthorities', () => {
  it("is Node's default store as it is when nothing is added", () => {
    expect(trustedAuthorities([])).toBeNull();
  });

  it("adds a profile's authorities to the system's roots and to NODE_EXTRA_CA_CERTS", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trust-'));
    dirs.push(dir);
    const fromEnvironment = issueTlsCertificates({ names: ['localhost'] }).caCertificate;
    await writeFile(join(dir, 'extra.pem'), fromEnvironment);
    const sandboxAuthority = issueTlsCertificates({ names: ['localhost'] }).caCertificate;
    const trusted = trustedAuthorities([sandboxAuthority], { NODE_EXTRA_CA_CERTS: join(dir, 'extra.pem') })!;
    const normalized = trusted.map((pem) => pem.trim());
    expect(normalized).toContain(sandboxAuthority.trim());
    expect(normalized).toContain(rootCertificates[0]!.trim());
    expect(trusted.length).toBeGreaterThan(rootCertificates.length);
    // Node 22.15+ reads the variable once at start; before that the file is read here.
    if (!('getCACertificates' in (await import('node:tls')))) expect(normalized).toContain(fromEnvironment.trim());
  });
});
