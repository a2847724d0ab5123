// Whose uploads a profile's queue folder holds. Two people may sign in on one profile (one platform, two
// accounts): the first user who opens the profile's queue owns `uploads/<profile>/` (written down in
// owner.json), and any other user gets a queue of their own under `uploads/<profile>/users/`, so nobody
// sees another account's files or runs them with their own sign-in.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OWNER_FILE = 'owner.json';

/**
 * The folder of `user`'s queue inside a profile's queue folder (created when missing). An unknown user
 * (the platform did not tell the name) gets the profile's folder, as before owners were written down; a
 * folder without an owner (made by an older version, or new) becomes the first known user's.
 */
export function userQueueFolder(profileFolder: string, user: string | null): string {
  mkdirSync(profileFolder, { recursive: true, mode: 0o700 });
  if (user === null) return profileFolder;
  const owner = readOwner(profileFolder);
  if (owner === null) {
    writeOwner(profileFolder, user);
    return profileFolder;
  }
  if (owner === user) return profileFolder;
  const folder = join(profileFolder, 'users', folderName(user));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** The owner written down, or null when none is (a missing or unreadable file: the next user adopts it). */
function readOwner(profileFolder: string): string | null {
  let text: string;
  try {
    text = readFileSync(join(profileFolder, OWNER_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as { user?: unknown };
    return typeof parsed.user === 'string' && parsed.user !== '' ? parsed.user : null;
  } catch {
    return null;
  }
}

function writeOwner(profileFolder: string, user: string): void {
  const file = join(profileFolder, OWNER_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ user })}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/** A user name as one folder name: letters, digits, `-` and `_` kept, every other byte as %XX (so `..` or `a/b` stay inside). */
function folderName(user: string): string {
  return [...Buffer.from(user, 'utf8')].map((byte) => (/[A-Za-z0-9_-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}
