// The confidence monitor: a small picture of what the encoder sends, renewed every 2 s while it is
// connected, decoded here from main's latest keyframe with WebCodecs (no ffmpeg, no video element). Where
// this browser cannot decode H.264 (no VideoDecoder, or it refuses the stream's profile) it says "No preview";
// while the encoder is lost mid-broadcast it says what the viewers get instead (the holding slate, or a wait).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LivePreview } from '../../../../preload/contract.js';
import { useLivePreviewStore } from '../../state/live-preview-slice';
import { useLiveStore } from '../../state/live-slice';
import './confidence-monitor.css';

const REFRESH_MS = 2000;
const WIDTH = 240;

/** Why no picture is shown, in words; null while one is. */
type Outcome = { readonly shown: true } | { readonly shown: false; readonly why: string };

const WAITING: Outcome = { shown: false, why: 'The picture shows here once the encoder sends.' };
const UNSUPPORTED: Outcome = { shown: false, why: 'This browser cannot show H.264 video; the stream is not affected.' };
const FAILED: Outcome = { shown: false, why: 'The last picture could not be shown; the stream is not affected.' };
/** The encoder left mid-broadcast: the monitor shows the encoder, so it says what the viewers get instead. */
const HOLDING: Outcome = { shown: false, why: 'The encoder is gone: viewers see the holding slate until it comes back.' };
const LOST: Outcome = { shown: false, why: 'The encoder is gone: the stream to the platform waits for it to come back.' };

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Whether this browser decodes `config`; a browser without WebCodecs does not. */
async function supported(config: VideoDecoderConfig): Promise<boolean> {
  if (typeof VideoDecoder === 'undefined') return false;
  try {
    return (await VideoDecoder.isConfigSupported(config)).supported === true;
  } catch {
    return false;
  }
}

/** Decodes the keyframe and draws it `WIDTH` wide (the height keeps the picture's shape). */
async function draw(preview: LivePreview, canvas: HTMLCanvasElement): Promise<Outcome> {
  const config: VideoDecoderConfig = { codec: preview.codec, description: bytesOf(preview.description), optimizeForLatency: true };
  if (!(await supported(config))) return UNSUPPORTED;
  let drawn = false;
  const decoder = new VideoDecoder({
    output: (frame) => {
      canvas.width = WIDTH;
      canvas.height = Math.max(1, Math.round((WIDTH * frame.displayHeight) / Math.max(1, frame.displayWidth)));
      canvas.getContext('2d')?.drawImage(frame, 0, 0, canvas.width, canvas.height);
      frame.close();
      drawn = true;
    },
    error: () => undefined,
  });
  try {
    decoder.configure(config);
    decoder.decode(new EncodedVideoChunk({ type: 'key', timestamp: 0, data: bytesOf(preview.keyframe) }));
    await decoder.flush();
  } catch {
    // A rejected flush: the decoder's error callback has the detail, the streamer needs only the outcome.
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  return drawn ? { shown: true } : FAILED;
}

/** Asks for the latest picture every 2 s while `active`; forgets it when not. */
function usePolling(active: boolean): LivePreview | null {
  const { preview, refresh, clear } = useLivePreviewStore(useShallow((state) => ({ preview: state.preview, refresh: state.refresh, clear: state.clear })));
  useEffect(() => {
    if (!active) {
      clear();
      return undefined;
    }
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, refresh, clear]);
  return active ? preview : null;
}

/** Draws each new picture; the outcome says whether one is shown (the last one drawn stays until the next). */
function useDrawing(preview: LivePreview | null, canvas: RefObject<HTMLCanvasElement | null>): Outcome {
  const [drawn, setDrawn] = useState<Outcome>(WAITING);
  useEffect(() => {
    if (preview === null || canvas.current === null) return undefined;
    let current = true;
    void draw(preview, canvas.current).then((next) => {
      if (current) setDrawn(next);
    });
    return () => {
      current = false;
    };
  }, [preview, canvas]);
  return preview === null ? WAITING : drawn;
}

export function ConfidenceMonitor() {
  const connected = useLiveStore((state) => state.live?.encoder?.connected ?? false);
  const lost = useLiveStore((state) => state.live?.air.alarm?.kind === 'encoder-lost');
  const holding = useLiveStore((state) => (state.live?.bridge.holdingSince ?? null) !== null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useDrawing(usePolling(connected), canvas);
  const outcome = connected || !lost ? drawn : holding ? HOLDING : LOST;
  return (
    <figure className="confidence-monitor" data-testid="confidence-monitor">
      <canvas ref={canvas} role="img" aria-label="Preview of what is being relayed" width={WIDTH} height={(WIDTH * 9) / 16} hidden={!outcome.shown} />
      {!outcome.shown && (
        <div className="confidence-monitor-empty">
          <p>No preview</p>
          <p className="hint">{outcome.why}</p>
        </div>
      )}
      <figcaption className="hint">From the encoder, every {REFRESH_MS / 1000} s</figcaption>
    </figure>
  );
}
