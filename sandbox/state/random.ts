// Identifiers and secrets shaped as the spec describes them.
import { randomBytes } from 'node:crypto';

/** 40 lowercase hex characters: the shape of client ids, codes, access tokens and MAC keys. */
export function hex40(): string {
  return randomBytes(20).toString('hex');
}

export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
