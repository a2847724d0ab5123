// What a drop of files and folders becomes: the files the platform takes (spec part B, "Upload by FTP":
// mkv mp4 mov flv avi wmv ogm mpeg2), each with a title from its name, and every other file listed with
// the reason it is left out. Folders are walked recursively, in name order. A file or folder given
// directly may be a link (the streamer chose it); a link inside a folder is never followed, since it can
// point anywhere (`link.mp4 -> /etc/passwd`), and a file counts as a video only when its first bytes are one.
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { looksLikeVideo, SIGNATURE_BYTES } from './video-signature.js';
import { fileProblemWords } from '../system-error-words.js';

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

export const LINK_IN_FOLDER = 'It is a link: only files inside the chosen folder are uploaded. To upload what it points to, add that file itself.';
export const NOT_A_VIDEO = `The file does not start like a video (${SUPPORTED_EXTENSIONS.join(', ')}), whatever its name says, so it is left out. Check that it is the recording you meant.`;

export async function findUploadFiles(paths: readonly string[]): Promise<FoundFiles> {
  const files: FoundFile[] = [];
  const rejected: RejectedFile[] = [];
  const seen = new Set<string>();

  const visit = async (path: string, inFolder: boolean): Promise<void> => {
    const own = await lstat(path).catch((error: unknown) => error as Error);
    if (own instanceof Error) {
      rejected.push({ path, reason: unreadable(own) });
      return;
    }
    if (inFolder && own.isSymbolicLink()) {
      rejected.push({ path, reason: LINK_IN_FOLDER });
      return;
    }
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
        rejected.push({ path, reason: `The folder cannot be read: ${fileProblemWords(names)}.` });
        return;
      }
      for (const name of names.sort(collator.compare)) await visit(join(path, name), true);
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
    const head = await firstBytes(real, inFolder).catch((error: unknown) => error as Error);
    if (head instanceof Error) {
      // ELOOP: inside a folder, the file became a link after it was listed.
      rejected.push({ path, reason: (head as NodeJS.ErrnoException).code === 'ELOOP' ? LINK_IN_FOLDER : unreadable(head) });
      return;
    }
    if (!looksLikeVideo(head)) {
      rejected.push({ path, reason: NOT_A_VIDEO });
      return;
    }
    // A file given by a link is kept by where it points now, so a link changed later is not followed again.
    files.push({ path: own.isSymbolicLink() ? real : path, size: stats.size, modifiedMs: Math.trunc(stats.mtimeMs), extension: extension as UploadExtension, title: titleOf(path) });
  };

  for (const path of paths) await visit(resolve(path), false);
  return { files, rejected };
}

/** The start of the file; inside a folder opened without following a link that replaced it meanwhile. */
async function firstBytes(path: string, noLinks: boolean): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | (noLinks ? constants.O_NOFOLLOW : 0));
  try {
    const buffer = Buffer.alloc(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
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
  return `The file cannot be read: ${fileProblemWords(error)}.`;
}

