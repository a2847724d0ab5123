// This video's values of the account's custom video fields: set or clear each.
import { useEffect } from 'react';
import type { MetadataField } from '../../../../preload/contract.js';
import { useVideoMetadataValuesStore } from '../../state/video-metadata-values-slice';
import { MetadataFieldName, MetadataValueInput, useMetadataDraft } from '../metadata-value-editor';
import { PanelOutcome } from '../panel-parts';
import type { VideoTabProps } from './video-tab-props';
import { useShallow } from 'zustand/react/shallow';

function ValueRow({ field, value, busy, onSet, onClear }: { field: MetadataField; value: string | null; busy: boolean; onSet: (value: string) => void; onClear: () => void }) {
  const { draft, setDraft, problem, save } = useMetadataDraft(field, value, onSet);
  return (
    <tr data-testid={`video-metadata-${field.name}`}>
      <MetadataFieldName field={field} />
      <MetadataValueInput field={field} draft={draft} problem={problem} busy={busy} testId="video-metadata-value" onChange={setDraft} />
      <td className="button-row">
        <button type="button" className="button button-small button-primary" disabled={busy} onClick={save} data-testid="video-metadata-set">
          Set
        </button>
        <button type="button" className="button button-small" disabled={busy || value === null} onClick={onClear} data-testid="video-metadata-clear">
          Clear
        </button>
      </td>
    </tr>
  );
}

export function VideoMetadataTab({ videoId }: VideoTabProps) {
  const { metadata, busy, error, planNote, done, load, setValue, removeValue } = useVideoMetadataValuesStore(
    useShallow((state) => ({ metadata: state.metadata, busy: state.busy, error: state.error, planNote: state.planNote, done: state.done, load: state.load, setValue: state.setValue, removeValue: state.removeValue })),
  );

  useEffect(() => {
    void load(videoId);
  }, [videoId, load]);

  const shown = metadata?.videoId === videoId ? metadata : null;
  return (
    <div className="video-metadata" data-testid="video-metadata">
      <PanelOutcome testId="video-metadata" error={error} planNote={planNote} done={done} />
      {busy === 'load' && <p role="status">Loading…</p>}
      {shown && shown.fields.length === 0 && <p className="next-action">Your account has no custom fields for videos yet. Define one (content type video) on the platform, then come back.</p>}
      {shown && shown.fields.length > 0 && (
        <table className="metadata-table">
          <tbody>
            {shown.fields.map((field) => {
              const value = shown.values.find((entry) => entry.fieldId === field.id)?.value ?? null;
              return (
                <ValueRow
                  key={`${field.id}:${value ?? ''}`}
                  field={field}
                  value={value}
                  busy={busy !== null}
                  onSet={(next) => void setValue(field.id, next)}
                  onClear={() => void removeValue(field.id)}
                />
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
