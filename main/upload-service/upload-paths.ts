// Paths typed by a person (the Uploads panel's path field, browser mode): `~` means the home folder, and a
// relative path is refused, because relative to the app's working folder means nothing to the streamer.
import { homedir } from 'node:os';
import { isAbsolute, join, normalize } from 'node:path';

/** The absolute path meant, or null when the path is relative. */
export function absoluteUploadPath(typed: string, home: string = homedir()): string | null {
  const path = typed.trim();
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(home, path.slice(2));
  return isAbsolute(path) ? normalize(path) : null;
}
