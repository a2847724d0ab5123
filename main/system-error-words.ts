// Node's file errors ("ENOENT: no such file or directory, open '/…'") in words a person reads; the code and
// Node's own text stay in the log and in error causes.

/** Why a file or folder could not be used, as the end of a sentence ("it is no longer there …"). */
export function fileProblemWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it is no longer there (moved, renamed or deleted)';
    case 'EACCES':
    case 'EPERM':
      return 'the app is not allowed to read it (check its permissions)';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of its path is a file, not a folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open right now; it is tried again';
    case 'EIO':
      return 'the disk could not read it (a failing disk or a removed drive?)';
    case 'EBUSY':
      return 'another program holds it';
    default:
      return code === undefined ? `it could not be read (${error instanceof Error ? error.message : String(error)})` : `the system refused (${code})`;
  }
}
