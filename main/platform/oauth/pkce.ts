// Proof Key for Code Exchange (RFC 7636), as today's platform asks of native apps: a random verifier kept by
// the app, and its S256 challenge sent with the login page's address. Whoever catches the redirect's code
// cannot spend it without the verifier, which never leaves this process.
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** 64 characters of [A-Za-z0-9-_] (base64url of 48 random bytes): within the RFC's 43–128 of its alphabet. */
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

export function newPkcePair(): PkcePair {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier), method: 'S256' };
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
