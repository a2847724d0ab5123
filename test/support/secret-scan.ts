// Looks for secrets in files, byte for byte. Findings name the file and the kind of secret, never its value,
// so a failing test does not print the secret it found.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Secret {
  /** What it is, e.g. "access token (sign-in 1)": the name a finding shows. */
  readonly kind: string;
  readonly value: string;
}

export interface Finding {
  readonly where: string;
  readonly kind: string;
}

/** A home folder has a few hundred files after a first run; many more means something unexpected is in it. */
const MAX_FILES = 20_000;

/** Every regular file under `root` (symbolic links are not followed), except those under `excluded` folders. */
export function filesUnder(root: string, excluded: readonly string[] = []): string[] {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!excluded.includes(path)) pending.push(path);
      } else if (entry.isFile()) {
        files.push(path);
        if (files.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} files under ${root}: not a fresh home`);
      }
    }
  }
  return files;
}

/** Each (file, secret) pair where the file's bytes contain the secret's; `base` shortens the names shown. */
export function scanFiles(files: readonly string[], secrets: readonly Secret[], base: string): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    // A file may vanish between the listing and the read only if something still runs: that is a finding too.
    if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`${relative(base, file)} went away during the scan`);
    findings.push(...scanBytes(relative(base, file), readFileSync(file), secrets));
  }
  return findings;
}

export function scanBytes(where: string, bytes: Buffer, secrets: readonly Secret[]): Finding[] {
  return secrets.filter((secret) => bytes.includes(Buffer.from(secret.value, 'utf8'))).map((secret) => ({ where, kind: secret.kind }));
}

/**
 * Tokens known only by their SHA-256 (a platform keeps no more): every run of 40 hex characters, the shape of
 * the platform's access tokens, read in 40-character windows, hashed and looked up. Findings name the place.
 */
export function scanForHashedTokens(where: string, bytes: Buffer, hashes: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  for (const run of bytes.toString('latin1').matchAll(/[0-9a-f]{40,}/g)) {
    for (let start = 0; start + 40 <= run[0].length; start += 1) {
      const candidate = run[0].slice(start, start + 40);
      if (hashes.has(createHash('sha256').update(candidate).digest('hex'))) findings.push({ where, kind: 'access token' });
    }
  }
  return findings;
}
