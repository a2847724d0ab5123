// The sandbox's logic behind downloads and copies: the state of a download file over time, byte ranges
// for resumed downloads, the placeholder files, and the services picking up work a restart cut short.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseByteRange } from '../../../sandbox/http/byte-range.js';
import { startCopyService } from '../../../sandbox/media/copy-service.js';
import { startDownloadService } from '../../../sandbox/media/download-service.js';
import { startVideoMedia } from '../../../sandbox/media/video-media.js';
import { placeholderMedia } from '../../../sandbox/media/media-files.js';
import { metadataOf, videoValuesOf } from '../../../sandbox/state/custom-metadata.js';
import type { SandboxData } from '../../../sandbox/state/model.js';
import { SandboxStore } from '../../../sandbox/state/sandbox-store.js';
import { seedData } from '../../../sandbox/state/seed.js';
import { DOWNLOAD_WINDOW_SECONDS, downloadState, videoExtraOf, videoExtrasData, type DownloadFile } from '../../../sandbox/state/video-extras.js';

const run = promisify(execFile);

function file(overrides: Partial<DownloadFile> = {}): DownloadFile {
  return { format: 'mp4', readyAtMs: 10_000, token: 't', path: '/tmp/x.mp4', generatedAtMs: 5_000, ...overrides };
}

describe('downloadState', () => {
  it('is unavailable when never requested', () => {
    expect(downloadState(undefined, 0)).toEqual({ status: 'unavailable', expiresAt: null });
  });

  it('is pending until generated and the delay has passed, then available for 24 hours from then', () => {
    expect(downloadState(file({ path: null, generatedAtMs: null }), 20_000).status).toBe('pending');
    expect(downloadState(file(), 9_999).status).toBe('pending');
    expect(downloadState(file(), 10_000)).toEqual({ status: 'available', expiresAt: 10 + DOWNLOAD_WINDOW_SECONDS });
    // A slow generation starts the window when it ends.
    expect(downloadState(file({ generatedAtMs: 60_000 }), 60_000)).toEqual({ status: 'available', expiresAt: 60 + DOWNLOAD_WINDOW_SECONDS });
  });

  it('is unavailable again once the window is over', () => {
    expect(downloadState(file(), (10 + DOWNLOAD_WINDOW_SECONDS) * 1000 - 1).status).toBe('available');
    expect(downloadState(file(), (10 + DOWNLOAD_WINDOW_SECONDS) * 1000)).toEqual({ status: 'unavailable', expiresAt: null });
  });
});

describe('parseByteRange', () => {
  it('reads a range, an open range and a suffix, clamped to the file', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('is unsatisfiable past the end, and null (the whole file) without a header or with one it does not take', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange('bytes=5-3', 100)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseByteRange('items=0-1', 100)).toBeNull();
  });
});

describe('placeholderMedia', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'placeholder-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes an mp4 file that ffprobe reads as mp4, with its duration', async () => {
    const path = join(folder, 'placeholder.mp4');
    await writeFile(path, placeholderMedia('mp4', 3));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', path]);
    const probed = JSON.parse(stdout) as { format: { format_name: string; duration?: string } };
    expect(probed.format.format_name).toContain('mp4');
    expect(Number(probed.format.duration)).toBeCloseTo(3, 1);
  });

  it('writes an flv file: the header, then one onMetaData tag with the duration, sized as its tag header says', () => {
    // ffprobe refuses an FLV without frames ("End of file"), so the structure is checked byte by byte.
    const bytes = placeholderMedia('flv', 3);
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('FLV');
    expect(bytes.readUInt32BE(5)).toBe(9);
    expect(bytes.readUInt8(13)).toBe(18);
    const dataSize = bytes.readUIntBE(14, 3);
    expect(bytes.length).toBe(13 + 11 + dataSize + 4);
    expect(bytes.readUInt32BE(bytes.length - 4)).toBe(11 + dataSize);
    expect(bytes.includes(Buffer.from('onMetaData'))).toBe(true);
    const durationAt = bytes.indexOf(Buffer.from('duration')) + 'duration'.length;
    expect(bytes.readUInt8(durationAt)).toBe(0);
    expect(bytes.readDoubleBE(durationAt + 1)).toBe(3);
  });
});

describe('after a restart', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'video-media-restart-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('a download whose generation was cut short is generated when next asked about', async () => {
    const stateFile = join(folder, 'state.json');
    const first = new SandboxStore(stateFile);
    const video = first.data.videos[0]!;
    const downloads = startDownloadService({ store: first, dataDir: folder, generationMs: 0 });
    // Stopped before generation could end: the file is recorded, without a path.
    await downloads.close();
    downloads.request(video, 'flv');
    await first.flushed();
    expect(JSON.parse(await readFile(stateFile, 'utf8')).videoExtras.videos[video.id].downloads.flv.path).toBeNull();

    const second = new SandboxStore(stateFile);
    const restarted = startDownloadService({ store: second, dataDir: folder, generationMs: 0 });
    try {
      const again = second.video(video.id)!;
      expect(restarted.current(again, 'flv')?.path).toBeNull();
      await expect.poll(() => restarted.current(again, 'flv')?.path ?? null, { timeout: 10_000 }).not.toBeNull();
      expect(downloadState(restarted.current(again, 'flv'), Date.now()).status).toBe('available');
    } finally {
      await restarted.close();
    }
  });

  it('a copy still due finishes after a start, as a new private video of the same channel', async () => {
    const stateFile = join(folder, 'state.json');
    const first = new SandboxStore(stateFile);
    const source = first.data.videos[0]!;
    const copies = startCopyService({ store: first, dataDir: folder, copyMs: 50 });
    const request = copies.start(source, source.ownerId, { start: 0, end: 20, title: 'Later', description: '' });
    await copies.close();
    await first.flushed();

    const second = new SandboxStore(stateFile);
    const created: string[] = [];
    second.on('video-created', (video) => created.push(video.id));
    const restarted = startCopyService({ store: second, dataDir: folder, copyMs: 50 });
    try {
      await expect.poll(() => restarted.find(request.id)?.videoId ?? null, { timeout: 5_000 }).not.toBeNull();
      const copy = second.video(restarted.find(request.id)!.videoId!)!;
      expect(copy).toMatchObject({ channelId: source.channelId, protect: 'private', title: 'Later', length: '20.000', source: 'copy' });
      expect(created).toEqual([copy.id]);
      expect(videoExtrasData(second.data).copies).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});

describe('state files', () => {
  it('a state file written before video extras and video metadata values existed loads, and gets them on first use', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'video-extras-state-'));
    try {
      const file = join(folder, 'state.json');
      const old: Partial<SandboxData> = { ...seedData() };
      delete old.videoExtras;
      old.metadata = { fields: [], channelValues: {}, channelDisplays: {}, nextFieldId: 7000 };
      await writeFile(file, JSON.stringify(old));
      const store = new SandboxStore(file);
      const video = store.data.videos[0]!;
      expect(videoExtraOf(store.data, video.id)).toEqual({});
      expect(videoExtrasData(store.data).copies).toEqual([]);
      expect(videoValuesOf(store.data)).toEqual({});
      expect(metadataOf(store.data).videoValues).toEqual({});
      const media = startVideoMedia({ store, dataDir: folder });
      try {
        store.deleteVideo(video);
        expect(videoExtrasData(store.data).videos[video.id]).toBeUndefined();
      } finally {
        await media.close();
      }
      await store.flushed();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
