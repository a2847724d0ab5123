// Which videos the list shows: one channel's or all of the user's, search words, order and protection,
// applied as they change.
import { useEffect, useState, type FormEvent } from 'react';
import { VIDEO_LIMITS, type VideoListRequest } from '../../../../preload/contract.js';
import { useVideosStore } from '../../state/videos-slice';
import { useShallow } from 'zustand/react/shallow';

type ProtectChoice = 'all' | 'public' | 'private';

const ALL_MINE = '';
/** How long the choices rest before the list is asked for again: one request for a typed word, not one a letter. */
export const FILTER_SETTLE_MS = 300;

/** The choices of a request, comparable with the form's (same keys, same order). */
function choicesOf(request: VideoListRequest): string {
  return JSON.stringify({ channelId: request.channelId, q: request.q, sort: request.sort, protect: request.protect });
}

export function VideoListControls() {
  const { channels, request, busy, search } = useVideosStore(
    useShallow((state) => ({ channels: state.channels, request: state.request, busy: state.busy, search: state.search })),
  );
  const [scope, setScope] = useState(request.channelId ?? ALL_MINE);
  const [q, setQ] = useState(request.q ?? '');
  const [sort, setSort] = useState<VideoListRequest['sort']>(request.sort);
  const [protect, setProtect] = useState<ProtectChoice>(request.protect.length === 1 ? request.protect[0]! : 'all');
  const searching = q.trim() !== '';
  const wanted: Omit<VideoListRequest, 'page'> = { channelId: scope === ALL_MINE ? null : scope, q: searching ? q.trim() : undefined, sort, protect: searching || protect === 'all' ? [] : [protect] };
  const wantedKey = JSON.stringify(wanted);

  // The list follows the choices as they change: once the typing pauses, and only when they differ from what it shows.
  // (Asked again when the timer ends: Refresh or Enter may have asked for the same meanwhile.)
  useEffect(() => {
    if (choicesOf(useVideosStore.getState().request) === wantedKey) return;
    const timer = setTimeout(() => {
      if (choicesOf(useVideosStore.getState().request) !== wantedKey) void search(JSON.parse(wantedKey) as Omit<VideoListRequest, 'page'>);
    }, FILTER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wantedKey, search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void search(wanted);
  }

  return (
    <form className="video-controls" aria-label="Which videos" onSubmit={submit} noValidate>
      {/* Not disabled while loading: the list follows the typing, and a disabled field would drop the focus. */}
      <fieldset>
        <label className="field">
          Videos of
          <select value={scope} onChange={(event) => setScope(event.target.value)} data-testid="videos-scope">
            <option value={ALL_MINE}>All my channels</option>
            {(channels ?? []).map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.title}
              </option>
            ))}
          </select>
        </label>
        <label className="field field-wide">
          Search titles, descriptions and captions
          <input type="search" value={q} maxLength={VIDEO_LIMITS.query} onChange={(event) => setQ(event.target.value)} placeholder="e.g. microphone" data-testid="videos-search" />
        </label>
        <label className="field">
          Order
          <select value={sort} onChange={(event) => setSort(event.target.value as VideoListRequest['sort'])} data-testid="videos-sort">
            <option value="recent">Most recent</option>
            <option value="popular">Most viewed</option>
          </select>
        </label>
        <label className="field">
          Protection
          <select value={searching ? 'all' : protect} disabled={searching} onChange={(event) => setProtect(event.target.value as ProtectChoice)} data-testid="videos-protect">
            <option value="all">Public and private</option>
            <option value="public">Public only</option>
            <option value="private">Private only</option>
          </select>
        </label>
        <button type="submit" className="button" data-testid="videos-show">
          {busy === 'list' ? 'Loading…' : 'Refresh'}
        </button>
      </fieldset>
      {searching && <p className="hint">The platform searches public videos only, so a search shows no private ones and ignores the protection choice.</p>}
    </form>
  );
}
