// The log file stays bounded: past its size it moves to .1 (and .1 to .2, ...), the oldest beyond `keep`
// is deleted, and the files read oldest first tell the story in order.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_FILE_NAME, logFilesOldestFirst, rotatingFileSink } from '../../../main/log/rotating-file-sink.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rotating-log-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (n: number) => `line ${String(n).padStart(3, '0')} ${'x'.repeat(40)}\n`; // 50 bytes

describe('the rotating log file', () => {
  it('rotates by size and keeps only the newest files', async () => {
    const logs = join(dir, 'logs');
    const sink = rotatingFileSink({ directory: logs, maxBytes: 200, keep: 2 });
    for (let n = 0; n < 20; n += 1) sink.write(line(n));
    sink.close();
    expect((await readdir(logs)).sort()).toEqual([LOG_FILE_NAME, `${LOG_FILE_NAME}.1`, `${LOG_FILE_NAME}.2`]);
    const files = logFilesOldestFirst(logs);
    expect(files.map((file) => file.slice(logs.length + 1))).toEqual([`${LOG_FILE_NAME}.2`, `${LOG_FILE_NAME}.1`, LOG_FILE_NAME]);
    const kept = (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('');
    // Four lines a file, three files: the last twelve lines, in order, none cut.
    expect(kept).toBe(Array.from({ length: 12 }, (_, i) => line(i + 8)).join(''));
    for (const file of files) expect((await readFile(file)).length).toBeLessThanOrEqual(200);
  });

  it('appends to the file an earlier run left, counting its size', async () => {
    const sink = rotatingFileSink({ directory: dir, maxBytes: 120, keep: 1 });
    await writeFile(join(dir, LOG_FILE_NAME), line(0) + line(1));
    sink.write(line(2));
    sink.close();
    expect(await readFile(join(dir, `${LOG_FILE_NAME}.1`), 'utf8')).toBe(line(0) + line(1));
    expect(await readFile(join(dir, LOG_FILE_NAME), 'utf8')).toBe(line(2));
  });

  it('reports once and stops when the folder cannot be made, instead of throwing into the caller', async () => {
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, '');
    const failures: unknown[] = [];
    const sink = rotatingFileSink({ directory: join(blocker, 'logs'), onFailure: (error) => failures.push(error) });
    sink.write(line(0));
    sink.write(line(1));
    expect(failures).toHaveLength(1);
  });

  it('lists no files for a folder that does not exist yet', () => {
    expect(logFilesOldestFirst(join(dir, 'nothing'))).toEqual([]);
  });
});
