// The outbound buffer on a fake socket: messages go straight to the socket under the watermark, wait in the
// queue above it, and come out in order as the socket drains; congestion is told once when more than 2 s of
// media waits and once when it has caught up; the send rate gives the time to drain.
import { describe, expect, it } from 'vitest';
import { OutboundBuffer, type BufferLimits } from '../../../main/relay/outbound-buffer.js';
import type { QueuedMessage } from '../../../main/relay/send-queue.js';
import { label, packets } from './packets.js';

const limits: BufferLimits = { disposableAfterMs: 1000, maxMs: 3000, maxBytes: 1 << 20, watermark: 1000, inFlightLimit: 1 << 20, congestedAfterMs: 2000, recoveredUnderMs: 500 };

/** A socket that holds what is written until `drain` lets `bytes` of it leave. */
class FakeSocket {
  writableLength = 0;
  bytesWritten = 0;
  readonly written: string[] = [];
  readonly write = (message: QueuedMessage): void => {
    this.written.push(label(message));
    this.writableLength += message.payload.length;
    this.bytesWritten += message.payload.length;
  };
  drain(bytes = Infinity): void {
    this.writableLength = Math.max(0, this.writableLength - bytes);
  }
}

function setup(bufferLimits = limits) {
  const socket = new FakeSocket();
  const buffer = new OutboundBuffer(socket, socket.write, bufferLimits);
  const told: [boolean, number][] = [];
  buffer.onCongestion((congested, stats) => told.push([congested, stats.backlogSeconds]));
  const send = (message: QueuedMessage) => buffer.send(message.kind, message.timestamp, message.payload);
  return { socket, buffer, told, send };
}

describe('the outbound buffer', () => {
  it('writes straight through under the watermark and queues above it, in order', () => {
    const { socket, buffer, send } = setup();
    send(packets.keyframe(0));
    send(packets.audio(10));
    expect(socket.written).toEqual(['key@0', 'a@10']);
    socket.writableLength = 1000;
    send(packets.frame(33));
    send(packets.audio(40));
    expect(socket.written).toHaveLength(2);
    expect(buffer.stats(0)).toMatchObject({ bytes: 1000 + 21 + 16 + 10 + 16, congested: false });
    socket.drain();
    buffer.flush();
    expect(socket.written).toEqual(['key@0', 'a@10', 'v@33', 'a@40']);
    // Once something waits, later messages queue behind it even if the socket has room.
    socket.writableLength = 1000;
    send(packets.frame(66));
    socket.writableLength = 0;
    send(packets.audio(70));
    expect(socket.written).toHaveLength(4);
    buffer.flush();
    expect(socket.written.slice(4)).toEqual(['v@66', 'a@70']);
  });

  it('tells once when more than 2 s waits and once when it has caught up, and recovers on its own', () => {
    // (packets.frame's filler reads as a slice nothing refers to: kept here, as a reference frame would be.)
    const { socket, buffer, told, send } = setup({ ...limits, disposableAfterMs: 10_000 });
    socket.writableLength = 1000;
    for (let timestamp = 0; timestamp <= 2500; timestamp += 100) send(timestamp % 1000 === 0 ? packets.keyframe(timestamp) : packets.frame(timestamp));
    expect(told).toEqual([[true, 2]]);
    expect(buffer.stats(0).congested).toBe(true);
    // The link takes a little: one message leaves, more than 0.5 s still waits.
    socket.writableLength = 950;
    buffer.flush();
    expect(socket.written).toEqual(['key@0']);
    expect(told).toHaveLength(1);
    socket.drain();
    buffer.flush();
    expect(socket.written).toHaveLength(26);
    expect(told).toEqual([[true, 2], [false, 0]]);
    expect(buffer.stats(0)).toMatchObject({ congested: false, droppedFrames: 0 });
  });

  it('gives the time to drain from the measured send rate, and null before one is known', () => {
    const { socket, buffer, send } = setup();
    expect(buffer.stats(0).drainSeconds).toBe(0);
    // 1000 bytes written that have not left yet.
    socket.writableLength = 1000;
    socket.bytesWritten = 1000;
    send(packets.keyframe(0));
    expect(buffer.stats(0).drainSeconds).toBeNull();
    buffer.sample(0);
    // 2000 bytes left the socket in the next second.
    socket.bytesWritten += 2000;
    buffer.sample(1000);
    expect(buffer.stats(1000).drainSeconds).toBe(0.5);
  });

  it('holds back while the target has not acknowledged the in-flight limit, and goes on when it does', () => {
    const socket = new FakeSocket();
    let unacknowledged: number | null = 0;
    const buffer = new OutboundBuffer(socket, socket.write, { ...limits, inFlightLimit: 100 }, () => unacknowledged);
    buffer.send('video', 0, packets.keyframe(0).payload);
    unacknowledged = 100;
    // The socket has room, but the target has 100 bytes to acknowledge: the kernel would hide them.
    socket.drain();
    buffer.send('audio', 10, packets.audio(10).payload);
    expect(socket.written).toEqual(['key@0']);
    unacknowledged = 20;
    buffer.flush();
    expect(socket.written).toEqual(['key@0', 'a@10']);
    // A target that does not acknowledge at the asked window does not hold anything back.
    unacknowledged = null;
    buffer.send('audio', 33, packets.audio(33).payload);
    expect(socket.written).toHaveLength(3);
  });
});
