// The safety copy engine on a real local ingest beside the relay to a real nginx-rtmp, ffmpeg as the
// encoder (issue 20, acceptance c): an encoder that comes back with the same parameters goes on in the same
// file with timestamps that never go backwards; one that comes back at another resolution starts a second
// file; a disk under the threshold (before the start, or filling up during it: a small tmpfs) stops the copy
// with a warning while the relay goes on sending.
import { readdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSafetyCopy, type SafetyCopyEvent } from '../../../main/relay/safety-copy.js';
import { backwardSteps, codecsOf, decodingTimes, durationOf, firstFrameKey, videoSizeOf } from '../../support/flv-checks.js';
import { startNginxRtmp, type NginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders } from '../../support/synthetic-encoder.js';
import { Cleanup, EventLog, startRig, staticTargets, tempDir } from './relay-harness.js';
import { smallFolder } from '../../support/limited-folder.js';

const encoders = new Encoders();
let nginx: NginxRtmp;
let cleanup: Cleanup;

beforeAll(async () => {
  nginx = await startNginxRtmp();
});

afterAll(async () => {
  await nginx?.close();
});

afterEach(async () => {
  encoders.killAll();
  await cleanup?.close();
  vi.restoreAllMocks();
});

/** A relay to nginx on a local ingest, and a copy on the same ingest into `folder`. */
async function rigWithCopy(stream: string, folder: string, copyOptions: { minFreeBytes?: number; diskCheckMs?: number } = {}) {
  // node-media-server prints with console.log unless told otherwise.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const rig = await startRig(cleanup, `key_${stream}`, { targets: staticTargets([{ id: 'nginx', label: 'nginx', url: `${nginx.url}/${stream}` }]) });
  const events = new EventLog<SafetyCopyEvent>();
  const copy = await startSafetyCopy(rig.ingest, { folder, onEvent: events.push, logger: rig.logger, ...copyOptions });
  cleanup.add(() => copy.stop());
  return { rig, copy, events };
}

describe('the safety copy across encoder reconnects', () => {
  it('goes on in the same file when the encoder comes back unchanged, and starts a second file at another resolution', async () => {
    cleanup = new Cleanup();
    const folder = await tempDir(cleanup, 'companion-copy-');
    const { rig, copy, events } = await rigWithCopy('reconnects', folder);
    const runs = [['640x360', 4], ['640x360', 4], ['320x240', 4]] as const;
    for (const [index, [size, seconds]] of runs.entries()) {
      expect(await encoders.publish(rig.publishUrl, seconds, size).exited).toBe(0);
      await rig.ingestEvents.waitFor('encoder-disconnected', 10_000, () => true, index);
    }
    await copy.stop();
    const closed = events.of('copy-file-closed');
    expect(events.of('copy-started')).toHaveLength(2);
    expect(closed).toHaveLength(2);
    expect(events.events.at(-1)).toMatchObject({ event: 'copy-stopped', reason: 'ended' });
    expect(readdirSync(folder).sort()).toEqual(closed.map((file) => file.path.slice(folder.length + 1)).sort());

    const [first, second] = closed.map((file) => file.path);
    // Two encoder runs of 4 s in one file, each frame after the one before.
    expect(await videoSizeOf(first!)).toBe('640x360');
    expect(await codecsOf(first!)).toEqual(['aac', 'h264']);
    expect(Math.abs((await durationOf(first!)) - 8)).toBeLessThan(1);
    expect(backwardSteps(await decodingTimes(first!))).toEqual([]);
    // The new parameters: a file of its own, starting at a keyframe.
    expect(await videoSizeOf(second!)).toBe('320x240');
    expect(await firstFrameKey(second!)).toMatch(/^1/);
    expect(Math.abs((await durationOf(second!)) - 4)).toBeLessThan(1);
    expect(backwardSteps(await decodingTimes(second!))).toEqual([]);
    expect(copy.status()).toMatchObject({ state: 'stopped', currentFile: null, warning: null, files: closed.map(({ path, bytes, durationSeconds }) => ({ path, bytes, durationSeconds })) });
  }, 60_000);
});

describe('the safety copy on a disk short of space', () => {
  it('does not start under the threshold, says so, and the relay sends all the same', async () => {
    cleanup = new Cleanup();
    const folder = await tempDir(cleanup, 'companion-copy-low-');
    const free = await freeBytes(folder);
    const { rig, copy, events } = await rigWithCopy('low-at-start', folder, { minFreeBytes: free * 2 });
    const stopped = await events.waitFor('copy-stopped', 1000);
    expect(stopped.reason).toBe('low-disk');
    expect(stopped.warning).toMatch(/^The safety copy stopped: only [\d.]+ GB is free on the disk of .+ \(it needs [\d.]+ GB\)\. The broadcast goes on; free some space before the next one\.$/);
    expect(copy.status()).toMatchObject({ state: 'stopped', warning: stopped.warning });
    expect(await encoders.publish(rig.publishUrl, 4).exited).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
    await rig.relay.stop('test over');
    const recording = (await nginx.recordings()).find((file) => file.path.includes('low-at-start'));
    expect(Math.abs((await durationOf(recording!.path)) - 4)).toBeLessThan(1);
  }, 30_000);

  it('stops with a warning when the disk fills up during the broadcast, keeps what it wrote, and the target keeps receiving', async (context) => {
    const disk = smallFolder(32);
    if (disk === null) return context.skip('this machine cannot mount a tmpfs (not root, or no capability)');
    cleanup = new Cleanup();
    try {
      // The copy may take 600 KB of the disk before it stops.
      const free = await freeBytes(disk.dir);
      const { rig, copy, events } = await rigWithCopy('low-during', disk.dir, { minFreeBytes: free - 600 * 1024, diskCheckMs: 250 });
      const encoder = encoders.publish(rig.publishUrl, 12);
      const stopped = await events.waitFor('copy-stopped', 15_000);
      expect(stopped.reason).toBe('low-disk');
      expect(stopped.warning).toContain(`free on the disk of ${disk.dir}`);
      const sentAtStop = rig.relay.stats().targets[0]!.bytes;
      const closed = await events.waitFor('copy-file-closed', 5000);
      expect(closed.bytes).toBeGreaterThan(300 * 1024);
      expect(await codecsOf(closed.path)).toEqual(['aac', 'h264']);
      expect(backwardSteps(await decodingTimes(closed.path))).toEqual([]);

      expect(await encoder.exited).toBe(0);
      // The broadcast went on after the copy stopped: more was sent, and nginx recorded the whole stream.
      expect(rig.relay.stats().targets[0]!.bytes).toBeGreaterThan(sentAtStop + 300 * 1024);
      await rig.relay.stop('test over');
      const recording = (await nginx.recordings()).find((file) => file.path.includes('low-during'));
      expect(Math.abs((await durationOf(recording!.path)) - 12)).toBeLessThan(1);
      expect(copy.status().state).toBe('stopped');
    } finally {
      await cleanup.close();
      disk.release();
    }
  }, 40_000);
});

async function freeBytes(folder: string): Promise<number> {
  const info = await statfs(folder);
  return info.bavail * info.bsize;
}

