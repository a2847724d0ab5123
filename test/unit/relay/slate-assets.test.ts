// The holding slates checked in under assets/slates/ (scripts/make-slates.mjs): each decodes without an
// error, is what its name says (size, frame rate, sample rate), starts with a keyframe, and the FLV
// reader sees the same packets as ffprobe. All of them together stay small.
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readFlvPackets } from '../../../main/relay/flv-reader.js';
import { slatesDir } from '../../../main/paths.js';

const run = promisify(execFile);
const probe = async (file: string, ...args: string[]): Promise<string> => (await run('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', file])).stdout.trim();

const names = await readdir(slatesDir);
const videos = names.filter((name) => /^slate-\d+x\d+-\d+\.flv$/.test(name));
const silences = names.filter((name) => /^silence-\d+-(mono|stereo)\.flv$/.test(name));

describe('the holding slates', () => {
  it('cover four sizes at four frame rates and two audio rates in mono and stereo, in well under 2 MB', async () => {
    expect(videos).toHaveLength(16);
    expect(silences.sort()).toEqual(['silence-44100-mono.flv', 'silence-44100-stereo.flv', 'silence-48000-mono.flv', 'silence-48000-stereo.flv']);
    let total = 0;
    for (const name of names) total += (await stat(join(slatesDir, name))).size;
    expect(total).toBeLessThan(512 * 1024);
  });

  it.each(videos)('%s is H.264 of its size and rate, starts with a keyframe and decodes cleanly', async (name) => {
    const [, width, height, fps] = /^slate-(\d+)x(\d+)-(\d+)\.flv$/.exec(name)!;
    const file = join(slatesDir, name);
    expect(await probe(file, '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,r_frame_rate')).toBe(`h264,${width},${height},${fps}/1`);
    expect(await probe(file, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1')).toBe('1,');
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
    const packets = readFlvPackets(await readFile(file), name);
    // ffprobe does not list the AVC end-of-sequence packet (type 2) that ends the file.
    const frames = packets.filter((packet) => packet.kind === 'video' && !packet.config && packet.payload[1] !== 2);
    const probed = (await probe(file, '-select_streams', 'v:0', '-show_entries', 'packet=dts,flags')).split('\n');
    expect(frames.map((packet) => `${packet.timestamp},${packet.keyframe ? 'K' : '_'}`)).toEqual(probed.map((line) => line.slice(0, line.indexOf(',') + 2)));
    expect(frames).toHaveLength(Number(fps) * 2);
  });

  it.each(silences)('%s is AAC at its rate and layout and decodes cleanly', async (name) => {
    const [, rate, layout] = /^silence-(\d+)-(mono|stereo)\.flv$/.exec(name)!;
    const file = join(slatesDir, name);
    expect(await probe(file, '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channel_layout')).toBe(`aac,${rate},${layout}`);
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
    const packets = readFlvPackets(await readFile(file), name);
    expect(packets.filter((packet) => packet.kind === 'audio' && packet.config)).toHaveLength(1);
  });

  it('a truncated file is refused in a sentence', async () => {
    const data = await readFile(join(slatesDir, videos[0]!));
    expect(() => readFlvPackets(data.subarray(0, data.length - 5), 'cut.flv')).toThrow(/cut\.flv ends inside a tag/);
    expect(() => readFlvPackets(Buffer.from('not a video'), 'x.txt')).toThrow('x.txt is not an FLV file');
  });
});
