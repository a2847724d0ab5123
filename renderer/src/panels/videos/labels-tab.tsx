// The Labels tab: which of your labels this video carries (tick to attach, untick to detach), and your
// labels themselves: create, rename, delete (after asking: a label goes from every video).
import './video-tools.css';
import { useEffect, useState, type FormEvent } from 'react';
import type { VideoLabel } from '../../../../preload/contract.js';
import { useLabelsStore } from '../../state/labels-slice';
import { ConfirmButton } from '../confirm-button';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { TableHead } from '../table-head';
import { useShallow } from 'zustand/react/shallow';

/** A sentence when the name cannot be a label's (the platform's rules), else null. */
function nameProblem(name: string, labels: readonly VideoLabel[], except: number | null): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name for the label.';
  if (trimmed.length > 100) return `The name is ${trimmed.length} characters; a label name has at most 100.`;
  if (labels.some((label) => label.id !== except && label.name.toLowerCase() === trimmed.toLowerCase())) return `You already have a label named "${trimmed}" (case does not count). Choose another name.`;
  return null;
}

function LabelRow({ label, attached, labels }: { label: VideoLabel; attached: boolean; labels: readonly VideoLabel[] }) {
  const { busy, setAttached, rename, remove } = useLabelsStore(
    useShallow((state) => ({ busy: state.busy, setAttached: state.setAttached, rename: state.rename, remove: state.remove })),
  );
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(label.name);
  const [problem, setProblem] = useState<string | null>(null);

  async function onRename(submitted: FormEvent) {
    submitted.preventDefault();
    const found = nameProblem(name, labels, label.id);
    setProblem(found);
    if (found) return;
    setEditing(false);
    await rename(label.id, name.trim());
  }

  return (
    <tr data-testid={`label-row-${label.id}`}>
      <td>
        <label className="checkbox">
          <input type="checkbox" checked={attached} disabled={busy !== null} onChange={(changed) => void setAttached(label.id, changed.target.checked)} aria-label={`On this video: ${label.name}`} />
          <span className={`label-chip label-${label.color}`} aria-hidden="true" />
          {editing ? null : <span data-testid="label-name">{label.name}</span>}
        </label>
        {editing && (
          <form className="video-tool-form" aria-label={`Rename ${label.name}`} onSubmit={(submitted) => void onRename(submitted)} noValidate>
            <fieldset disabled={busy !== null}>
              <input type="text" value={name} maxLength={120} onChange={(changed) => setName(changed.target.value)} aria-label="New name" data-testid="label-rename-input" autoFocus />
              <button type="submit" className="button button-small button-primary" data-testid="label-rename-save">
                Save
              </button>
              <button type="button" className="button button-small" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </fieldset>
            {problem && (
              <p className="error" role="alert">
                {problem}
              </p>
            )}
          </form>
        )}
      </td>
      <td className="video-tool-actions">
        {!editing && (
          <button type="button" className="button button-small" disabled={busy !== null} onClick={() => setEditing(true)} aria-label={`Rename ${label.name}`}>
            Rename
          </button>
        )}
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the label ${label.name}`}
          question={`Delete the label "${label.name}"? It comes off every video that carries it.`}
          confirmLabel="Yes, delete"
          disabled={busy !== null}
          onConfirm={() => void remove(label.id)}
        />
      </td>
    </tr>
  );
}

export function LabelsTab({ videoId }: VideoTabProps) {
  const { videoId: loadedFor, labels, busy, error, done, load, create } = useLabelsStore(
    useShallow((state) => ({ videoId: state.videoId, labels: state.labels, busy: state.busy, error: state.error, done: state.done, load: state.load, create: state.create })),
  );
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (loadedFor !== videoId) void load(videoId);
  }, [videoId, loadedFor, load]);

  const shown = loadedFor === videoId ? labels : null;

  async function onCreate(submitted: FormEvent) {
    submitted.preventDefault();
    const found = nameProblem(name, shown?.labels ?? [], null);
    setProblem(found);
    if (!found && (await create(name.trim()))) setName('');
  }

  return (
    <section className="video-tool" aria-label="Labels" data-testid="labels-tab">
      <p className="hint">Labels are yours alone: they sort your library and viewers never see them. Tick the ones this video should carry.</p>
      <PanelOutcome testId="labels" error={error} done={done} />
      {shown === null ? (
        <p className="hint">{busy === 'load' ? 'Reading your labels…' : 'Your labels could not be read.'}</p>
      ) : shown.labels.length === 0 ? (
        <p className="hint" data-testid="labels-empty">
          You have no labels yet. Create one below.
        </p>
      ) : (
        <table className="video-tool-table" data-testid="labels-table">
          <TableHead columns={['Label (ticked: on this video)']} />
          <tbody>
            {shown.labels.map((label) => (
              <LabelRow key={label.id} label={label} attached={shown.attached.includes(label.id)} labels={shown.labels} />
            ))}
          </tbody>
        </table>
      )}
      <form className="video-tool-form" aria-label="Create a label" onSubmit={(submitted) => void onCreate(submitted)} noValidate>
        <fieldset disabled={busy !== null || shown === null}>
          <label className="field">
            New label
            <input type="text" value={name} maxLength={120} onChange={(changed) => setName(changed.target.value)} placeholder="Highlights" data-testid="label-new-name" />
          </label>
          <button type="submit" className="button button-primary" data-testid="label-create">
            {busy === 'create' ? 'Creating…' : 'Create label'}
          </button>
        </fieldset>
      </form>
      {problem && (
        <p className="error" role="alert" data-testid="labels-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
