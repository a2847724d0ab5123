// The log file: `<folder>/companion.log`, moved to companion.log.1 (and .1 to .2, ...) when it passes a size,
// so a long show's logs stay bounded on disk yet the last hours are there to send with a bug report.
// Writes are synchronous: a line must be on disk before a crash that it may explain.
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './redacting-logger.js';

export const LOG_FILE_NAME = 'companion.log';
export const DEFAULT_MAX_LOG_BYTES = 2 * 1024 * 1024;
export const DEFAULT_KEPT_LOG_FILES = 4;

export interface RotatingFileSinkOptions {
  readonly directory: string;
  /** The current file is rotated once a line would take it past this size. */
  readonly maxBytes?: number;
  /** Rotated files kept besides the current one; older ones are deleted. */
  readonly keep?: number;
  /** Told once when the file cannot be written; the sink then stops trying (logging must never stop a show). */
  readonly onFailure?: (error: unknown) => void;
}

export interface RotatingFileSink extends LogSink {
  close(): void;
}

export function rotatingFileSink({ directory, maxBytes = DEFAULT_MAX_LOG_BYTES, keep = DEFAULT_KEPT_LOG_FILES, onFailure }: RotatingFileSinkOptions): RotatingFileSink {
  const current = join(directory, LOG_FILE_NAME);
  let descriptor: number | null = null;
  let size = 0;
  let failed = false;

  function openCurrent(): number {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const opened = openSync(current, 'a', 0o600);
    size = statSync(current).size;
    return opened;
  }

  function rotate(): void {
    if (descriptor !== null) closeSync(descriptor);
    descriptor = null;
    rmSync(rotatedName(current, keep), { force: true });
    for (let index = keep - 1; index >= 1; index -= 1) {
      try {
        renameSync(rotatedName(current, index), rotatedName(current, index + 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (keep >= 1) renameSync(current, rotatedName(current, 1));
    else rmSync(current, { force: true });
  }

  return {
    write(line: string) {
      if (failed) return;
      try {
        const bytes = Buffer.from(line, 'utf8');
        descriptor ??= openCurrent();
        if (size > 0 && size + bytes.length > maxBytes) {
          rotate();
          descriptor = openCurrent();
        }
        writeSync(descriptor, bytes);
        size += bytes.length;
      } catch (error) {
        failed = true;
        onFailure?.(error);
      }
    },
    close() {
      if (descriptor !== null) closeSync(descriptor);
      descriptor = null;
    },
  };
}

/** The log files in a folder, oldest first, so read in order they tell the story as it happened. */
export function logFilesOldestFirst(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const rotated = names
    .map((name) => ({ name, index: rotationIndex(name) }))
    .filter((entry): entry is { name: string; index: number } => entry.index !== null)
    .sort((a, b) => b.index - a.index)
    .map((entry) => join(directory, entry.name));
  return names.includes(LOG_FILE_NAME) ? [...rotated, join(directory, LOG_FILE_NAME)] : rotated;
}

function rotatedName(current: string, index: number): string {
  return `${current}.${index}`;
}

function rotationIndex(name: string): number | null {
  const match = new RegExp(`^${LOG_FILE_NAME.replace('.', '\\.')}\\.(\\d+)$`).exec(name);
  return match ? Number(match[1]) : null;
}
