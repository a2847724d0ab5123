// Parameter sets carried into a keyframe: a decoder that ignores a mid-stream sequence header still
// decodes the frame. Checked on a real slate with ffmpeg: its keyframe alone, with no sequence header at all.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withParameterSets } from '../../../main/relay/avc-parameter-sets.js';
import { readFlvPackets } from '../../../main/relay/flv-reader.js';
import { slatesDir } from '../../../main/paths.js';
import { packets } from './packets.js';

/** An Annex B stream (start codes) of the NAL units in an FLV AVC frame with 4-byte lengths. */
function annexB(payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 5; at + 4 <= payload.length; ) {
    const size = payload.readUInt32BE(at);
    parts.push(Buffer.from([0, 0, 0, 1]), payload.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return Buffer.concat(parts);
}

describe('parameter sets in a keyframe', () => {
  it('make a slate keyframe decodable on its own', async () => {
    const file = await readFlvPackets(await readFile(join(slatesDir, 'slate-640x360-30.flv')));
    const config = file.find((packet) => packet.kind === 'video' && packet.config)!;
    const keyframe = file.find((packet) => packet.keyframe)!;
    const alone = withParameterSets(keyframe, config);
    expect(alone.keyframe).toBe(true);
    expect(alone.payload.length).toBeGreaterThan(keyframe.payload.length);
    const decode = (payload: Buffer) =>
      new Promise<string>((resolve) => {
        const child = execFile('ffprobe', ['-v', 'error', '-f', 'h264', '-show_entries', 'frame=width,height,key_frame', '-of', 'csv=p=0', '-'], (_error, stdout) => resolve(stdout.trim()));
        child.stdin!.end(annexB(payload));
      });
    expect(await decode(alone.payload)).toBe('1,640,360,');
    expect(await decode(keyframe.payload)).toBe('');
  });

  it('leave frames alone that are not AVC keyframes, or when the header is not AVC', () => {
    const frame = packets.frame(40);
    expect(withParameterSets(frame, packets.videoConfig())).toBe(frame);
    const keyframe = packets.keyframe(40);
    expect(withParameterSets(keyframe, null)).toBe(keyframe);
    expect(withParameterSets(keyframe, packets.audioConfig())).toBe(keyframe);
  });
});
