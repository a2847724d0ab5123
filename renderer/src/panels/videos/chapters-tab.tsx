// The Chapters tab: the video's chapters in order (start and title), add, edit, delete one, or delete all
// after asking.
import './video-tools.css';
import { useEffect, useState, type FormEvent } from 'react';
import type { ChapterFields, VideoChapter } from '../../../../preload/contract.js';
import { parseClock } from '../../parse-clock';
import { NEW_CHAPTER_ID, useChaptersStore } from '../../state/chapters-slice';
import { useVideosStore } from '../../state/videos-slice';
import { ConfirmButton } from '../confirm-button';
import { PanelOutcome } from '../panel-parts';
import { formatClock } from './format-clock';
import type { VideoTabProps } from './video-tab-props';
import { TableHead } from '../table-head';
import { useShallow } from 'zustand/react/shallow';

/** The fields, or a sentence saying what is wrong (the platform's rules, checked before sending). */
function fieldsOf(title: string, position: string, lengthSeconds: number | null, others: readonly VideoChapter[]): ChapterFields | string {
  const trimmed = title.trim();
  if (trimmed === '') return 'Give the chapter a title.';
  if (trimmed.length > 100) return `The title is ${trimmed.length} characters; a chapter title has at most 100.`;
  const seconds = parseClock(position);
  if (seconds === null) return 'Enter where the chapter starts as seconds (90) or minutes and seconds (1:30).';
  if (lengthSeconds !== null && seconds >= lengthSeconds) return `The video is ${formatClock(lengthSeconds)} long; a chapter must start before its end.`;
  const taken = others.find((chapter) => chapter.position === seconds);
  if (taken) return `The chapter "${taken.title}" already starts at ${formatClock(seconds)}. Choose another position.`;
  return { title: trimmed, position: seconds };
}

function ChapterForm({ initial, others, lengthSeconds, submitLabel, testId, onSave, onCancel }: {
  initial: { title: string; position: string };
  others: readonly VideoChapter[];
  lengthSeconds: number | null;
  submitLabel: string;
  testId: string;
  onSave: (fields: ChapterFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const busy = useChaptersStore((store) => store.busy);
  const [title, setTitle] = useState(initial.title);
  const [position, setPosition] = useState(initial.position);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const fields = fieldsOf(title, position, lengthSeconds, others);
    setProblem(typeof fields === 'string' ? fields : null);
    if (typeof fields === 'string') return;
    if ((await onSave(fields)) && !onCancel) {
      setTitle('');
      setPosition('');
    }
  }

  return (
    <form className="video-tool-form" aria-label={submitLabel} onSubmit={(submitted) => void submit(submitted)} noValidate>
      <fieldset disabled={busy !== null}>
        <label className="field field-short">
          Starts at
          <input type="text" value={position} onChange={(changed) => setPosition(changed.target.value)} placeholder="1:30" data-testid={`${testId}-position`} />
        </label>
        <label className="field">
          Title
          <input type="text" value={title} maxLength={120} onChange={(changed) => setTitle(changed.target.value)} placeholder="Q&A" data-testid={`${testId}-title`} />
        </label>
        <button type="submit" className="button button-primary" data-testid={`${testId}-save`}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      )}
    </form>
  );
}

function ChapterRow({ chapter, chapters, lengthSeconds }: { chapter: VideoChapter; chapters: readonly VideoChapter[]; lengthSeconds: number | null }) {
  const { busy, edit, remove } = useChaptersStore(
    useShallow((state) => ({ busy: state.busy, edit: state.edit, remove: state.remove })),
  );
  const [editing, setEditing] = useState(false);
  const saving = chapter.id === NEW_CHAPTER_ID;
  if (editing) {
    return (
      <tr data-testid="chapter-row">
        <td colSpan={3}>
          <ChapterForm
            initial={{ title: chapter.title, position: formatClock(chapter.position) }}
            others={chapters.filter((other) => other.id !== chapter.id)}
            lengthSeconds={lengthSeconds}
            submitLabel="Save chapter"
            testId="chapter-edit"
            onCancel={() => setEditing(false)}
            onSave={async (fields) => {
              setEditing(false);
              return edit(chapter.id, fields);
            }}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr data-testid="chapter-row">
      <td>{formatClock(chapter.position)}</td>
      <td>{chapter.title}</td>
      <td className="video-tool-actions">
        {saving ? (
          <span className="hint">Saving…</span>
        ) : (
          <>
            <button type="button" className="button button-small" disabled={busy !== null} onClick={() => setEditing(true)} aria-label={`Edit the chapter ${chapter.title}`}>
              Edit
            </button>
            <ConfirmButton
              label="Delete"
              ariaLabel={`Delete the chapter ${chapter.title}`}
              question={`Delete the chapter "${chapter.title}"?`}
              confirmLabel="Yes, delete"
              disabled={busy !== null}
              onConfirm={() => void remove(chapter.id)}
            />
          </>
        )}
      </td>
    </tr>
  );
}

export function ChaptersTab({ videoId, lengthSeconds }: VideoTabProps) {
  const { videoId: loadedFor, chapters, busy, error, done, load, add, removeAll } = useChaptersStore(
    useShallow((state) => ({ videoId: state.videoId, chapters: state.chapters, busy: state.busy, error: state.error, done: state.done, load: state.load, add: state.add, removeAll: state.removeAll })),
  );
  // Opened from a caption match: a chapter likely starts at that moment.
  const jump = useVideosStore((store) => store.jump);

  useEffect(() => {
    if (loadedFor !== videoId) void load(videoId);
  }, [videoId, loadedFor, load]);

  const shown = loadedFor === videoId ? chapters : null;
  return (
    <section className="video-tool" aria-label="Chapters" data-testid="chapters-tab">
      <p className="hint">Chapters let viewers jump to a part of the video. Positions are whole seconds; type 90 or 1:30.</p>
      <PanelOutcome testId="chapters" error={error} done={done} />
      {shown === null ? (
        <p className="hint">{busy === 'load' ? 'Reading the chapters…' : 'The chapters could not be read.'}</p>
      ) : shown.length === 0 ? (
        <p className="hint" data-testid="chapters-empty">
          This video has no chapters.
        </p>
      ) : (
        <table className="video-tool-table" data-testid="chapters-table">
          <TableHead columns={['Starts at', 'Title']} />
          <tbody>
            {shown.map((chapter) => (
              <ChapterRow key={chapter.id} chapter={chapter} chapters={shown} lengthSeconds={lengthSeconds} />
            ))}
          </tbody>
        </table>
      )}
      {shown !== null && (
        <>
          <h2>Add a chapter</h2>
          <ChapterForm initial={{ title: '', position: jump ? formatClock(jump.startSec) : '' }} others={shown} lengthSeconds={lengthSeconds} submitLabel="Add chapter" testId="chapter-add" onSave={add} />
          {shown.length > 0 && (
            <ConfirmButton
              label="Delete all chapters"
              question={`Delete all ${shown.length} chapters of this video?`}
              confirmLabel="Yes, delete all"
              disabled={busy !== null}
              onConfirm={() => void removeAll()}
            />
          )}
        </>
      )}
    </section>
  );
}
