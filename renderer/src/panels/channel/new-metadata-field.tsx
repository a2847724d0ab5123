import { useState } from 'react';
import { METADATA_FIELD_TYPES, NewMetadataField } from '../../../../preload/contract.js';
import { problemWords } from '../../validation-words';

type FieldType = (typeof METADATA_FIELD_TYPES)[number];

/** A form for a new channel field definition, checked before it is sent; cleared once the platform has it. */
export function NewMetadataFieldForm({ busy, onCreate }: { busy: boolean; onCreate: (field: NewMetadataField) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [type, setType] = useState<FieldType>('string');
  const [choices, setChoices] = useState('');
  const [isRequired, setIsRequired] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const enumItems = type === 'enum' ? choices.split(',').map((item) => item.trim()).filter((item) => item !== '') : undefined;
    const parsed = NewMetadataField.safeParse({ name, displayName, contentType: 'channel', type, isRequired, enumItems });
    if (!parsed.success) {
      setProblem(problemWords(parsed.error.issues));
      return;
    }
    setProblem(null);
    if (await onCreate(parsed.data)) {
      setName('');
      setDisplayName('');
      setChoices('');
      setIsRequired(false);
    }
  };

  return (
    <form className="metadata-field-form" onSubmit={(event) => void submit(event)} aria-label="New metadata field" data-testid="metadata-field-form">
      <fieldset disabled={busy}>
        <legend>New channel field</legend>
        <label className="field">
          Name
          <input value={name} placeholder="city" onChange={(event) => setName(event.target.value)} data-testid="metadata-field-name" />
        </label>
        <label className="field">
          Display name
          <input value={displayName} placeholder="City" onChange={(event) => setDisplayName(event.target.value)} data-testid="metadata-field-display-name" />
        </label>
        <label className="field">
          Type
          <select value={type} onChange={(event) => setType(event.target.value as FieldType)} data-testid="metadata-field-type">
            {METADATA_FIELD_TYPES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        {type === 'enum' && (
          <label className="field">
            Choices (comma separated)
            <input value={choices} onChange={(event) => setChoices(event.target.value)} data-testid="metadata-field-choices" />
          </label>
        )}
        <label className="field-inline">
          <input type="checkbox" checked={isRequired} onChange={(event) => setIsRequired(event.target.checked)} />
          Required
        </label>
        {problem && (
          <p className="error" role="alert" data-testid="metadata-field-problem">
            {problem}
          </p>
        )}
        <button type="submit" className="button button-primary" data-testid="metadata-field-create">
          Add field
        </button>
      </fieldset>
    </form>
  );
}
