import type { MetadataField } from '../../../../preload/contract.js';
import { MetadataFieldName, MetadataValueInput, useMetadataDraft } from '../metadata-value-editor';

/** One field of this channel: its value (set or clear) and whether it links to similar content. */
export function MetadataValueRow({
  field,
  value,
  isLink,
  busy,
  onSet,
  onClear,
  onLink,
  onDeleteField,
}: {
  field: MetadataField;
  value: string | null;
  isLink: boolean;
  busy: boolean;
  onSet: (value: string) => void;
  onClear: () => void;
  onLink: (isLink: boolean) => void;
  onDeleteField: () => void;
}) {
  const { draft, setDraft, problem, save } = useMetadataDraft(field, value, onSet);
  return (
    <tr data-testid={`metadata-row-${field.name}`}>
      <MetadataFieldName field={field} />
      <MetadataValueInput field={field} draft={draft} problem={problem} busy={busy} testId="metadata-value" onChange={setDraft} />
      <td>
        <label className="field-inline">
          <input type="checkbox" checked={isLink} disabled={busy} onChange={(event) => onLink(event.target.checked)} data-testid="metadata-is-link" />
          Links to similar content
        </label>
      </td>
      <td className="button-row">
        <button type="button" className="button button-small button-primary" disabled={busy} onClick={save} data-testid="metadata-value-save">
          Set
        </button>
        <button type="button" className="button button-small" disabled={busy || value === null} onClick={onClear} data-testid="metadata-value-clear">
          Clear
        </button>
        <button type="button" className="button button-small" disabled={busy} onClick={onDeleteField} data-testid="metadata-field-delete">
          Delete field
        </button>
      </td>
    </tr>
  );
}
