// The data folder check: each cause becomes one sentence naming the folder and what to do, and the check
// itself finds the causes it can make without mounts (a file in the way, a file as a parent).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDataDir, DataDirError, dataDirSentence, isDataDirProblemCode } from '../../../main/settings/data-dir-check.js';

const folder = '/srv/streams/companion';

describe('dataDirSentence', () => {
  it.each([
    ['EROFS', /^The data folder \/srv\/streams\/companion cannot be written \(read-only file system\)\. Make it writable, or choose another folder with COMPANION_DATA_DIR=/],
    ['EACCES', /^The data folder \/srv\/streams\/companion cannot be written \(permission denied\)\. Give your user write access to it, or choose another folder with COMPANION_DATA_DIR=/],
    ['EPERM', /cannot be written \(operation not permitted\)\. Give your user write access/],
    ['ENOSPC', /^The data folder \/srv\/streams\/companion is full \(no space left on device\): free some space there, or choose another folder with COMPANION_DATA_DIR=/],
    ['EDQUOT', /is full \(disk quota exceeded\): free some space/],
    ['ENOTDIR', /cannot be made \(a part of the path is a file, not a folder\)\. Move that file away/],
    ['EEXIST', /cannot be made \(a file is in the way where the folder should be\)\. Move that file away/],
  ] as const)('%s says what happened to which folder and what to do', (code, sentence) => {
    expect(dataDirSentence(folder, code)).toMatch(sentence);
    expect(dataDirSentence(folder, code)).toMatch(/\.$/);
  });

  it('knows only the codes that mean the folder cannot hold files', () => {
    expect(isDataDirProblemCode('EROFS')).toBe(true);
    expect(isDataDirProblemCode('EIO')).toBe(false);
    expect(isDataDirProblemCode('toString')).toBe(false);
    expect(isDataDirProblemCode(undefined)).toBe(false);
  });
});

describe('checkDataDir', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes the missing folders and leaves no probe file behind', () => {
    root = mkdtempSync(join(tmpdir(), 'companion-check-'));
    const directory = join(root, 'a', 'b', 'data');
    checkDataDir(directory);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('a file where the folder should be is a DataDirError naming the folder', () => {
    root = mkdtempSync(join(tmpdir(), 'companion-check-'));
    const directory = join(root, 'data');
    writeFileSync(directory, 'not a folder');
    const error = catchError(() => checkDataDir(directory));
    expect(error).toBeInstanceOf(DataDirError);
    expect(error).toMatchObject({ code: 'EEXIST', problem: 'not-a-folder', directory });
    expect((error as Error).message).toContain(directory);
  });

  it('a file as a parent folder is a DataDirError (ENOTDIR)', () => {
    root = mkdtempSync(join(tmpdir(), 'companion-check-'));
    writeFileSync(join(root, 'file'), 'x');
    const directory = join(root, 'file', 'data');
    expect(catchError(() => checkDataDir(directory))).toMatchObject({ code: 'ENOTDIR', problem: 'not-a-folder', directory });
  });
});

function catchError(call: () => void): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
