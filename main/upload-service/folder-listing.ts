// The folder browser of the Uploads panel: in browser mode a dropped file carries no path, so the streamer
// picks files and folders from a listing of the computer that runs the app instead.
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { CompanionError, type FolderListing } from '../../preload/contract.js';
import { SUPPORTED_EXTENSIONS } from '../uploads/upload-files.js';
import { absoluteUploadPath } from './upload-paths.js';
import { fileProblemWords } from '../system-error-words.js';

/** A folder with more entries than this is listed in part (and says so): nobody scrolls further by hand. */
const MAX_ENTRIES = 5000;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export async function listFolder(path: string | undefined): Promise<FolderListing> {
  const folder = path === undefined ? homedir() : absoluteUploadPath(path);
  if (folder === null) throw new CompanionError('bad_request', `${JSON.stringify(path)} is not a full path: give one that starts at the top of the disk (like ${exampleFolder()}).`);
  const listed = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
    throw unreadableFolder(folder, error);
  });
  const visible = listed.filter((entry) => !entry.name.startsWith('.')).sort((a, b) => collator.compare(a.name, b.name));
  const entries: FolderListing['entries'] = [];
  for (const entry of visible.slice(0, MAX_ENTRIES)) {
    const entryPath = join(folder, entry.name);
    // Links are left out, as a folder upload leaves them out: picked here they would lead out of the
    // folder being browsed to wherever they point. A socket or a device is left out too.
    if (entry.isSymbolicLink()) continue;
    const stats = entry.isDirectory() ? entry : await stat(entryPath).catch(() => null);
    if (stats === null) continue;
    if (stats.isDirectory()) {
      entries.push({ name: entry.name, path: entryPath, kind: 'folder', size: null, supported: true });
    } else if (stats.isFile() && 'size' in stats) {
      const supported = stats.size > 0 && (SUPPORTED_EXTENSIONS as readonly string[]).includes(extname(entry.name).slice(1).toLowerCase());
      entries.push({ name: entry.name, path: entryPath, kind: 'file', size: stats.size, supported });
    }
  }
  // Folders first, as file managers show them.
  entries.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'folder' ? -1 : 1));
  const parent = dirname(folder);
  return { path: folder, parent: parent === folder ? null : parent, entries, truncated: visible.length > MAX_ENTRIES };
}

function unreadableFolder(folder: string, error: unknown): CompanionError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new CompanionError('not_found', `There is no folder ${folder}. Check the path.`);
  if (code === 'ENOTDIR') return new CompanionError('bad_request', `${folder} is a file, not a folder. Add it as it is, or give the folder it is in.`);
  if (code === 'EACCES' || code === 'EPERM') return new CompanionError('forbidden', `The folder ${folder} cannot be read: permission denied. Choose another folder or change its permissions.`);
  return new CompanionError('unreadable', `The folder ${folder} cannot be read: ${fileProblemWords(error)}.`, error instanceof Error ? error.message : String(error));
}

function exampleFolder(): string {
  return process.platform === 'win32' ? 'C:\\Users\\you\\Videos' : '/home/you/Videos';
}
