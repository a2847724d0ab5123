import { useEffect } from 'react';
import { useMetadataStore } from '../../state/metadata-slice';
import { MetadataValueRow } from './metadata-value-row';
import { NewMetadataFieldForm } from './new-metadata-field';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../../error-details';

/** The account's channel field definitions, with this channel's values and display settings. */
export function CustomMetadataSection({ channelId }: { channelId: string }) {
  const { fields, metadata, busy, error, load, createField, deleteField, setValue, removeValue, setDisplay } = useMetadataStore(
    useShallow((state) => ({ fields: state.fields, metadata: state.metadata, busy: state.busy, error: state.error, load: state.load, createField: state.createField, deleteField: state.deleteField, setValue: state.setValue, removeValue: state.removeValue, setDisplay: state.setDisplay })),
  );

  useEffect(() => {
    void load(channelId);
  }, [channelId, load]);

  const shown = metadata?.channelId === channelId ? metadata : null;
  return (
    <section className="channel-metadata" aria-labelledby="metadata-title" data-testid="custom-metadata">
      <h2 id="metadata-title">Custom metadata</h2>
      <p className="panel-purpose">Fields you define for all your channels; each channel has its own values.</p>
      {error && (
        <ErrorMessage error={error} testId="metadata-error" />
      )}
      {busy === 'load' && <p>Loading…</p>}
      {fields && shown && (
        <table className="metadata-table">
          <tbody>
            {fields.length === 0 && (
              <tr>
                <td>No channel fields yet: add one below.</td>
              </tr>
            )}
            {fields.map((field) => {
              const value = shown.values.find((entry) => entry.fieldId === field.id)?.value ?? null;
              return (
                <MetadataValueRow
                  key={`${field.id}:${value ?? ''}`}
                  field={field}
                  value={value}
                  isLink={shown.displays.find((entry) => entry.fieldId === field.id)?.isLink ?? false}
                  busy={busy !== null}
                  onSet={(next) => void setValue(field.id, next)}
                  onClear={() => void removeValue(field.id)}
                  onLink={(isLink) => void setDisplay(field.id, isLink)}
                  onDeleteField={() => void deleteField(field.id)}
                />
              );
            })}
          </tbody>
        </table>
      )}
      <NewMetadataFieldForm busy={busy !== null} onCreate={createField} />
    </section>
  );
}
