// What a drop of files and folders becomes, on a real tree in a temp folder: the supported files in name
// order with their titles, every other entry with its reason; links inside a folder never followed, a file
// given by a link resolved; a file taken only when its first bytes are a video.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUploadFiles, LINK_IN_FOLDER, NOT_A_VIDEO, SUPPORTED_EXTENSIONS, titleOf, type FoundFiles } from '../../../main/uploads/upload-files.js';
import { looksLikeVideo } from '../../../main/uploads/video-signature.js';
import { fakeVideo, type FakeVideoKind } from '../../support/fake-video.js';

/** chmod 000 does not stop root from reading, so the "permission denied" case can only be seen as another user. */
const RUNNING_AS_ROOT = process.getuid?.() === 0;

let root: string;
let found: FoundFiles;
const at = (...parts: string[]): string => join(root, ...parts);

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'upload-files-')));
  await mkdir(at('show', 'season 1'), { recursive: true });
  await mkdir(at('show', 'extras'), { recursive: true });
  await writeFile(at('show', '10 Finale.mkv'), fakeVideo('mkv', 10));
  await writeFile(at('show', '2 Pilot.MP4'), fakeVideo('mp4', 20));
  await writeFile(at('show', 'season 1', '1 Opening.mov'), fakeVideo('mov', 30));
  await writeFile(at('show', 'season 1', 'notes.txt'), 'not a video');
  await writeFile(at('show', 'extras', 'README'), 'no extension');
  await writeFile(at('show', 'extras', 'empty.flv'), '');
  await writeFile(at('show', 'extras', 'locked.avi'), fakeVideo('avi', 40));
  await chmod(at('show', 'extras', 'locked.avi'), 0o000);
  // Links inside the folder: back to the top (a loop), a second name for a file found, out of the tree.
  await symlink(at('show'), at('show', 'season 1', 'loop'));
  await symlink('/etc/passwd', at('show', 'season 1', 'link.mp4'));
  await writeFile(at('show', 'season 1', 'renamed text.mp4'), 'root:x:0:0:root:/root:/bin/bash\n');
  await symlink(at('show', '2 Pilot.MP4'), at('show', 'season 1', 'same as pilot.mp4'));
  await symlink(at('nowhere.mp4'), at('show', 'extras', 'dangling.mp4'));
  await utimes(at('show', '10 Finale.mkv'), new Date('2026-01-02T03:04:05.000Z'), new Date('2026-01-02T03:04:05.000Z'));
  found = await findUploadFiles([at('show')]);
});

afterAll(async () => {
  await chmod(at('show', 'extras', 'locked.avi'), 0o600).catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

describe('findUploadFiles', () => {
  it('walks folders recursively in name order, numbers compared as numbers ("2" before "10")', () => {
    const locked = at('show', 'extras', 'locked.avi');
    expect(found.files.map((file) => file.path)).toEqual([
      at('show', '2 Pilot.MP4'),
      at('show', '10 Finale.mkv'),
      ...(RUNNING_AS_ROOT ? [locked] : []),
      at('show', 'season 1', '1 Opening.mov'),
    ]);
    expect(found.rejected.map((rejection) => rejection.path)).toEqual([
      at('show', 'extras', 'dangling.mp4'),
      at('show', 'extras', 'empty.flv'),
      ...(RUNNING_AS_ROOT ? [] : [locked]),
      at('show', 'extras', 'README'),
      at('show', 'season 1', 'link.mp4'),
      at('show', 'season 1', 'loop'),
      at('show', 'season 1', 'notes.txt'),
      at('show', 'season 1', 'renamed text.mp4'),
      at('show', 'season 1', 'same as pilot.mp4'),
    ]);
  });

  it('sorts siblings with the numeric collation of the walk', async () => {
    const folder = at('numbers');
    await mkdir(folder);
    for (const name of ['10.mp4', '9.mp4', '100.mp4', '1.mp4', 'b.mp4', 'A.mp4']) await writeFile(join(folder, name), fakeVideo('mp4', 16));
    const { files } = await findUploadFiles([folder]);
    expect(files.map((file) => file.title)).toEqual(['1', '9', '10', '100', 'A', 'b']);
  });

  it('takes upper-case extensions and reports them in lower case, with size, modification time and title', () => {
    const pilot = found.files.find((file) => file.path === at('show', '2 Pilot.MP4'));
    expect(pilot).toEqual({ path: at('show', '2 Pilot.MP4'), size: 20, modifiedMs: expect.any(Number), extension: 'mp4', title: '2 Pilot' });
    const finale = found.files.find((file) => file.path === at('show', '10 Finale.mkv'));
    expect(finale?.modifiedMs).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
  });

  it('never follows a link inside a folder, to a file, a folder or out of the tree, and says why', () => {
    const reasons = new Map(found.rejected.map((rejection) => [rejection.path, rejection.reason]));
    for (const link of [at('show', 'season 1', 'link.mp4'), at('show', 'season 1', 'loop'), at('show', 'season 1', 'same as pilot.mp4')]) {
      expect(reasons.get(link), link).toBe(LINK_IN_FOLDER);
    }
    expect(LINK_IN_FOLDER).toMatch(/^It is a link: only files inside the chosen folder are uploaded\./);
    expect(found.files.filter((file) => file.size === 20)).toHaveLength(1);
    expect(found.files.filter((file) => file.path.includes('loop'))).toEqual([]);
  });

  it('judges a file by its first bytes, not its name: text called .mp4 is left out, every container the platform takes is in', async () => {
    const reasons = new Map(found.rejected.map((rejection) => [rejection.path, rejection.reason]));
    expect(reasons.get(at('show', 'season 1', 'renamed text.mp4'))).toBe(NOT_A_VIDEO);
    const folder = at('containers');
    await mkdir(folder);
    const kinds: [FakeVideoKind, string][] = [['mp4', 'mp4'], ['mov', 'mov'], ['mkv', 'mkv'], ['flv', 'flv'], ['avi', 'avi'], ['wmv', 'wmv'], ['ogm', 'ogm'], ['mpeg-ps', 'mpeg2'], ['mpeg-ts', 'mpeg2']];
    for (const [kind, extension] of kinds) await writeFile(join(folder, `${kind}.${extension}`), fakeVideo(kind, 2000));
    await writeFile(join(folder, 'zip.mp4'), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]));
    await writeFile(join(folder, 'short.mkv'), Buffer.from([0x1a, 0x45]));
    const { files, rejected } = await findUploadFiles([folder]);
    expect(files.map((file) => file.title).sort()).toEqual(kinds.map(([kind]) => kind).sort());
    expect(rejected).toEqual([
      { path: join(folder, 'short.mkv'), reason: NOT_A_VIDEO },
      { path: join(folder, 'zip.mp4'), reason: NOT_A_VIDEO },
    ]);
    // Almost a transport stream: two sync bytes in a row are not three.
    const twoPackets = Buffer.alloc(600, 0);
    twoPackets[0] = 0x47;
    twoPackets[188] = 0x47;
    expect(looksLikeVideo(twoPackets)).toBe(false);
  });

  it('resolves a file given directly by a link and checks where it points: a video is taken, /etc/passwd is not', async () => {
    const folder = at('direct');
    await mkdir(folder);
    await writeFile(join(folder, 'real clip.mkv'), fakeVideo('mkv', 50));
    await symlink(join(folder, 'real clip.mkv'), join(folder, 'shortcut.mkv'));
    await symlink('/etc/passwd', join(folder, 'passwd.mp4'));
    const { files, rejected } = await findUploadFiles([join(folder, 'shortcut.mkv'), join(folder, 'passwd.mp4')]);
    expect(files).toEqual([expect.objectContaining({ path: join(folder, 'real clip.mkv'), title: 'shortcut', size: 50 })]);
    expect(rejected).toEqual([{ path: join(folder, 'passwd.mp4'), reason: NOT_A_VIDEO }]);
  });

  it('counts a path given twice, or a file given beside its folder, once', async () => {
    const { files, rejected } = await findUploadFiles([at('show', '2 Pilot.MP4'), at('show'), at('show', '2 Pilot.MP4')]);
    expect(files.map((file) => file.path)).toEqual(found.files.map((file) => file.path));
    expect(rejected).toEqual(found.rejected);
  });

  it('lists unsupported, extensionless and empty files with the reason', () => {
    const reasons = new Map(found.rejected.map((rejection) => [rejection.path, rejection.reason]));
    expect(reasons.get(at('show', 'season 1', 'notes.txt'))).toMatch(/^\.txt files are not taken by the platform; it takes mkv, mp4/);
    expect(reasons.get(at('show', 'extras', 'README'))).toMatch(/^The file has no extension; it takes /);
    expect(reasons.get(at('show', 'extras', 'empty.flv'))).toBe('The file is empty.');
    for (const extension of SUPPORTED_EXTENSIONS) expect(reasons.get(at('show', 'season 1', 'notes.txt'))).toContain(extension);
  });

  it('lists a link inside a folder as a link even when it dangles, and a missing path as gone', async () => {
    const reasons = new Map(found.rejected.map((rejection) => [rejection.path, rejection.reason]));
    expect(reasons.get(at('show', 'extras', 'dangling.mp4'))).toBe(LINK_IN_FOLDER);
    const missing = await findUploadFiles([at('missing', 'clip.mp4')]);
    expect(missing).toEqual({ files: [], rejected: [{ path: at('missing', 'clip.mp4'), reason: 'The file or folder does not exist (any more).' }] });
  });

  it('lists a file it may not read as permission denied', () => {
    const locked = at('show', 'extras', 'locked.avi');
    if (RUNNING_AS_ROOT) {
      // Root reads a chmod 000 file, so here it is simply found; the refusal is only observable as another user.
      expect(found.files.map((file) => file.path)).toContain(locked);
      return;
    }
    expect(found.rejected).toContainEqual({ path: locked, reason: 'The file cannot be read: permission denied.' });
  });

  it('lists what is neither a file nor a folder', async () => {
    const fifo = at('pipe.mp4');
    execFileSync('mkfifo', [fifo]);
    const { files, rejected } = await findUploadFiles([fifo]);
    expect(files).toEqual([]);
    expect(rejected).toEqual([{ path: fifo, reason: 'Not a regular file.' }]);
  });

  it('resolves relative paths against the working folder', async () => {
    const { files } = await findUploadFiles([relative(process.cwd(), at('show', '2 Pilot.MP4'))]);
    expect(files.map((file) => file.path)).toEqual([at('show', '2 Pilot.MP4')]);
  });
});

describe('titleOf', () => {
  it.each([
    ['/videos/Highlights 2026.mp4', 'Highlights 2026'],
    ['/videos/clip.final.MKV', 'clip.final'],
    ['/videos/  spaced out  .mov', 'spaced out'],
    ['/videos/.mp4', '.mp4'],
    ['/videos/ .mp4', ' .mp4'],
  ])('makes %s into the title %j', (path, title) => {
    expect(titleOf(path)).toBe(title);
  });
});
