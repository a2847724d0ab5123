// The videos of a featured list or a playlist in their order: drag a row onto another place, or use
// Move up / Move down (the keyboard's way), and remove one. Changes go through the slice, which shows them
// at once and puts them back when the platform refuses.
import { useState } from 'react';
import type { CollectionVideo } from '../../../../preload/contract.js';
import { formatDuration } from './format-duration';

export function OrderedVideoList({
  videos,
  disabled,
  label,
  testId,
  onMove,
  onRemove,
}: {
  videos: readonly CollectionVideo[];
  disabled: boolean;
  /** Names the list for assistive technology, e.g. "Featured videos". */
  label: string;
  testId: string;
  onMove: (from: number, to: number) => void;
  onRemove: (videoId: string) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  if (videos.length === 0) return <p className="hint">Nothing here yet: add videos below.</p>;
  return (
    <ol className="ordered-videos" aria-label={label} data-testid={testId}>
      {videos.map((video, index) => (
        <li
          key={video.id}
          className={`ordered-video${over === index && dragged !== index ? ' ordered-video-over' : ''}`}
          draggable={!disabled}
          data-video-id={video.id}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', video.id);
            setDragged(index);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) onMove(dragged, index);
            setDragged(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <span className="ordered-video-handle" aria-hidden="true">
            ⋮⋮
          </span>
          <span className="ordered-video-place">{index + 1}.</span>
          <span className="ordered-video-title">{video.title}</span>
          {video.lengthSeconds !== null && <span className="hint">{formatDuration(video.lengthSeconds)}</span>}
          <span className="ordered-video-actions">
            <button type="button" className="button button-small" disabled={disabled || index === 0} aria-label={`Move ${video.title} up`} onClick={() => onMove(index, index - 1)}>
              ↑
            </button>
            <button
              type="button"
              className="button button-small"
              disabled={disabled || index === videos.length - 1}
              aria-label={`Move ${video.title} down`}
              onClick={() => onMove(index, index + 1)}
            >
              ↓
            </button>
            <button type="button" className="button button-small" disabled={disabled} aria-label={`Remove ${video.title}`} onClick={() => onRemove(video.id)}>
              Remove
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
