import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlvWriter, type FlvWriteFailure } from '../../../main/relay/flv-writer.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import { startSafetyCopy, type SafetyCopyEvent, type SafetyCopyOptions } from '../../../main/relay/safety-copy.js';
import { decodeMetadata } from '../../../main/relay/nms-binding.js';
import { readFlv } from './flv-tags.js';
import { label, packets } from './packets.js';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'safety-copy-unit-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** An ingest that hands its one subscriber what the test says. */
function fakeIngest() {
  let sink: IngestSink | null = null;
  return {
    subscribe(next: IngestSink) {
      sink = next;
      return () => (sink = null);
    },
    get sink(): IngestSink {
      return sink!;
    },
    get subscribed(): boolean {
      return sink !== null;
    },
  };
}

async function copyOn(options: Partial<SafetyCopyOptions> = {}) {
  const ingest = fakeIngest();
  const events: SafetyCopyEvent[] = [];
  const copy = await startSafetyCopy(ingest, { folder, minFreeBytes: 0, onEvent: (event) => events.push(event), now: () => new Date(2026, 10, 26, 22, 10, 5).getTime(), ...options });
  return { ingest, events, copy };
}

/** A publish: metadata, configurations, then the frames at `times` (a keyframe each 100 ms, audio in between). */
function publish(sink: IngestSink, start: number, end: number, config = packets.videoConfig()): void {
  sink.started();
  for (const packet of [packets.metadata(), config, packets.audioConfig()]) sink.packet(packet);
  for (let time = start; time <= end; time += 50) sink.packet(time % 100 === 0 ? packets.keyframe(time) : packets.audio(time));
  sink.ended('the encoder disconnected');
}

const labels = (path: string) => readFlv(path).tags.map((tag) => label(tag));

describe('the safety copy engine', () => {
  it('starts a file at a keyframe with the metadata and configurations at 0, named by date and time', async () => {
    const { ingest, events, copy } = await copyOn();
    const sink = ingest.sink;
    sink.started();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig(), packets.audio(980), packets.frame(990), packets.keyframe(1000), packets.audio(1010), packets.frame(1033)]) sink.packet(packet);
    await copy.stop();
    const path = join(folder, 'companion-2026-11-26_22-10-05.flv');
    expect(events).toEqual([
      { event: 'copy-started', at: expect.any(Number), path },
      { event: 'copy-file-closed', at: expect.any(Number), path, bytes: expect.any(Number), durationSeconds: 0.033 },
      { event: 'copy-stopped', at: expect.any(Number), reason: 'ended' },
    ]);
    const file = readFlv(path);
    expect(file).toMatchObject({ hasAudio: true, hasVideo: true, sizesAgree: true });
    expect(labels(path)).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@10', 'v@33']);
    expect(decodeMetadata(file.tags[0]!.payload)).toMatchObject({ duration: 0.033, filesize: (events[1] as { bytes: number }).bytes });
    expect(ingest.subscribed).toBe(false);
  });

  it('goes on in the same file after a reconnect with the same parameters, its times moved on; new parameters start a new file', async () => {
    const { ingest, events, copy } = await copyOn();
    publish(ingest.sink, 5000, 5200);
    publish(ingest.sink, 0, 100);
    // Another profile in the AVC configuration: another resolution or encoder setting.
    publish(ingest.sink, 0, 100, { ...packets.videoConfig(), payload: Buffer.from([0x17, 0x00, 0, 0, 0, 1, 0x4d]) });
    await copy.stop();
    const files = readdirSync(folder).sort();
    expect(files).toEqual(['companion-2026-11-26_22-10-05-2.flv', 'companion-2026-11-26_22-10-05.flv']);
    expect(labels(join(folder, files[1]!))).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@50', 'key@100', 'a@150', 'key@200', 'key@240', 'a@290', 'key@340']);
    expect(labels(join(folder, files[0]!))).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@50', 'key@100']);
    expect(events.filter((event) => event.event === 'copy-file-closed').map((event) => event.event === 'copy-file-closed' && event.durationSeconds)).toEqual([0.34, 0.1]);
  });

  it('stops with a warning when the disk cannot keep up, and writes nothing more', async () => {
    const { ingest, events, copy } = await copyOn({ maxQueuedBytes: 2000 });
    const sink = ingest.sink;
    sink.started();
    for (const packet of [packets.metadata(), packets.videoConfig(), packets.audioConfig()]) sink.packet(packet);
    for (let time = 0; time < 3000; time += 100) sink.packet(packets.keyframe(time));
    // Told from inside a write, acted on once that write is done with.
    await new Promise((resolve) => setImmediate(resolve));
    expect(copy.status().state).toBe('stopped');
    await copy.stop();
    expect(events.at(-1)).toEqual({ event: 'copy-stopped', at: expect.any(Number), reason: 'disk-too-slow', warning: expect.stringMatching(/^The safety copy stopped: the disk could not keep up with the stream while writing .+\. The broadcast goes on; the file holds what was written\.$/) });
    expect(copy.status()).toMatchObject({ state: 'stopped', warning: (events.at(-1) as { warning: string }).warning });
    expect(ingest.subscribed).toBe(false);
  });

  it('does not start in a folder that is not there, and says what to do', async () => {
    const { events, copy, ingest } = await copyOn({ folder: join(folder, 'missing') });
    expect(events).toEqual([{ event: 'copy-stopped', at: expect.any(Number), reason: 'folder-unusable', warning: `The safety copy folder ${join(folder, 'missing')} does not exist: create it or choose another one.` }]);
    expect(copy.status().state).toBe('stopped');
    expect(ingest.subscribed).toBe(false);
  });
});

describe('the FLV writer', () => {
  it('fails once, with the system error, when the file cannot be made', async () => {
    const failures: FlvWriteFailure[] = [];
    const writer = new FlvWriter(join(folder, 'no', 'such.flv'), { hasAudio: true, hasVideo: true, onFailure: (failure) => failures.push(failure) });
    writer.writeTag('video', 0, Buffer.alloc(10));
    expect(await writer.close()).toEqual({ bytes: 0, durationSeconds: 0 });
    expect(failures).toEqual([{ kind: 'write-failed', code: 'ENOENT', message: expect.any(String) }]);
  });

  it('writes 32-bit timestamps (past 4.6 hours) with their upper byte', async () => {
    const path = join(folder, 'long.flv');
    const writer = new FlvWriter(path, { hasAudio: false, hasVideo: true });
    writer.writeMetadata(null);
    writer.writeTag('video', 0x01_00_00_05, packets.keyframe(0).payload);
    expect(await writer.close()).toMatchObject({ durationSeconds: 0x01_00_00_05 / 1000 });
    expect(readFlv(path).tags.map((tag) => tag.timestamp)).toEqual([0, 0x01_00_00_05]);
  });
});
