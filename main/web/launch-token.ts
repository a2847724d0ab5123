// The per-launch secret that every browser-mode request and socket must carry.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function createLaunchToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokenMatches(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
