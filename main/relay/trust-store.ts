// The authorities an rtmps:// connection trusts. Node's own store by default: its bundled roots plus the
// file named by NODE_EXTRA_CA_CERTS. A profile may add authorities of its own (the embedded sandbox's, for
// the sandbox profile): they come in as data, on top of that store, never instead of it, and nothing here
// ever turns verification off.
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

type CaCertificateReader = (store: 'default') => string[];

/** Null: Node's default store as it is (no extra authorities). */
export function trustedAuthorities(extra: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] | null {
  if (extra.length === 0) return null;
  return [...defaultAuthorities(env), ...extra];
}

/** Node's default store: tls.getCACertificates('default') where Node has it (22.15+), else the same by hand. */
function defaultAuthorities(env: NodeJS.ProcessEnv): string[] {
  const reader = (tls as { getCACertificates?: CaCertificateReader }).getCACertificates;
  if (typeof reader === 'function') return reader('default');
  return [...tls.rootCertificates, ...extraCaCertificates(env.NODE_EXTRA_CA_CERTS)];
}

const fromFile = new Map<string, readonly string[]>();

/** The certificates of the NODE_EXTRA_CA_CERTS file; none when it cannot be read (Node warns about that at start). */
function extraCaCertificates(file: string | undefined): readonly string[] {
  if (!file) return [];
  let certificates = fromFile.get(file);
  if (certificates === undefined) {
    try {
      certificates = readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    } catch {
      certificates = [];
    }
    fromFile.set(file, certificates);
  }
  return certificates;
}
