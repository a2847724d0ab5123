// Saves a download link to a file: written as `<file>.part` and renamed only once every byte the server
// announced is there, so a cut transfer never looks like a finished file. A cut connection is picked up
// where it stopped with a `Range` request; a server that ignores the range starts the file again. A stop
// (cancel, sign-out, quit) leaves the `.part` as it is, for a later run to resume.
import { open, rename, stat } from 'node:fs/promises';

export interface DownloadProgress {
  readonly bytes: number;
  /** Null until the server says how big the file is. */
  readonly total: number | null;
  /** How many times a cut connection was resumed. */
  readonly resumes: number;
}

export interface FileDownloadOptions {
  readonly onProgress?: (progress: DownloadProgress) => void;
  /** Requests in all, the first included (default 5). */
  readonly attempts?: number;
  readonly retryDelayMs?: number;
  readonly fetch?: typeof fetch;
  /** Stops the transfer where it is (the `.part` stays, for a later resume); the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** A refusal by the download server, or a transfer that kept being cut. */
export class FileDownloadError extends Error {
  override readonly name = 'FileDownloadError';
  constructor(
    /** HTTP status; 0 when the connection failed. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function partialFile(file: string): string {
  return `${file}.part`;
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** `bytes <start>-<end>/<total>`: the start and the total (null when `*`). */
function contentRange(header: string | null): { start: number; total: number | null } | null {
  const match = header === null ? null : /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header.trim());
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

/** `step`, or the signal's reason as soon as it is aborted (a stalled server must not hold a stop up). */
function untilAborted<T>(step: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return step;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    step.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

export async function downloadFile(url: string, file: string, options: FileDownloadOptions = {}): Promise<DownloadProgress> {
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 5;
  const part = partialFile(file);
  let bytes = await sizeOf(part);
  let total: number | null = null;
  let resumes = 0;
  let lastProblem = 'the connection failed';
  const report = () => options.onProgress?.({ bytes, total, resumes });

  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) {
      resumes++;
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 500));
    }
    options.signal?.throwIfAborted();
    let response: Response;
    try {
      response = await doFetch(url, { headers: bytes > 0 ? { Range: `bytes=${bytes}-` } : {}, signal: options.signal });
    } catch (error) {
      options.signal?.throwIfAborted();
      lastProblem = (error as Error).message;
      continue;
    }
    if (response.status === 416 && bytes > 0) {
      // Nothing past what the part file holds: it is whole when the server's size agrees, else start again.
      const whole = /^bytes \*\/(\d+)$/.exec(response.headers.get('content-range')?.trim() ?? '');
      await response.body?.cancel();
      if (whole !== null && Number(whole[1]) === bytes) {
        total = bytes;
        break;
      }
      bytes = 0;
      continue;
    }
    if (response.status !== 200 && response.status !== 206) {
      await response.body?.cancel();
      throw new FileDownloadError(response.status, `the server answered ${response.status}`);
    }
    const range = response.status === 206 ? contentRange(response.headers.get('content-range')) : null;
    if (response.status === 206 && range?.start !== bytes) {
      // A range other than the one asked for: the part file cannot be trusted to line up with it.
      await response.body?.cancel();
      bytes = 0;
      continue;
    }
    // A 200 to a range request is the whole file again: the part file starts over.
    if (response.status === 200) bytes = 0;
    const length = Number(response.headers.get('content-length'));
    total = range?.total ?? (Number.isFinite(length) && response.headers.get('content-length') !== null ? bytes + length : null);
    report();
    const handle = await open(part, bytes === 0 ? 'w' : 'a');
    try {
      if (response.body) {
        const reader = response.body.getReader();
        try {
          for (;;) {
            const { done, value } = await untilAborted(reader.read(), options.signal);
            if (done) break;
            // Not one byte after a stop: another transfer may append to this `.part` next.
            options.signal?.throwIfAborted();
            await handle.write(value);
            bytes += value.byteLength;
            report();
          }
        } finally {
          reader.cancel().catch(() => undefined);
        }
      }
    } catch (error) {
      options.signal?.throwIfAborted();
      lastProblem = (error as Error).message;
      continue;
    } finally {
      await handle.close();
    }
    if (total === null || bytes === total) {
      total = bytes;
      break;
    }
    if (bytes > total) {
      bytes = 0;
      lastProblem = 'the server sent more than it announced';
      continue;
    }
    lastProblem = `the connection closed after ${bytes} of ${total} bytes`;
  }
  if (total === null || bytes !== total) {
    throw new FileDownloadError(0, `${lastProblem}; tried ${attempts} times`);
  }
  await rename(part, file);
  report();
  return { bytes, total, resumes };
}

