// The stream key the encoder uses on the local ingest: made once, kept in the keychain, so the encoder is
// set up once; regenerable when it leaked.
import { randomBytes } from 'node:crypto';
import type { SecretSlot } from '../vault/vault.js';

export interface LocalKeySlot {
  readonly localIngestKey: SecretSlot;
}

export function newLocalIngestKey(): string {
  return `live_${randomBytes(15).toString('base64url')}`;
}

export async function localIngestKey(slot: LocalKeySlot): Promise<string> {
  const stored = await slot.localIngestKey.read();
  if (stored !== null) return stored;
  const key = newLocalIngestKey();
  await slot.localIngestKey.save(key);
  return key;
}

/** All but the last four characters hidden, so a key on a screen share is useless. */
export function maskKey(key: string): string {
  return `${'•'.repeat(Math.max(4, key.length - 4))}${key.slice(-4)}`;
}
