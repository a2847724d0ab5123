import { useState } from 'react';
import type { MetadataField } from '../../../../preload/contract.js';

/** Why a value does not fit its field, or null; the platform checks again. The Videos panel checks video values the same way. */
export function valueProblem(field: MetadataField, value: string): string | null {
  if (value.trim() === '') return 'Enter a value (or clear it).';
  if (value.length > 1000) return 'At most 1000 characters.';
  if (field.type === 'number' && !Number.isFinite(Number(value))) return 'Enter a number.';
  if (field.enumItems.length > 0 && !field.enumItems.includes(value)) return `Choose one of: ${field.enumItems.join(', ')}.`;
  return null;
}

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
  const [draft, setDraft] = useState(value ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const found = valueProblem(field, draft);
    setProblem(found);
    if (!found) onSet(draft);
  };
  const choices = field.type === 'boolean' ? ['true', 'false'] : field.enumItems;
  return (
    <tr data-testid={`metadata-row-${field.name}`}>
      <th scope="row">
        {field.displayName}
        <span className="muted"> ({field.name}, {field.type}{field.isRequired ? ', required' : ''})</span>
      </th>
      <td>
        {choices.length > 0 ? (
          <select value={draft} disabled={busy} onChange={(event) => setDraft(event.target.value)} aria-label={`${field.displayName} value`} data-testid="metadata-value">
            <option value="">—</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input value={draft} disabled={busy} onChange={(event) => setDraft(event.target.value)} aria-label={`${field.displayName} value`} data-testid="metadata-value" />
        )}
        {problem && (
          <span className="error" role="alert">
            {' '}
            {problem}
          </span>
        )}
      </td>
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
