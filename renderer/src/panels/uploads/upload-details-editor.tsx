import { useState, type FormEvent } from 'react';
import type { UploadRow } from '../../../../preload/contract.js';
import { fileName } from './upload-format';

export interface UploadDetails {
  readonly title: string;
  readonly description: string;
  readonly protect: UploadRow['protect'];
}

/**
 * One file's title, description and who can watch it, while the platform does not have the file yet
 * (then they are the video's, edited in the video library). Outside the virtual table, whose rows keep one
 * height.
 */
export function UploadDetailsEditor({ row, onSave, onClose }: { row: UploadRow; onSave: (details: UploadDetails) => void; onClose: () => void }) {
  const [title, setTitle] = useState(row.title);
  const [description, setDescription] = useState(row.description);
  const [protect, setProtect] = useState(row.protect);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    onSave({ title: title.trim(), description, protect });
  };
  return (
    <form
      className="upload-details-editor"
      onSubmit={submit}
      aria-label={`Details of ${fileName(row.file)}`}
      data-testid="upload-details-editor"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <p className="hint">
        {fileName(row.file)}: what the video gets when it is created.
      </p>
      <label className="field">
        Title
        <input type="text" value={title} maxLength={200} autoFocus aria-label="Video title" onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field field-wide">
        Description
        <textarea rows={2} value={description} maxLength={5000} aria-label="Video description" onChange={(event) => setDescription(event.target.value)} />
      </label>
      <fieldset className="protect-choice">
        <legend>Who can watch it</legend>
        <label className="checkbox">
          <input type="radio" name={`protect-${row.id}`} checked={protect === 'public'} onChange={() => setProtect('public')} />
          Public
        </label>
        <label className="checkbox">
          <input type="radio" name={`protect-${row.id}`} checked={protect === 'private'} onChange={() => setProtect('private')} />
          Private
        </label>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary button-small" disabled={title.trim() === ''}>
          Save
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
