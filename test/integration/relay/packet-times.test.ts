// The recording checks' reading of packet times (test/support's packetTimes) on what the encoder-drop bridge
// makes: a stream whose sequence header changes mid-stream (the encoder's, then the slate's). ffprobe gives
// the first keyframe after the change "New Extradata" side data; read as csv, that packet came out as a
// time of 0 (its side data's blank line) in place of its own, and the congestion and multistream tests saw
// a 44 s step backwards and forwards in a recording that had none.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readFlvPackets } from '../../../main/relay/flv-reader.js';
import type { MediaPacket } from '../../../main/relay/media-packet.js';
import { slatesDir } from '../../../main/paths.js';
import { packetTimes } from '../../support/synthetic-encoder.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A video-only FLV file of `packets`, as nginx-rtmp records one. */
function flvOf(packets: readonly MediaPacket[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x46, 0x4c, 0x56, 1, 0x01, 0, 0, 0, 9, 0, 0, 0, 0])];
  for (const packet of packets) {
    const header = Buffer.alloc(11);
    header[0] = 9;
    header.writeUIntBE(packet.payload.length, 1, 3);
    header.writeUIntBE(packet.timestamp & 0xffffff, 4, 3);
    header[7] = (packet.timestamp >>> 24) & 0xff;
    const size = Buffer.alloc(4);
    size.writeUInt32BE(11 + packet.payload.length);
    parts.push(header, packet.payload, size);
  }
  return Buffer.concat(parts);
}

/** A slate's video: its sequence header and frames, without ffmpeg's closing end-of-sequence packet. */
async function slateVideo(name: string): Promise<MediaPacket[]> {
  return readFlvPackets(await readFile(join(slatesDir, name)), name).filter((packet) => packet.kind === 'video' && packet.payload[1] !== 2);
}

it('reads every packet time of a stream whose sequence header changes mid-stream, the first keyframe after it too', async () => {
  const first = await slateVideo('slate-1280x720-30.flv');
  const second = await slateVideo('slate-1920x1080-30.flv');
  const firstEnd = Math.max(...first.map((packet) => packet.timestamp));
  // The second sequence header and its keyframe one frame after the first stream's last frame, as the bridge sends them.
  const joined = [...first, ...second.map((packet) => ({ ...packet, timestamp: packet.timestamp + firstEnd + 33 }))];
  const dir = await mkdtemp(join(tmpdir(), 'packet-times-'));
  dirs.push(dir);
  const file = join(dir, 'joined.flv');
  await writeFile(file, flvOf(joined));

  const frames = joined.filter((packet) => !packet.config);
  const times = await packetTimes(file, { stream: 'v:0' });
  expect(times).toEqual(frames.map((packet) => packet.timestamp / 1000));
  const switched = (firstEnd + 33) / 1000;
  expect(times).toContain(switched);
  expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
});
