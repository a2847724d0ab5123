// Decodes a confidence-monitor keyframe the way the renderer's VideoDecoder gets it (the avcC
// description, then one AVCC keyframe), with ffprobe instead: the two wrapped as a two-tag FLV.
import { execFile } from 'node:child_process';

interface KeyframeParts {
  readonly description: Buffer;
  readonly keyframe: Buffer;
}

function videoTag(body: Buffer): Buffer {
  const header = Buffer.alloc(11);
  header[0] = 9;
  header.writeUIntBE(body.length, 1, 3);
  const previousTagSize = Buffer.alloc(4);
  previousTagSize.writeUInt32BE(11 + body.length);
  return Buffer.concat([header, body, previousTagSize]);
}

/** An FLV holding the sequence header and the keyframe, both at time 0. */
export function keyframeFlv(parts: KeyframeParts): Buffer {
  const header = Buffer.from([0x46, 0x4c, 0x56, 1, 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
  return Buffer.concat([header, videoTag(Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), parts.description])), videoTag(Buffer.concat([Buffer.from([0x17, 1, 0, 0, 0]), parts.keyframe]))]);
}

/** ffprobe's decoded frames ("key_frame,width,height" lines) and whatever it complained about. */
export function decodeKeyframe(parts: KeyframeParts): Promise<{ readonly frames: string; readonly errors: string }> {
  return new Promise((resolve) => {
    const child = execFile('ffprobe', ['-v', 'error', '-f', 'flv', '-show_entries', 'frame=key_frame,width,height', '-of', 'csv=p=0', '-'], (_error, stdout, stderr) =>
      // A frame's empty side-data column leaves a comma at the end of its line.
      resolve({ frames: stdout.trim().replace(/,+$/gm, ''), errors: stderr.trim() }),
    );
    child.stdin!.end(keyframeFlv(parts));
  });
}
