// The video's details at the chosen detail level, its title, description and protection, and deleting it.
import { useEffect, useState, type FormEvent } from 'react';
import { VIDEO_LIMITS, type VideoDetailLevel, type VideoDetails, type VideoEdit } from '../../../../preload/contract.js';
import { useVideosStore } from '../../state/videos-slice';
import { ConfirmButton } from '../confirm-button';
import { CopyButton } from '../copy-button';
import type { VideoTabProps } from './video-tab-props';
import { formatBytes, formatClock } from './format-clock';
import { useShallow } from 'zustand/react/shallow';

const LEVELS: Record<VideoDetailLevel, string> = {
  minimal: 'Minimal (id and channel only)',
  default: 'Standard',
  owner: 'Owner (adds private data such as the direct HLS address)',
};

/** How long "Saved" shows beside the button before it fades. */
const SAVED_SHOWN_MS = 4000;

// An empty title is main's rule to word (its answer carries the Details); these are checked before sending.
function editProblem(title: string, description: string): string | null {
  if (title.trim().length > VIDEO_LIMITS.title) return `The title is at most ${VIDEO_LIMITS.title} characters.`;
  if (/[\n\r\t]/.test(title)) return 'The title is one line.';
  if (description.length > VIDEO_LIMITS.description) return `The description is at most ${VIDEO_LIMITS.description} characters.`;
  return null;
}

/**
 * "Saved" for a few seconds after each save (the key restarts its fade). Held above the edit form, which
 * mounts afresh with the saved values.
 */
function useSavedNote(): [number, () => void] {
  const [saved, setSaved] = useState(0);
  useEffect(() => {
    if (saved === 0) return;
    const timer = setTimeout(() => setSaved(0), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  return [saved, () => setSaved(Date.now())];
}

function EditForm({ details, onSaved }: { details: VideoDetails; onSaved: () => void }) {
  const { busy, save } = useVideosStore(
    useShallow((state) => ({ busy: state.busy, save: state.save })),
  );
  const [title, setTitle] = useState(details.title);
  const [description, setDescription] = useState(details.description);
  const [protect, setProtect] = useState<'keep' | 'public' | 'private'>('keep');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = editProblem(title, description);
    setProblem(found);
    if (found) return;
    const edit: VideoEdit = {
      ...(title.trim() !== details.title ? { title: title.trim() } : {}),
      ...(description !== details.description ? { description } : {}),
      ...(protect !== 'keep' ? { protect } : {}),
    };
    if (Object.keys(edit).length === 0) {
      setProblem('Nothing changed: edit the title, the description or the protection first.');
      return;
    }
    if (await save(edit)) {
      setProtect('keep');
      onSaved();
    }
  }

  return (
    <form className="video-edit" aria-label="Edit the video" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={busy !== null}>
        <label className="field field-wide">
          Title
          <input value={title} maxLength={VIDEO_LIMITS.title + 50} onChange={(event) => setTitle(event.target.value)} data-testid="video-title" />
        </label>
        <label className="field field-wide">
          Description
          <textarea rows={4} value={description} onChange={(event) => setDescription(event.target.value)} data-testid="video-description" />
        </label>
        <label className="field">
          Protection
          <select value={protect} onChange={(event) => setProtect(event.target.value as typeof protect)} data-testid="video-protect">
            {/* The platform's video resource does not say which it is now, so the form leaves it unless asked. */}
            <option value="keep">Leave as it is</option>
            <option value="public">Public: anyone can watch</option>
            <option value="private">Private: only you</option>
          </select>
        </label>
        <button type="submit" className="button button-primary" data-testid="video-save">
          {busy === 'save' ? 'Saving…' : 'Save'}
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="video-edit-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

export function VideoDetailsTab({ videoId }: VideoTabProps) {
  const { details, channels, busy, loadDetails, remove } = useVideosStore(
    useShallow((state) => ({ details: state.details, channels: state.channels, busy: state.busy, loadDetails: state.loadDetails, remove: state.remove })),
  );
  const shown = details?.id === videoId ? details : null;
  const [saved, showSaved] = useSavedNote();
  const channelTitle = channels?.find((channel) => channel.id === shown?.channelId)?.title;
  return (
    <div className="video-details" data-testid="video-details">
      <label className="field">
        Detail level
        <select value={shown?.detailLevel ?? 'default'} disabled={busy !== null} onChange={(event) => void loadDetails(event.target.value as VideoDetailLevel)} data-testid="video-detail-level">
          {Object.entries(LEVELS).map(([level, label]) => (
            <option key={level} value={level}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {shown === null ? (
        busy === 'details' && <p role="status">Loading…</p>
      ) : (
        <>
          <dl className="video-facts" data-testid="video-facts">
            <dt>Id</dt>
            <dd>{shown.id}</dd>
            <dt>Channel</dt>
            <dd>{shown.channelId === null ? '—' : channelTitle ? `${channelTitle} (${shown.channelId})` : shown.channelId}</dd>
            {shown.detailLevel !== 'minimal' && (
              <>
                <dt>Length</dt>
                <dd>{shown.lengthSeconds === null ? '—' : formatClock(shown.lengthSeconds)}</dd>
                <dt>Created</dt>
                <dd>{shown.createdAt === null ? '—' : new Date(shown.createdAt * 1000).toLocaleString()}</dd>
                <dt>Uploaded or recorded</dt>
                <dd>{shown.addedAt === null ? '—' : new Date(shown.addedAt * 1000).toLocaleString()}</dd>
                <dt>Size</dt>
                <dd>{shown.fileSize === null ? '—' : formatBytes(shown.fileSize)}</dd>
                <dt>Views</dt>
                <dd>{shown.views ?? '—'}</dd>
                <dt>Page</dt>
                <dd>{shown.url === null ? '—' : <>{shown.url} <CopyButton text={shown.url} label="the video's address" /></>}</dd>
              </>
            )}
            {shown.detailLevel === 'owner' && (
              <>
                <dt>Direct HLS</dt>
                <dd data-testid="video-hls">{shown.hlsUrl ?? 'Not available to this account.'}</dd>
              </>
            )}
          </dl>
          {shown.detailLevel === 'minimal' ? (
            <p className="hint">The minimal level has no title or description to edit. Choose another level to edit.</p>
          ) : (
            <EditForm key={`${shown.id}:${shown.title}:${shown.description}`} details={shown} onSaved={showSaved} />
          )}
          {/* Outside the form, which mounts afresh after a save: a live region must be there before its words. */}
          <p className="saved-status" role="status">
            {saved !== 0 && (
              <span key={saved} className="saved-note">
                Saved
              </span>
            )}
          </p>
        </>
      )}
      <div className="video-delete">
        <ConfirmButton
          label="Delete this video"
          question={`Delete "${shown?.title || `video ${videoId}`}" for good? Its captions, chapters and downloads go with it.`}
          confirmLabel="Yes, delete"
          disabled={busy !== null}
          onConfirm={() => void remove(videoId)}
        />
      </div>
    </div>
  );
}
