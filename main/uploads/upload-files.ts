// What a drop of files and folders becomes: the files the platform takes (spec part B, "Upload by FTP":
// mkv mp4 mov flv avi wmv ogm mpeg2), each with a title from its name, and every other file listed with
// the reason it is left out. Folders are walked recursively, in name order; links are followed once.
import { constants } from 'node:fs';
import { access, readdir, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';

export const SUPPORTED_EXTENSIONS = ['mkv', 'mp4', 'mov', 'flv', 'avi', 'wmv', 'ogm', 'mpeg2'] as const;
export type UploadExtension = (typeof SUPPORTED_EXTENSIONS)[number];

export interface FoundFile {
  /** Absolute. */
  readonly path: string;
  readonly size: number;
  readonly modifiedMs: number;
  /** Lower case, as the FTP name will carry it. */
  readonly extension: UploadExtension;
  /** The file name without its extension. */
  readonly title: string;
}

export interface RejectedFile {
  readonly path: string;
  /** A sentence for the streamer. */
  readonly reason: string;
}

export interface FoundFiles {
  readonly files: FoundFile[];
  readonly rejected: RejectedFile[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export async function findUploadFiles(paths: readonly string[]): Promise<FoundFiles> {
  const files: FoundFile[] = [];
  const rejected: RejectedFile[] = [];
  const seen = new Set<string>();

  const visit = async (path: string): Promise<void> => {
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      rejected.push({ path, reason: unreadable(error) });
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    const stats = await stat(real).catch((error: unknown) => error as Error);
    if (stats instanceof Error) {
      rejected.push({ path, reason: unreadable(stats) });
      return;
    }
    if (stats.isDirectory()) {
      const names = await readdir(real).catch((error: unknown) => error as Error);
      if (names instanceof Error) {
        rejected.push({ path, reason: `The folder cannot be read (${describe(names)}).` });
        return;
      }
      for (const name of names.sort(collator.compare)) await visit(join(path, name));
      return;
    }
    if (!stats.isFile()) {
      rejected.push({ path, reason: 'Not a regular file.' });
      return;
    }
    const extension = extname(path).slice(1).toLowerCase();
    if (!(SUPPORTED_EXTENSIONS as readonly string[]).includes(extension)) {
      const shown = extension === '' ? 'The file has no extension' : `.${extension} files are not taken by the platform`;
      rejected.push({ path, reason: `${shown}; it takes ${SUPPORTED_EXTENSIONS.join(', ')}.` });
      return;
    }
    if (stats.size === 0) {
      rejected.push({ path, reason: 'The file is empty.' });
      return;
    }
    const readable = await access(real, constants.R_OK).then(
      () => null,
      (error: unknown) => error,
    );
    if (readable !== null) {
      rejected.push({ path, reason: unreadable(readable) });
      return;
    }
    files.push({ path, size: stats.size, modifiedMs: Math.trunc(stats.mtimeMs), extension: extension as UploadExtension, title: titleOf(path) });
  };

  for (const path of paths) await visit(resolve(path));
  return { files, rejected };
}

/** The file name without its extension, as the video's default title. */
export function titleOf(path: string): string {
  const name = basename(path);
  const title = name.slice(0, name.length - extname(name).length).trim();
  return title === '' ? name : title;
}

function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'The file or folder does not exist (any more).';
  if (code === 'EACCES' || code === 'EPERM') return 'The file cannot be read: permission denied.';
  return `The file cannot be read (${describe(error)}).`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
