import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFolder } from '../../../main/upload-service/folder-listing.js';
import { absoluteUploadPath } from '../../../main/upload-service/upload-paths.js';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'folder-listing-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('listFolder', () => {
  it('lists folders first, then files with their size and whether the platform takes them; hidden entries and links are left out', async () => {
    mkdirSync(join(folder, 'Stream 10'));
    mkdirSync(join(folder, 'Stream 9'));
    writeFileSync(join(folder, 'b.MP4'), 'x'.repeat(10));
    writeFileSync(join(folder, 'a.txt'), 'notes');
    writeFileSync(join(folder, 'empty.mkv'), '');
    writeFileSync(join(folder, '.hidden.mp4'), 'x');
    symlinkSync(join(folder, 'b.MP4'), join(folder, 'link.mp4'));
    symlinkSync(join(folder, 'gone.mp4'), join(folder, 'dangling.mp4'));
    symlinkSync('/etc/passwd', join(folder, 'passwd.mp4'));
    symlinkSync('/etc', join(folder, 'etc'));

    const listing = await listFolder(folder);
    expect(listing).toMatchObject({ path: folder, parent: dirname(folder), truncated: false });
    expect(listing.entries).toEqual([
      { name: 'Stream 9', path: join(folder, 'Stream 9'), kind: 'folder', size: null, supported: true },
      { name: 'Stream 10', path: join(folder, 'Stream 10'), kind: 'folder', size: null, supported: true },
      { name: 'a.txt', path: join(folder, 'a.txt'), kind: 'file', size: 5, supported: false },
      { name: 'b.MP4', path: join(folder, 'b.MP4'), kind: 'file', size: 10, supported: true },
      { name: 'empty.mkv', path: join(folder, 'empty.mkv'), kind: 'file', size: 0, supported: false },
    ]);
  });

  it('starts at the home folder, and has no parent above the root', async () => {
    expect((await listFolder(undefined)).path).toBe(homedir());
    expect((await listFolder('/')).parent).toBeNull();
  });

  it('says in words what is wrong with a path', async () => {
    writeFileSync(join(folder, 'clip.mp4'), 'x');
    await expect(listFolder(join(folder, 'nope'))).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('There is no folder') });
    await expect(listFolder(join(folder, 'clip.mp4'))).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('is a file, not a folder') });
    await expect(listFolder('videos')).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('not a full path') });
  });
});

describe('absoluteUploadPath', () => {
  it('expands ~, normalises absolute paths and refuses relative ones', () => {
    expect(absoluteUploadPath('~', '/home/me')).toBe('/home/me');
    expect(absoluteUploadPath(' ~/Videos/a.mp4 ', '/home/me')).toBe('/home/me/Videos/a.mp4');
    expect(absoluteUploadPath('/data/./shows/../clips', '/home/me')).toBe('/data/clips');
    expect(absoluteUploadPath('clips/a.mp4', '/home/me')).toBeNull();
    expect(absoluteUploadPath('~other/a.mp4', '/home/me')).toBeNull();
  });
});
