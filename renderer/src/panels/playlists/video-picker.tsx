// Choose videos to add: a channel's or all of the user's, searched with the platform's search (which finds
// public videos only), a page of 50 at a time. Videos already in the list are marked, not offered again.
import { useState, type FormEvent } from 'react';
import type { CollectionVideo } from '../../../../preload/contract.js';
import { useVideoPickerStore } from '../../state/video-picker-slice';
import { Pager } from '../pager';
import { formatDuration } from './format-duration';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../../error-details';

export function VideoPicker({ present, disabled, testId, onAdd }: { present: readonly string[]; disabled: boolean; testId: string; onAdd: (video: CollectionVideo) => void }) {
  const { q, page, loading, error, search, goTo, close } = useVideoPickerStore(
    useShallow((state) => ({ q: state.q, page: state.page, loading: state.loading, error: state.error, search: state.search, goTo: state.goTo, close: state.close })),
  );
  const [query, setQuery] = useState(q);

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    void search(query);
  }

  return (
    <div className="video-picker" data-testid={testId}>
      <form className="video-picker-search" aria-label="Search videos" onSubmit={submit}>
        <fieldset disabled={loading}>
          <label className="field">
            Search
            <input type="search" value={query} onChange={(changed) => setQuery(changed.target.value)} placeholder="Words in a title or description" />
          </label>
          <button type="submit" className="button button-small">
            Search
          </button>
          <button type="button" className="button button-small" onClick={close}>
            Done adding
          </button>
        </fieldset>
        {q !== '' && <p className="hint">The platform&apos;s search finds public videos only.</p>}
      </form>
      {error && (
        <ErrorMessage error={error} />
      )}
      {loading && page === null && <p role="status">Loading videos…</p>}
      {page && (
        <>
          {page.items.length === 0 && <p className="hint">{q === '' ? 'There are no videos here yet.' : `No public video matches “${q}”.`}</p>}
          <ul className="video-choices">
            {page.items.map((video) => {
              const added = present.includes(video.id);
              return (
                <li key={video.id} className="video-choice" data-video-id={video.id}>
                  <span className="ordered-video-title">{video.title}</span>
                  {video.lengthSeconds !== null && <span className="hint">{formatDuration(video.lengthSeconds)}</span>}
                  <button type="button" className="button button-small" disabled={disabled || added} aria-label={`Add ${video.title}`} onClick={() => onAdd(video)}>
                    {added ? 'Added' : 'Add'}
                  </button>
                </li>
              );
            })}
          </ul>
          <Pager page={page.page} hasPrevious={page.hasPrevious} hasNext={page.hasNext} disabled={loading} testId={`${testId}-page`} onPage={(next) => void goTo(next)} />
        </>
      )}
    </div>
  );
}
