// The send queue's dropping policy on synthetic packets: disposable frames go first, then whole GOPs from the
// oldest, audio with video; headers and metadata stay; memory stays bounded however long the link is slow.
import { describe, expect, it } from 'vitest';
import { isDisposableFrame, SendQueue, type QueuedMessage } from '../../../main/relay/send-queue.js';
import { label, packets } from './packets.js';

/** An AVC frame whose one slice has NAL type `type` and nal_ref_idc `ref` (0: no frame refers to it). */
function avcFrame(timestamp: number, ref: number, type = 1, size = 64): QueuedMessage {
  const nal = Buffer.alloc(size, 7);
  nal[0] = (ref << 5) | type;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(nal.length);
  // An SEI (type 6, ref 0) before the slice, as x264 writes: not a slice, so it says nothing either way.
  const sei = Buffer.from([0, 0, 0, 2, 0x06, 0x05]);
  return { kind: 'video', timestamp, payload: Buffer.concat([Buffer.from([type === 5 ? 0x17 : 0x27, 0x01, 0, 0, 0]), sei, length, nal]) };
}

function drain(queue: SendQueue): string[] {
  const out: string[] = [];
  for (let message = queue.shift(); message !== undefined; message = queue.shift()) {
    out.push(message.kind === 'video' && isDisposableFrame(message.payload) ? `b@${message.timestamp}` : label(message));
  }
  return out;
}

/** A 30 fps stream with a keyframe every `gop` frames, audio every 23 ms, B-like disposable frames every other frame. */
function* stream(seconds: number, gop = 30, frameBytes = 64): Generator<QueuedMessage> {
  let audio = 0;
  for (let frame = 0; frame < seconds * 30; frame += 1) {
    const timestamp = Math.round((frame * 1000) / 30);
    for (; audio <= timestamp; audio += 23) yield packets.audio(audio);
    if (frame % gop === 0) yield avcFrame(timestamp, 3, 5, frameBytes);
    else yield avcFrame(timestamp, frame % 2 === 0 ? 0 : 2, 1, frameBytes);
  }
}

describe('telling disposable frames', () => {
  it('reads nal_ref_idc of the slices in AVCC, and the FLV disposable frame type', () => {
    expect(isDisposableFrame(avcFrame(0, 0).payload)).toBe(true);
    expect(isDisposableFrame(avcFrame(0, 2).payload)).toBe(false);
    expect(isDisposableFrame(avcFrame(0, 3, 5).payload)).toBe(false);
    expect(isDisposableFrame(Buffer.from([0x32, 0, 0]))).toBe(true);
    // Only an SEI, no slice: nothing tells it is disposable.
    expect(isDisposableFrame(Buffer.from([0x27, 0x01, 0, 0, 0, 0, 0, 0, 2, 0x06, 0x05]))).toBe(false);
    // Two-byte NAL lengths, as the sequence header may say.
    expect(isDisposableFrame(Buffer.from([0x27, 0x01, 0, 0, 0, 0, 2, 0x01, 0x80]), 2)).toBe(true);
    // Enhanced RTMP HEVC inter frame: cannot be told, so never dropped as disposable.
    expect(isDisposableFrame(Buffer.from([0xa1, ...Buffer.from('hvc1'), 0, 0, 0, 0x02, 0x01]))).toBe(false);
  });
});

describe('the send queue', () => {
  it('keeps everything, in order, while the backlog is short', () => {
    const queue = new SendQueue({ disposableAfterMs: 1000, maxMs: 3000, maxBytes: 1 << 20 });
    const sent = [packets.metadata(), packets.videoConfig(), packets.audioConfig(), avcFrame(0, 3, 5), packets.audio(0), avcFrame(33, 0), avcFrame(66, 2)];
    for (const message of sent) queue.push(message);
    expect(queue.durationMs).toBe(66);
    expect(drain(queue)).toEqual(['meta', 'vcfg', 'acfg', 'key@0', 'a@0', 'b@33', 'v@66']);
    expect(queue).toMatchObject({ droppedFrames: 0, droppedGops: 0, bytes: 0 });
  });

  it('drops disposable frames first once more than the threshold waits, and nothing else', () => {
    const queue = new SendQueue({ disposableAfterMs: 1000, maxMs: 3000, maxBytes: 1 << 20 });
    for (const message of stream(2.5)) queue.push(message);
    const out = drain(queue);
    // Frames 0..30 wait less than 1 s: all kept; afterwards the disposable ones (every other frame) are dropped.
    // 75 frames: 3 keyframes, 37 odd ones that are referred to, 35 disposable ones of which 14 come in the first second.
    expect(out.filter((name) => name.startsWith('b@') && Number(name.slice(2)) <= 1000)).toHaveLength(14);
    expect(out.filter((name) => name.startsWith('b@') && Number(name.slice(2)) > 1000)).toEqual([]);
    expect(queue.droppedFrames).toBe(21);
    expect(queue.droppedGops).toBe(0);
    // Every reference frame and every audio frame (0 to 2461 ms, every 23 ms) is there.
    expect(out.filter((name) => name.startsWith('v@') || name.startsWith('key@'))).toHaveLength(40);
    expect(out.filter((name) => name.startsWith('a@'))).toHaveLength(108);
  });

  it('then drops whole GOPs from the oldest, audio with video, keeping headers and metadata, so the rest starts at a keyframe', () => {
    const queue = new SendQueue({ disposableAfterMs: 1000, maxMs: 3000, maxBytes: 1 << 20 });
    queue.push(packets.metadata());
    queue.push(packets.videoConfig());
    queue.push(packets.audioConfig());
    for (const message of stream(5)) queue.push(message);
    expect(queue.durationMs).toBeLessThanOrEqual(3000);
    const out = drain(queue);
    expect(out.slice(0, 3)).toEqual(['meta', 'vcfg', 'acfg']);
    // The two oldest GOPs (0 s to 2 s) went: the queue resumes at the keyframe at 2 s, audio from there too.
    expect(out[3]).toBe('key@2000');
    expect(out.filter((name) => name.startsWith('a@')).map((name) => Number(name.slice(2)))[0]).toBeGreaterThanOrEqual(2000 - 23);
    expect(queue.droppedGops).toBe(2);
    // Timestamps never go backwards per stream.
    for (const kind of ['a@', 'v@', 'key@', 'b@']) {
      const times = out.filter((name) => name.startsWith(kind)).map((name) => Number(name.split('@')[1]));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('keeps a sequence header that arrives mid-stream when its GOP is dropped', () => {
    const queue = new SendQueue({ disposableAfterMs: 10_000, maxMs: 1500, maxBytes: 1 << 20 });
    const all = [...stream(2)];
    all.splice(40, 0, packets.videoConfig(500), packets.metadata(500));
    for (const message of all) queue.push(message);
    const out = drain(queue);
    expect(out.slice(0, 2)).toEqual(['vcfg', 'meta']);
    expect(out[2]).toBe('key@1000');
  });

  it('bounds the bytes too: a link that takes nothing for a minute holds at most the limit', () => {
    const maxBytes = 256 * 1024;
    const queue = new SendQueue({ disposableAfterMs: 1000, maxMs: 3000, maxBytes });
    let peak = 0;
    for (const message of stream(60, 60, 4000)) {
      queue.push(message);
      peak = Math.max(peak, queue.bytes);
    }
    // One message may overshoot before the oldest GOP goes; never more.
    expect(peak).toBeLessThanOrEqual(maxBytes + 4100);
    expect(queue.bytes).toBeLessThanOrEqual(maxBytes);
    expect(queue.droppedGops).toBeGreaterThan(20);
    expect(drain(queue).find((name) => name.startsWith('key@') || name.startsWith('v@') || name.startsWith('b@'))).toMatch(/^key@/);
  });

  it('with no keyframe waiting, drops everything waiting and what arrives until the next keyframe', () => {
    const queue = new SendQueue({ disposableAfterMs: 10_000, maxMs: 500, maxBytes: 1 << 20 });
    // One long GOP (keyframes every 3 s): past 0.5 s there is no later keyframe to cut at.
    const all = [...stream(4, 90)];
    let at = 0;
    for (; all[at]!.timestamp < 600; at += 1) queue.push(all[at]!);
    expect(queue.droppedGops).toBe(1);
    for (; all[at]!.timestamp < 3300; at += 1) queue.push(all[at]!);
    const out = drain(queue);
    expect(out[0]).toBe('key@3000');
    expect(out).toContain('b@3267');
    expect(queue.droppedGops).toBe(1);
  });

  it('drops the oldest audio frames of an audio-only stream', () => {
    const queue = new SendQueue({ disposableAfterMs: 100, maxMs: 1000, maxBytes: 1 << 20 });
    queue.push(packets.audioConfig());
    for (let timestamp = 0; timestamp < 3000; timestamp += 23) queue.push(packets.audio(timestamp));
    expect(queue.durationMs).toBeLessThanOrEqual(1000);
    const out = drain(queue);
    expect(out[0]).toBe('acfg');
    expect(Number(out[1]!.slice(2))).toBeGreaterThan(1900);
  });
});
