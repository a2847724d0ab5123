// A custom metadata field's name and its value editor, as a channel's and a video's values share them: a
// choice for a boolean or an enumeration, a text box otherwise; checked before it is sent.
import { useState } from 'react';
import type { MetadataField } from '../../../preload/contract.js';

/** Why a value does not fit its field, or null; the platform checks again. */
export function valueProblem(field: MetadataField, value: string): string | null {
  if (value.trim() === '') return 'Enter a value (or clear it).';
  if (value.length > 1000) return 'At most 1000 characters.';
  if (field.type === 'number' && !Number.isFinite(Number(value))) return 'Enter a number.';
  if (field.enumItems.length > 0 && !field.enumItems.includes(value)) return `Choose one of: ${field.enumItems.join(', ')}.`;
  return null;
}

/** The value being edited, its problem, and `save`, which sends it only when it fits the field. */
export function useMetadataDraft(field: MetadataField, value: string | null, onSet: (value: string) => void) {
  const [draft, setDraft] = useState(value ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const found = valueProblem(field, draft);
    setProblem(found);
    if (!found) onSet(draft);
  };
  return { draft, setDraft, problem, save };
}

/** The field's display name with its name, type and whether it is required. */
export function MetadataFieldName({ field }: { field: MetadataField }) {
  return (
    <th scope="row">
      {field.displayName}
      <span className="hint">
        {' '}
        ({field.name}, {field.type}
        {field.isRequired ? ', required' : ''})
      </span>
    </th>
  );
}

export function MetadataValueInput({
  field,
  draft,
  problem,
  busy,
  testId,
  onChange,
}: {
  field: MetadataField;
  draft: string;
  problem: string | null;
  busy: boolean;
  testId: string;
  onChange: (draft: string) => void;
}) {
  const choices = field.type === 'boolean' ? ['true', 'false'] : field.enumItems;
  return (
    <td>
      {choices.length > 0 ? (
        <select value={draft} disabled={busy} onChange={(event) => onChange(event.target.value)} aria-label={`${field.displayName} value`} data-testid={testId}>
          <option value="">—</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input value={draft} disabled={busy} onChange={(event) => onChange(event.target.value)} aria-label={`${field.displayName} value`} data-testid={testId} />
      )}
      {problem && (
        <span className="error" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </td>
  );
}
