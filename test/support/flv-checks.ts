// ffprobe's reading of an FLV file as the safety copy tests check it: its duration, its video size, and the
// packets' decoding times in file order (which must never go backwards).
import { packetTimes, probe } from './synthetic-encoder.js';

export async function durationOf(file: string): Promise<number> {
  return Number(await probe(file, '-show_entries', 'format=duration'));
}

/** `640x360`. */
export async function videoSizeOf(file: string): Promise<string> {
  return (await probe(file, '-select_streams', 'v:0', '-show_entries', 'stream=width,height')).replace(',', 'x');
}

export async function codecsOf(file: string): Promise<string[]> {
  return (await probe(file, '-show_entries', 'stream=codec_name')).split('\n').sort();
}

/** Decoding times (s) of every packet, audio and video, in the order they are in the file. */
export async function decodingTimes(file: string): Promise<number[]> {
  return packetTimes(file);
}

/** The places where a packet's decoding time is earlier than the one before it (empty when none). */
export function backwardSteps(times: readonly number[]): string[] {
  return times.flatMap((time, index) => (index > 0 && time < times[index - 1]! ? [`#${index}: ${times[index - 1]} → ${time}`] : []));
}

/** The first video frame is a keyframe: `1`. */
export async function firstFrameKey(file: string): Promise<string> {
  return probe(file, '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-read_intervals', '%+#1');
}
