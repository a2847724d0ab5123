// The encoder-drop bridge with a scripted ingest, the real slates of assets/slates/ and a fake clock:
// timestamps that continue across the drop and the return, the switch back at a keyframe, the window.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncoderBridge, type BridgeEvent, type EncoderBridge } from '../../../main/relay/encoder-bridge.js';
import type { IngestSink } from '../../../main/relay/local-ingest.js';
import { classify, isSequenceEnd, type MediaPacket } from '../../../main/relay/media-packet.js';
import type { StreamInfo } from '../../../main/relay/relay-types.js';
import { SlateLibrary } from '../../../main/relay/slate-library.js';
import { slatesDir } from '../../../main/paths.js';
import { label, packets } from './packets.js';

const INFO: StreamInfo = { codecs: { video: 'h264', audio: 'aac' }, width: 640, height: 360, fps: 30 };

class ScriptedIngest {
  sink: IngestSink | null = null;
  subscribe(sink: IngestSink): () => void {
    this.sink = sink;
    return () => (this.sink = null);
  }
}

/** What a subscriber was told, in order. */
class Recorder implements IngestSink {
  readonly calls: string[] = [];
  readonly media: MediaPacket[] = [];
  started(): void {
    this.calls.push('started');
  }
  packet(packet: MediaPacket): void {
    this.media.push(packet);
  }
  described(info: StreamInfo): void {
    this.calls.push(`described ${info.width}x${info.height}`);
  }
  ended(reason: string): void {
    this.calls.push(`ended: ${reason}`);
  }
  frames(kind: 'audio' | 'video'): MediaPacket[] {
    return this.media.filter((packet) => packet.kind === kind && !packet.config);
  }
}

/** An encoder publish of `seconds`: configs, then 30 fps video (a keyframe each second) and 44.1 kHz AAC. */
function encoderSends(sink: IngestSink, from: number, seconds: number): void {
  for (const packet of [packets.metadata(from), packets.videoConfig(from), packets.audioConfig(from)]) sink.packet(packet);
  const frames = seconds * 30;
  for (let index = 0; index < frames; index += 1) {
    const time = from + Math.round((index * 1000) / 30);
    sink.packet(index % 30 === 0 ? packets.keyframe(time) : packets.frame(time));
    if (index % 1 === 0) sink.packet(packets.audio(time));
  }
}

/** Every step between consecutive frames of one kind: never backwards, never over `maxGap`. */
function expectSteady(frames: readonly MediaPacket[], maxGap: number): void {
  for (let index = 1; index < frames.length; index += 1) {
    const step = frames[index]!.timestamp - frames[index - 1]!.timestamp;
    expect(step, `step at ${frames[index]!.timestamp}`).toBeGreaterThanOrEqual(0);
    expect(step, `step at ${frames[index]!.timestamp}`).toBeLessThanOrEqual(maxGap);
  }
}

let slates: SlateLibrary;
beforeAll(async () => {
  slates = await SlateLibrary.load(slatesDir);
});

describe('the encoder-drop bridge', () => {
  let ingest: ScriptedIngest;
  let out: Recorder;
  let events: BridgeEvent[];
  let bridge: EncoderBridge;
  let unsubscribe: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    ingest = new ScriptedIngest();
    out = new Recorder();
    events = [];
    bridge = createEncoderBridge({ ingest, slates, windowMs: 20_000, onEvent: (event) => events.push(event), now: () => Date.now() });
    unsubscribe = bridge.subscribe(out);
  });
  afterEach(() => {
    unsubscribe();
    vi.useRealTimers();
  });

  const encoder = (): IngestSink => ingest.sink!;
  const connect = (): void => {
    encoder().started();
    encoderSends(encoder(), 0, 1);
    encoder().described(INFO);
  };

  it('passes a running publish through untouched', () => {
    connect();
    expect(out.calls).toEqual(['started', 'described 640x360']);
    expect(out.media.slice(0, 4).map((packet) => label(packet))).toEqual(['meta', 'vcfg', 'acfg', 'key@0']);
    expect(out.frames('video')).toHaveLength(30);
  });

  it('sends the matching slate when the encoder leaves, stamped to continue the stream in step with the clock', () => {
    connect();
    const lastEncoderTime = out.frames('video').at(-1)!.timestamp;
    encoder().ended('the encoder disconnected');
    expect(out.calls).not.toContain('ended: the encoder disconnected');
    expect(events).toEqual([{ event: 'bridge-started', at: 1_000_000, windowMs: 20_000, slate: '640x360@30' }]);
    expect(bridge.holding()).toEqual({ since: 1_000_000, until: 1_020_000, slate: '640x360@30' });
    const slate = out.media.slice(out.media.findIndex((packet) => packet.timestamp > lastEncoderTime));
    expect(slate.slice(0, 3).map((packet) => label(packet))).toEqual(['vcfg', 'acfg', `key@${lastEncoderTime + 33}`]);
    vi.advanceTimersByTime(5000);
    expectSteady(out.frames('video'), 34);
    expectSteady(out.frames('audio'), 34);
    // Paced to the clock: five seconds of holding is five seconds of stream.
    expect(out.frames('video').at(-1)!.timestamp - (lastEncoderTime + 33)).toBeGreaterThan(4950);
    expect(out.frames('video').at(-1)!.timestamp - (lastEncoderTime + 33)).toBeLessThanOrEqual(5000);
    // The 640x360 slate at 30 fps loops every two seconds: keyframes at its start and every 60 frames.
    const keyframes = out.frames('video').filter((packet) => packet.keyframe && packet.timestamp > lastEncoderTime);
    expect(keyframes.length).toBe(3);
  });

  it("keeps the encoder's end of sequence from the targets: the stream goes on with the slate", () => {
    connect();
    const end = classify('video', 1000, Buffer.from([0x17, 0x02, 0, 0, 0]));
    expect(isSequenceEnd(end)).toBe(true);
    expect(isSequenceEnd(out.frames('video')[1]!)).toBe(false);
    encoder().packet(end);
    encoder().ended('the encoder disconnected');
    expect(out.media.filter((packet) => isSequenceEnd(packet))).toEqual([]);
    expect(events.map((event) => event.event)).toEqual(['bridge-started']);
  });

  it('returns to the encoder at its first keyframe, with its headers, re-stamped to continue', () => {
    connect();
    encoder().ended('the encoder disconnected');
    vi.advanceTimersByTime(3000);
    encoder().started();
    // Audio and a frame before the keyframe: the slate goes on meanwhile.
    for (const packet of [packets.metadata(0), packets.videoConfig(0), packets.audioConfig(0), packets.audio(0), packets.frame(10)]) encoder().packet(packet);
    encoder().described(INFO);
    vi.advanceTimersByTime(500);
    expect(out.calls).toEqual(['started', 'described 640x360']);
    const lastSlateVideo = out.frames('video').at(-1)!.timestamp;
    const lastSlateAudio = out.frames('audio').at(-1)!.timestamp;
    const before = out.media.length;
    encoder().packet(packets.keyframe(40));
    encoder().packet(packets.audio(30));
    encoder().packet(packets.audio(63));
    encoder().packet(packets.frame(73));
    const switched = out.media.slice(before).map((packet) => label(packet));
    const at = Math.max(lastSlateVideo + 33, lastSlateAudio + 1);
    expect(switched).toEqual(['meta', 'vcfg', 'acfg', `key@${at}`, `a@${at + 23}`, `v@${at + 33}`]);
    expect(events.map((event) => event.event === 'bridge-ended' && event.reason)).toEqual([false, 'encoder-back']);
    expect(bridge.holding()).toBeNull();
    expect(out.calls).toEqual(['started', 'described 640x360', 'described 640x360']);
    // The slate stopped: no more of its frames after the switch.
    vi.advanceTimersByTime(2000);
    expect(out.media.length - before).toBe(6);
    expectSteady(out.frames('video'), 34);
    // Audio the encoder stamped before its keyframe is dropped: at most two AAC frames' worth of a step.
    expectSteady(out.frames('audio'), 80);
  });

  it('ends the stream when the encoder stays away past the window, and starts afresh after', () => {
    connect();
    encoder().ended('the encoder disconnected');
    vi.advanceTimersByTime(19_990);
    expect(out.calls.filter((call) => call.startsWith('ended'))).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(out.calls.at(-1)).toBe('ended: the encoder stayed away for 20 s');
    expect(events.at(-1)).toEqual({ event: 'bridge-ended', at: 1_020_000, reason: 'timeout' });
    const count = out.media.length;
    vi.advanceTimersByTime(1000);
    expect(out.media.length).toBe(count);
    encoder().started();
    encoder().packet(packets.keyframe(0));
    expect(out.calls.at(-1)).toBe('started');
    expect(label(out.media.at(-1)!)).toBe('key@0');
  });

  it('ends at once, with no slate, when the encoder leaves before sending anything', () => {
    encoder().started();
    encoder().ended('the encoder disconnected');
    expect(out.calls).toEqual(['started', 'ended: the encoder disconnected']);
    expect(events).toEqual([]);
  });

  it('holds on when a returning encoder leaves again before its keyframe', () => {
    connect();
    encoder().ended('the encoder disconnected');
    encoder().started();
    encoder().packet(packets.frame(0));
    encoder().ended('the encoder disconnected');
    vi.advanceTimersByTime(1000);
    expect(bridge.holding()).not.toBeNull();
    encoder().started();
    encoder().packet(packets.keyframe(0));
    expect(events.map((event) => event.event)).toEqual(['bridge-started', 'bridge-ended']);
  });

  it('tells a subscriber that joins during the hold the slate from its headers and keyframe', () => {
    connect();
    encoder().ended('the encoder disconnected');
    vi.advanceTimersByTime(500);
    const late = new Recorder();
    const leave = bridge.subscribe(late);
    expect(late.calls).toEqual(['started']);
    // The encoder's metadata stays: the slate matches what it described.
    expect(late.media.slice(0, 3).map((packet) => label(packet))).toEqual(['meta', 'vcfg', 'acfg']);
    expect(late.media.find((packet) => packet.kind === 'video' && !packet.config)?.keyframe).toBe(true);
    leave();
  });

  it('stops the slate when its last subscriber leaves', () => {
    connect();
    encoder().ended('the encoder disconnected');
    unsubscribe();
    expect(ingest.sink).toBeNull();
    expect(bridge.holding()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('choosing a slate', () => {
  it('takes the same size and rates when there is one, else the nearest', () => {
    expect(slates.choose({ width: 1280, height: 720, fps: 60, sampleRate: 48000, channels: 2 })).toMatchObject({ video: { label: '1280x720@60' }, audio: { sampleRate: 48000, channels: 2 } });
    expect(slates.choose({ width: 1920, height: 1200, fps: 59.94, sampleRate: 32000, channels: 1 })).toMatchObject({ video: { label: '1920x1080@60' }, audio: { sampleRate: 44100, channels: 1 } });
    expect(slates.choose({ width: 960, height: 540, fps: 24, sampleRate: null, channels: 6 })).toMatchObject({ video: { label: '854x480@25' }, audio: { sampleRate: 48000, channels: 2 } });
    expect(slates.choose({ width: null, height: null, fps: null, sampleRate: null, channels: null }).video.label).toBe('1280x720@30');
    // Two seconds of frames each, without the end-of-sequence packet that ends the file.
    const { video, audio } = slates.choose({ width: 1920, height: 1080, fps: 50, sampleRate: 48000, channels: 2 });
    expect(video.frames).toHaveLength(100);
    expect(video.frames.every((frame, index) => frame.keyframe === (index === 0))).toBe(true);
    expect(audio.frameMs).toBeCloseTo(21.333, 3);
  });
});
