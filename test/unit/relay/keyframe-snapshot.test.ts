// The confidence monitor's tap on the local ingest: a real slate's tags (assets/slates/) go through it; the
// snapshot it keeps decodes with ffprobe from its description and keyframe alone, is taken at most once
// per interval without copying the frame, and goes when the encoder leaves or changes its parameters.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFlvPackets } from '../../../main/relay/flv-reader.js';
import { avcCodecString, tapKeyframes } from '../../../main/relay/keyframe-snapshot.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import { classify, type MediaPacket } from '../../../main/relay/media-packet.js';
import { slatesDir } from '../../../main/paths.js';
import { decodeKeyframe } from '../../support/keyframe-decode.js';
import { packets } from './packets.js';

/** A stand-in for the local ingest: the test plays the encoder through the one sink subscribed. */
function fakeIngest() {
  let sink: IngestSink | null = null;
  return {
    subscribe(next: IngestSink) {
      sink = next;
      return () => void (sink = null);
    },
    get sink(): IngestSink {
      if (sink === null) throw new Error('nobody is subscribed');
      return sink;
    },
  };
}

/** A sequence header with a main-profile avcC (no parameter sets: enough for the tap, not for a decoder). */
const avcC = Buffer.from([1, 0x4d, 0x40, 0x1f, 0xff, 0xe0, 0]);
const videoConfig = (timestamp = 0): MediaPacket => classify('video', timestamp, Buffer.from([0x17, 0, 0, 0, 0, ...avcC]));
const info = { codecs: { video: 'h264', audio: null }, width: 640, height: 360, fps: 30 };
let slate: MediaPacket[];

beforeAll(async () => {
  slate = readFlvPackets(await readFile(join(slatesDir, 'slate-640x360-30.flv')));
});

describe('the keyframe snapshot', () => {
  it('keeps the configuration and a keyframe that decode on their own', async () => {
    const ingest = fakeIngest();
    const tap = tapKeyframes(ingest, { now: () => 1000 });
    expect(tap.latest()).toBeNull();
    ingest.sink.started();
    for (const packet of slate) ingest.sink.packet(packet);
    ingest.sink.described(info);
    const snapshot = tap.latest()!;
    const config = slate.find((packet) => packet.kind === 'video' && packet.config)!;
    expect(snapshot).toMatchObject({ codec: avcCodecString(config.payload.subarray(5)), width: 640, height: 360, at: 1000 });
    expect(snapshot.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
    expect(snapshot.description.equals(config.payload.subarray(5))).toBe(true);
    expect(await decodeKeyframe(snapshot)).toEqual({ frames: '1,640,360', errors: '' });
    // Without the description the same bytes do not decode: the test can tell.
    expect((await decodeKeyframe({ description: Buffer.alloc(0), keyframe: snapshot.keyframe })).frames).toBe('');
    tap.stop();
  });

  it('takes a keyframe at most once per interval, as a view of the packet rather than a copy', () => {
    const ingest = fakeIngest();
    let now = 0;
    const tap = tapKeyframes(ingest, { intervalMs: 2000, now: () => now });
    ingest.sink.started();
    ingest.sink.packet(videoConfig());
    const taken: number[] = [];
    for (let second = 0; second < 6; second += 0.5) {
      now = second * 1000;
      const keyframe = packets.keyframe(now);
      ingest.sink.packet(keyframe);
      ingest.sink.packet(packets.frame(now + 33));
      if (tap.latest()?.at === now) {
        taken.push(now);
        expect(tap.latest()!.keyframe.buffer).toBe(keyframe.payload.buffer);
      }
    }
    expect(taken).toEqual([0, 2000, 4000]);
    // An encoder with a keyframe every 2 s whose frames arrive a little early is not skipped every other time.
    now = 5900;
    ingest.sink.packet(packets.keyframe(now));
    expect(tap.latest()?.at).toBe(5900);
  });

  it('forgets the picture when the encoder leaves, starts again, or changes its parameters', () => {
    const ingest = fakeIngest();
    let now = 0;
    const tap = tapKeyframes(ingest, { now: () => (now += 5000) });
    const play = () => {
      ingest.sink.packet(videoConfig());
      ingest.sink.packet(packets.keyframe(0));
    };
    ingest.sink.started();
    play();
    expect(tap.latest()).not.toBeNull();
    ingest.sink.packet(videoConfig(40));
    expect(tap.latest()).toBeNull();
    ingest.sink.packet(packets.keyframe(80));
    expect(tap.latest()).not.toBeNull();
    ingest.sink.ended('the encoder disconnected');
    expect(tap.latest()).toBeNull();
    ingest.sink.started();
    ingest.sink.packet(packets.keyframe(0));
    expect(tap.latest()).toBeNull();
    tap.stop();
    expect(() => ingest.sink).toThrow('nobody is subscribed');
  });

  it('reads Enhanced RTMP avc1 frames and leaves other codecs alone', () => {
    const ingest = fakeIngest();
    const tap = tapKeyframes(ingest, { now: () => 0 });
    const enhanced = (packetType: number, fourCc: string, rest: number[]) => classify('video', 0, Buffer.from([0x90 | packetType, ...Buffer.from(fourCc, 'latin1'), ...rest]));
    ingest.sink.started();
    ingest.sink.packet(enhanced(0, 'hvc1', [1, 2, 3, 4, 5, 6, 7]));
    ingest.sink.packet(enhanced(1, 'hvc1', [0, 0, 0, 0, 0, 0, 1, 9]));
    expect(tap.latest()).toBeNull();
    ingest.sink.packet(enhanced(0, 'avc1', [...avcC]));
    ingest.sink.packet(enhanced(1, 'avc1', [0, 0, 0, 0, 0, 0, 1, 0x65]));
    expect(tap.latest()).toMatchObject({ codec: 'avc1.4d401f', description: avcC, keyframe: Buffer.from([0, 0, 0, 1, 0x65]) });
  });
});
