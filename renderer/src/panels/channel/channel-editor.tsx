import { useState } from 'react';
import { ChannelEdit, type ChannelDetails } from '../../../../preload/contract.js';
import { problemWords } from '../../validation-words';

function tagsFrom(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** Title, description and tags of a channel, checked before they are sent; waits while a request runs. */
export function ChannelEditor({ details, busy, onSave }: { details: ChannelDetails; busy: boolean; onSave: (edit: ChannelEdit) => void }) {
  const [title, setTitle] = useState(details.title);
  const [description, setDescription] = useState(details.description);
  const [tags, setTags] = useState(details.tags.join(', '));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ChannelEdit.safeParse({ title, description, tags: tagsFrom(tags) });
    if (!parsed.success) {
      setProblem(problemWords(parsed.error.issues));
      return;
    }
    setProblem(null);
    onSave(parsed.data);
  };

  return (
    <form className="channel-editor" onSubmit={submit} aria-label="Channel details" data-testid="channel-editor">
      <fieldset disabled={busy}>
        <label className="field">
          Title
          <input value={title} onChange={(event) => setTitle(event.target.value)} data-testid="channel-title" />
        </label>
        <label className="field">
          Description
          <textarea value={description} rows={4} onChange={(event) => setDescription(event.target.value)} data-testid="channel-description" />
        </label>
        <label className="field">
          Tags (comma separated)
          <input value={tags} onChange={(event) => setTags(event.target.value)} data-testid="channel-tags" />
        </label>
        {problem && (
          <p className="error" role="alert" data-testid="channel-form-problem">
            {problem}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button-primary" data-testid="channel-save">
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
