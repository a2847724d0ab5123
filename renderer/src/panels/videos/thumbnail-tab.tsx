// The Thumbnail tab: upload an image (checked here before it is sent: type, bytes, pixel size) or make
// a frame of the video the thumbnail.
import './video-tools.css';
import { useEffect, useState, type FormEvent } from 'react';
import { THUMBNAIL_LIMITS } from '../../../../preload/contract.js';
import { useThumbnailStore } from '../../state/thumbnail-slice';
import { useVideosStore } from '../../state/videos-slice';
import { readImage } from '../branding/read-image';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { useShallow } from 'zustand/react/shallow';

const MAX_MB = THUMBNAIL_LIMITS.maxBytes / 1_000_000;

export function ThumbnailTab({ videoId, lengthSeconds }: VideoTabProps) {
  const { busy, error, done, shown, open, upload, setFrame, refuse } = useThumbnailStore(
    useShallow((state) => ({ busy: state.busy, error: state.error, done: state.done, shown: state.shown, open: state.open, upload: state.upload, setFrame: state.setFrame, refuse: state.refuse })),
  );
  // Opened from a caption match: that moment is the likely frame.
  const jump = useVideosStore((store) => store.jump);
  const [position, setPosition] = useState(jump ? String(Math.floor(jump.startSec)) : '0');

  useEffect(() => open(videoId), [videoId, open]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size >= THUMBNAIL_LIMITS.maxBytes) return refuse(`${file.name} is ${(file.size / 1_000_000).toFixed(1)} MB; a thumbnail must be under ${MAX_MB} MB. Nothing was uploaded.`);
    const image = await readImage(file);
    if (typeof image === 'string') return refuse(`${image} Nothing was uploaded.`);
    if (image.width >= THUMBNAIL_LIMITS.maxSide || image.height >= THUMBNAIL_LIMITS.maxSide) {
      return refuse(`${file.name} is ${image.width} x ${image.height} px; a thumbnail must be smaller than ${THUMBNAIL_LIMITS.maxSide} x ${THUMBNAIL_LIMITS.maxSide} px. Nothing was uploaded.`);
    }
    await upload(image.upload, { url: image.previewUrl, width: image.width, height: image.height, bytes: image.bytes });
  }

  async function onFrame(submitted: FormEvent) {
    submitted.preventDefault();
    const seconds = Number(position);
    if (position.trim() === '' || !Number.isFinite(seconds) || seconds < 0) return refuse('Enter the frame position in seconds, 0 or more (for example 12.5).');
    if (lengthSeconds !== null && seconds > lengthSeconds) return refuse(`The video is ${lengthSeconds} s long; choose a frame from 0 to ${lengthSeconds} s.`);
    await setFrame(seconds);
  }

  return (
    <section className="video-tool" aria-label="Thumbnail" data-testid="thumbnail-tab">
      <p className="hint">The picture viewers see before the video plays. The platform does not say which one is set; this shows what you set here.</p>
      <p className="video-tool-current" data-testid="thumbnail-current">
        {shown ? `Set from this app: ${shown.description}.` : 'Not changed from this app yet.'}
      </p>
      {shown?.previewUrl && (
        <figure className="thumbnail-preview" data-testid="thumbnail-preview">
          <img src={shown.previewUrl} alt="New thumbnail" />
        </figure>
      )}
      <PanelOutcome testId="thumbnail" error={error} done={done} />
      <h2>Upload an image</h2>
      <form className="video-tool-form" onSubmit={(submitted) => submitted.preventDefault()}>
        <fieldset disabled={busy !== null}>
          <label className="field">
            JPEG, PNG or GIF, under {MAX_MB} MB and smaller than {THUMBNAIL_LIMITS.maxSide} x {THUMBNAIL_LIMITS.maxSide} px
            <input type="file" accept={THUMBNAIL_LIMITS.types.join(',')} onChange={(changed) => void onFile(changed.target.files?.[0])} data-testid="thumbnail-file" />
          </label>
          {busy === 'upload' && <span className="hint">Uploading…</span>}
        </fieldset>
      </form>
      <h2>Use a frame of the video</h2>
      <form className="video-tool-form" aria-label="Use a frame" onSubmit={(submitted) => void onFrame(submitted)} noValidate>
        <fieldset disabled={busy !== null}>
          <label className="field field-short">
            Position (seconds{lengthSeconds !== null ? `, 0 to ${lengthSeconds}` : ''})
            <input type="number" min={0} max={lengthSeconds ?? undefined} step="any" value={position} onChange={(changed) => setPosition(changed.target.value)} data-testid="thumbnail-position" />
          </label>
          <button type="submit" className="button button-primary" data-testid="thumbnail-frame">
            {busy === 'frame' ? 'Setting…' : 'Use this frame'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
