// Where a dropped file is on disk: the Electron preload can tell (window.companionFiles); a browser never
// tells a page, so in browser mode there is no path and the Uploads panel offers its folder browser instead.
import type { DroppedFilePaths } from '../../../preload/contract.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    readonly companionFiles?: DroppedFilePaths<File>;
  }
}

/** The paths of the dropped files and folders, or null where they cannot be known (browser mode). */
export function droppedPaths(files: FileList): string[] | null {
  const reader = window.companionFiles;
  if (!reader) return null;
  return [...files].map((file) => reader.pathForFile(file)).filter((path) => path !== '');
}
