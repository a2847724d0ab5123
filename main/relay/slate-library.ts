// The holding slates the encoder-drop bridge sends (made by scripts/make-slates.mjs): still-card video
// loops named slate-WxH-FPS.flv and silence loops named silence-RATE.flv. Loaded once, then chosen to
// match the encoder: the same size and rate when there is one, else the nearest.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withParameterSets } from './avc-parameter-sets.js';
import { readFlvPackets } from './flv-reader.js';
import type { MediaPacket } from './media-packet.js';

/** A loop of one kind: its sequence header, then frames stamped from 0 that repeat every `loopMs`. */
export interface SlateLoop {
  /** e.g. '1280x720@30', '48000 Hz'. */
  readonly label: string;
  readonly config: MediaPacket;
  /** The first is a keyframe (video). */
  readonly frames: readonly MediaPacket[];
  /** Media time of one frame. */
  readonly frameMs: number;
}

export interface VideoSlate extends SlateLoop {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
}

export interface SilenceSlate extends SlateLoop {
  readonly sampleRate: number;
  readonly channels: 1 | 2;
}

export interface SlateChoice {
  readonly video: VideoSlate;
  readonly audio: SilenceSlate;
}

/** What the encoder sent last, as far as known. */
export interface SlateWish {
  readonly width: number | null;
  readonly height: number | null;
  readonly fps: number | null;
  readonly sampleRate: number | null;
  readonly channels: number | null;
}

const SLATE_NAME = /^slate-(\d+)x(\d+)-(\d+)\.flv$/;
const SILENCE_NAME = /^silence-(\d+)-(mono|stereo)\.flv$/;
/** AAC frames hold 1024 samples. */
const AAC_FRAME_SAMPLES = 1024;
/** When the encoder has not said: the most common choices. */
const DEFAULT_WISH = { width: 1280, height: 720, fps: 30, sampleRate: 48_000, channels: 2 };

export class SlateLibrary {
  readonly #videos: readonly VideoSlate[];
  readonly #silences: readonly SilenceSlate[];

  private constructor(videos: readonly VideoSlate[], silences: readonly SilenceSlate[]) {
    this.#videos = videos;
    this.#silences = silences;
  }

  static async load(dir: string): Promise<SlateLibrary> {
    const names = await readdir(dir).catch((error: unknown) => {
      throw new Error(`The holding slates are missing (${dir}: ${error instanceof Error ? error.message : String(error)}); reinstall the app, or run node scripts/make-slates.mjs in a checkout.`);
    });
    const videos: VideoSlate[] = [];
    const silences: SilenceSlate[] = [];
    for (const name of names.sort()) {
      const slate = SLATE_NAME.exec(name);
      const silence = SILENCE_NAME.exec(name);
      if (!slate && !silence) continue;
      const packets = readFlvPackets(await readFile(join(dir, name)), name);
      if (slate) {
        const [width, height, fps] = [Number(slate[1]), Number(slate[2]), Number(slate[3])];
        videos.push({ label: `${width}x${height}@${fps}`, width, height, fps, frameMs: 1000 / fps, ...loopOf(packets, 'video', name) });
      } else if (silence) {
        const sampleRate = Number(silence[1]);
        const channels = silence[2] === 'mono' ? 1 : 2;
        silences.push({ label: `${sampleRate} Hz ${silence[2]}`, sampleRate, channels, frameMs: (AAC_FRAME_SAMPLES * 1000) / sampleRate, ...loopOf(packets, 'audio', name) });
      }
    }
    if (videos.length === 0 || silences.length === 0) throw new Error(`The holding slates in ${dir} are incomplete (no video or no audio loop); reinstall the app.`);
    return new SlateLibrary(videos, silences);
  }

  /** The slate for this stream: its size (else the nearest by size), then its frame rate (else the nearest), and the nearest audio rate in mono or stereo as it is. */
  choose(wish: SlateWish): SlateChoice {
    const width = wish.width ?? DEFAULT_WISH.width;
    const height = wish.height ?? DEFAULT_WISH.height;
    const fps = wish.fps ?? DEFAULT_WISH.fps;
    const sampleRate = wish.sampleRate ?? DEFAULT_WISH.sampleRate;
    const channels = wish.channels === 1 ? 1 : DEFAULT_WISH.channels;
    const bySize = nearest(this.#videos, (video) => Math.abs(video.width - width) + Math.abs(video.height - height));
    const sameSize = this.#videos.filter((video) => video.width === bySize.width && video.height === bySize.height);
    return {
      video: nearest(sameSize, (video) => Math.abs(video.fps - fps)),
      audio: nearest(this.#silences, (silence) => Math.abs(silence.sampleRate - sampleRate) + (silence.channels === channels ? 0 : 0.5)),
    };
  }
}

function nearest<T>(items: readonly T[], distance: (item: T) => number): T {
  return items.reduce((best, item) => (distance(item) < distance(best) ? item : best));
}

function loopOf(packets: readonly MediaPacket[], kind: 'audio' | 'video', name: string): { config: MediaPacket; frames: MediaPacket[] } {
  const ofKind = packets.filter((packet) => packet.kind === kind);
  const config = ofKind.find((packet) => packet.config);
  // ffmpeg ends a file with an AVC end-of-sequence packet (type 2): a loop must not send it each round.
  const frames = ofKind.filter((packet) => !packet.config && !endOfSequence(packet));
  if (!config || frames.length === 0) throw new Error(`The holding slate ${name} has no ${kind} sequence header or frames; reinstall the app.`);
  if (kind === 'video' && !frames[0]!.keyframe) throw new Error(`The holding slate ${name} does not start with a keyframe; reinstall the app.`);
  // The loop's keyframe describes itself: a decoder that kept the encoder's sequence header still decodes the slate.
  if (kind === 'video') frames[0] = withParameterSets(frames[0]!, config);
  return { config, frames };
}

function endOfSequence(packet: MediaPacket): boolean {
  return packet.kind === 'video' && (packet.payload[0]! & 0x0f) === 7 && packet.payload[1] === 2;
}
