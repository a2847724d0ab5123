// The encoder-drop bridge: a stand-in for the local ingest (its `subscribe`) that hides an encoder
// that drops out for less than a window. When the encoder leaves mid-stream, subscribers are not told
// `ended`: they get a holding slate (slate-library.ts) matching the encoder's size and rates, stamped to
// continue the stream's timeline. When the encoder comes back within the window its `started` is
// swallowed, the slate runs on until the encoder's first keyframe, and then the encoder's metadata,
// sequence headers and that keyframe follow, re-stamped to continue: subscribers (the relay) see one
// continuous publish. After the window they are told `ended`, as the ingest would have.
import { withParameterSets } from './avc-parameter-sets.js';
import type { IngestSink, LocalIngest } from './local-ingest.js';
import { MediaCache } from './media-cache.js';
import { isSequenceEnd, type MediaPacket } from './media-packet.js';
import type { RelayLogger, StreamInfo } from './relay-types.js';
import type { SlateChoice, SlateLibrary, SlateLoop, SlateWish } from './slate-library.js';

export const DEFAULT_BRIDGE_WINDOW_MS = 60_000;

export type BridgeEvent =
  /** The encoder left: the slate is sent for up to `windowMs`. */
  | { readonly event: 'bridge-started'; readonly at: number; readonly windowMs: number; readonly slate: string }
  /** The encoder's stream took over again, or the window ran out and the stream was ended. */
  | { readonly event: 'bridge-ended'; readonly at: number; readonly reason: 'encoder-back' | 'timeout' };

export interface EncoderBridgeOptions {
  readonly ingest: Pick<LocalIngest, 'subscribe'>;
  readonly slates: SlateLibrary;
  readonly windowMs?: number;
  readonly onEvent?: (event: BridgeEvent) => void;
  readonly logger?: RelayLogger;
  readonly now?: () => number;
  /** How often the slate's due frames are sent. */
  readonly tickMs?: number;
}

export interface Holding {
  /** ms since the epoch. */
  readonly since: number;
  /** When the bridge gives up and ends the stream. */
  readonly until: number;
  readonly slate: string;
}

export interface EncoderBridge extends Pick<LocalIngest, 'subscribe'> {
  /** While the slate stands in for the encoder. */
  holding(): Holding | null;
}

const DEFAULT_TICK_MS = 10;
/** Frames of one kind sent in one tick at most, should the event loop have stalled. */
const MAX_FRAMES_PER_TICK = 500;
const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** What the current encoder publish has sent that a switch to it must repeat. */
interface EncoderPublish {
  metadata: MediaPacket | null;
  videoConfig: MediaPacket | null;
  audioConfig: MediaPacket | null;
  info: StreamInfo | null;
}

interface Hold {
  readonly since: number;
  readonly choice: SlateChoice;
  readonly video: boolean;
  readonly audio: boolean;
  /** The stream time of the slate's first frame, sent at `since`. */
  readonly start: number;
  sent: { video: number; audio: number };
  readonly ticker: NodeJS.Timeout;
  readonly window: NodeJS.Timeout;
}

export function createEncoderBridge(options: EncoderBridgeOptions): EncoderBridge {
  const now = options.now ?? ((): number => Date.now());
  const windowMs = options.windowMs ?? DEFAULT_BRIDGE_WINDOW_MS;
  const sinks = new Set<IngestSink>();
  const cache = new MediaCache();
  let upstream: (() => void) | null = null;
  let phase: 'idle' | 'live' | 'holding' | 'returning' = 'idle';
  let publish: EncoderPublish = freshPublish();
  /** What the stream carried so far, and the encoder's last size and rates (for the slate). */
  let carries = { video: false, audio: false };
  let wish: SlateWish = { width: null, height: null, fps: null, sampleRate: null, channels: null };
  /** The last stream time sent, per kind. */
  let last: { video: number | null; audio: number | null } = { video: null, audio: null };
  /** Added to the current encoder publish's timestamps. */
  let offset = 0;
  /** Frames of the encoder stamped before its switch-in point (audio muxed ahead of the keyframe) are dropped. */
  let floor = -Infinity;
  let hold: Hold | null = null;

  const emit = (event: BridgeEvent): void => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      options.logger?.error('a bridge event listener failed', { error });
    }
  };
  const tell = (call: (sink: IngestSink) => void): void => {
    for (const sink of sinks) {
      try {
        call(sink);
      } catch (error) {
        options.logger?.error('a bridge subscriber failed', { error });
      }
    }
  };
  const send = (packet: MediaPacket): void => {
    if (packet.kind !== 'data') last[packet.kind] = Math.max(last[packet.kind] ?? 0, packet.timestamp);
    cache.add(packet);
    tell((sink) => sink.packet(packet));
  };
  const lastTime = (): number | null => (last.video === null && last.audio === null ? null : Math.max(last.video ?? 0, last.audio ?? 0));
  /** Where the next picture goes: one frame after the last one (video leads; audio only has to move on). */
  const nextTime = (frameMs: number): number => {
    const video = last.video === null ? null : last.video + frameMs;
    const audio = last.audio === null ? null : last.audio + (video === null ? frameMs : 1);
    return Math.round(Math.max(video ?? 0, audio ?? 0));
  };

  function learn(packet: MediaPacket): void {
    if (packet.metadata) publish.metadata = packet;
    else if (packet.config && packet.kind === 'video') publish.videoConfig = packet;
    else if (packet.config && packet.kind === 'audio') {
      publish.audioConfig = packet;
      wish = { ...wish, ...aacFormat(packet.payload) };
    }
  }

  function startHold(reason: string): void {
    const choice = options.slates.choose(wish);
    const video = carries.video;
    const audio = carries.audio;
    const start = nextTime(video ? choice.video.frameMs : choice.audio.frameMs);
    const since = now();
    phase = 'holding';
    hold = {
      since,
      choice,
      video,
      audio,
      start,
      sent: { video: 0, audio: 0 },
      ticker: setInterval(tick, options.tickMs ?? DEFAULT_TICK_MS),
      window: setTimeout(timeout, windowMs),
    };
    options.logger?.info('the encoder left: holding slate sent', { reason, slate: slateLabel(hold), windowMs });
    if (video) send(restamp(choice.video.config, start));
    if (audio) send(restamp(choice.audio.config, start));
    tick();
    emit({ event: 'bridge-started', at: since, windowMs, slate: slateLabel(hold) });
  }

  /** Sends the slate's frames that are due by now, paced to the clock from the hold's start. */
  function tick(): void {
    const current = hold;
    if (current === null) return;
    const due = current.start + (now() - current.since);
    if (current.video) current.sent.video = sendDue(current.choice.video, current.sent.video, current.start, due);
    if (current.audio) current.sent.audio = sendDue(current.choice.audio, current.sent.audio, current.start, due);
  }

  function sendDue(loop: SlateLoop, sent: number, start: number, due: number): number {
    let index = sent;
    for (let count = 0; count < MAX_FRAMES_PER_TICK; count += 1) {
      const time = Math.round(start + index * loop.frameMs);
      if (time > due) break;
      send(restamp(loop.frames[index % loop.frames.length]!, time));
      index += 1;
    }
    return index;
  }

  function stopHold(): void {
    if (hold === null) return;
    clearInterval(hold.ticker);
    clearTimeout(hold.window);
    hold = null;
  }

  /** The encoder's first keyframe since it came back: its stream takes over from the slate. */
  function switchBack(first: MediaPacket): void {
    const at = nextTime(hold?.video ? hold.choice.video.frameMs : (hold?.choice.audio.frameMs ?? 1));
    stopHold();
    offset = at - first.timestamp;
    floor = at;
    phase = 'live';
    for (const head of [publish.metadata, publish.videoConfig, publish.audioConfig]) if (head !== null) send(restamp(head, at));
    // Its parameter sets inside the keyframe too: not every decoder applies a sequence header that changes mid-stream.
    send(restamp(withParameterSets(first, publish.videoConfig), at));
    const info = publish.info;
    if (info !== null) tell((sink) => sink.described(info));
    options.logger?.info('the encoder is back: its stream follows the slate');
    emit({ event: 'bridge-ended', at: now(), reason: 'encoder-back' });
  }

  function timeout(): void {
    const returning = phase === 'returning';
    stopHold();
    const reason = `the encoder stayed away for ${Math.round(windowMs / 1000)} s`;
    options.logger?.info('the holding slate ran out', { reason });
    endStream(reason);
    emit({ event: 'bridge-ended', at: now(), reason: 'timeout' });
    // The encoder came back but sent no keyframe within the window: its publish starts afresh.
    if (returning) {
      phase = 'live';
      tell((sink) => sink.started());
      for (const head of [publish.metadata, publish.videoConfig, publish.audioConfig]) if (head !== null) send(head);
    }
  }

  function endStream(reason: string): void {
    phase = 'idle';
    resetTimeline();
    tell((sink) => sink.ended(reason));
  }

  function resetTimeline(): void {
    cache.clear();
    last = { video: null, audio: null };
    carries = { video: false, audio: false };
    offset = 0;
    floor = -Infinity;
  }

  const fromIngest: IngestSink = {
    started() {
      publish = freshPublish();
      if (phase === 'holding') {
        phase = 'returning';
        return;
      }
      if (phase === 'returning') return;
      resetTimeline();
      phase = 'live';
      tell((sink) => sink.started());
    },
    packet(packet) {
      if (phase === 'returning') {
        learn(packet);
        const takesOver = hold?.video ? packet.kind === 'video' && packet.keyframe : packet.kind === 'audio' && !packet.config;
        if (takesOver) switchBack(packet);
        return;
      }
      if (phase !== 'live') return;
      // The stream goes on past the encoder's end (the slate, then the encoder again): its end of sequence would
      // tell the targets' players the broadcast is over.
      if (isSequenceEnd(packet)) return;
      learn(packet);
      const time = packet.timestamp + offset;
      if (packet.kind !== 'data' && !packet.config && time < floor) return;
      if (packet.kind !== 'data' && !packet.config) carries[packet.kind] = true;
      send(offset === 0 ? packet : restamp(packet, time));
    },
    described(info) {
      publish.info = info;
      wish = { ...wish, width: info.width, height: info.height, fps: info.fps };
      if (phase === 'live') tell((sink) => sink.described(info));
    },
    ended(reason) {
      if (phase === 'returning') {
        phase = 'holding';
        return;
      }
      if (phase !== 'live') return;
      if (lastTime() === null) endStream(reason);
      else startHold(reason);
    },
  };

  return {
    subscribe(sink) {
      if (upstream === null) {
        sinks.add(sink);
        // The ingest tells a new subscriber the running publish at once: it reaches `sink` through fromIngest.
        upstream = options.ingest.subscribe(fromIngest);
      } else {
        if (phase !== 'idle') {
          sink.started();
          for (const packet of cache.snapshot()) sink.packet(packet);
          if (phase === 'live' && publish.info !== null) sink.described(publish.info);
        }
        sinks.add(sink);
      }
      return () => {
        sinks.delete(sink);
        if (sinks.size > 0 || upstream === null) return;
        upstream();
        upstream = null;
        stopHold();
        phase = 'idle';
        resetTimeline();
      };
    },
    holding() {
      return hold === null ? null : { since: hold.since, until: hold.since + windowMs, slate: slateLabel(hold) };
    },
  };
}

function freshPublish(): EncoderPublish {
  return { metadata: null, videoConfig: null, audioConfig: null, info: null };
}

/** '1280x720@30', or the audio rate for a stream without video. */
function slateLabel(hold: Hold): string {
  return hold.video ? hold.choice.video.label : hold.choice.audio.label;
}

function restamp(packet: MediaPacket, timestamp: number): MediaPacket {
  return { ...packet, timestamp };
}

/** The sample rate and channels of an FLV AAC sequence header (AudioSpecificConfig after two bytes); nothing when not legacy AAC. */
function aacFormat(payload: Buffer): Partial<Pick<SlateWish, 'sampleRate' | 'channels'>> {
  if (payload.length < 4 || payload[0]! >> 4 !== 10) return {};
  const index = ((payload[2]! & 0x07) << 1) | (payload[3]! >> 7);
  const channels = (payload[3]! >> 3) & 0x0f;
  return { sampleRate: AAC_RATES[index] ?? null, channels: channels === 0 ? null : channels };
}
