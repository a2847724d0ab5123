// One page of videos (the platform pages 50 at a time), each with its thumbnail and who may watch it: open
// one, see where a search found its words in the captions and jump there, delete after asking.
import { useState } from 'react';
import type { CaptionMatch, VideoRow } from '../../../../preload/contract.js';
import { useVideosStore } from '../../state/videos-slice';
import { ConfirmButton } from '../confirm-button';
import { Pager } from '../pager';
import { formatClock } from './format-clock';
import { TableHead } from '../table-head';
import { useShallow } from 'zustand/react/shallow';

/** The platform returns at most 100 matches a video; a row shows the first few. */
const MATCHES_SHOWN = 5;

function CaptionMatches({ row, onJump }: { row: VideoRow; onJump: (match: CaptionMatch) => void }) {
  const matches = row.captionMatches ?? [];
  if (matches.length === 0) return null;
  return (
    <ul className="caption-matches" aria-label={`Caption matches in ${row.title}`} data-testid={`caption-matches-${row.id}`}>
      {matches.slice(0, MATCHES_SHOWN).map((match) => (
        <li key={`${match.startSec}-${match.endSec}`}>
          <button type="button" className="link-button" onClick={() => onJump(match)} aria-label={`Open ${row.title} at ${formatClock(match.startSec)}`} data-testid="caption-match-time">
            {formatClock(match.startSec)}
          </button>{' '}
          <span className="caption-text">{match.caption}</span>
        </li>
      ))}
      {matches.length > MATCHES_SHOWN && <li className="hint">and {matches.length - MATCHES_SHOWN} more in this video</li>}
    </ul>
  );
}

const PROTECTION_WORDS: Record<NonNullable<VideoRow['protect']>, string> = { public: 'Public', private: 'Private' };

/** A small picture of the video, loaded only when its row is scrolled near; an empty frame where there is none. */
function Thumbnail({ row }: { row: VideoRow }) {
  const [failed, setFailed] = useState(false);
  const alt = `Thumbnail of ${row.title || `video ${row.id}`}`;
  if (row.thumbnailUrl === null) return <span className="video-thumb" />;
  // A picture that did not load leaves its frame (and its words for a screen reader), not the browser's broken icon.
  if (failed) return <span className="video-thumb" role="img" aria-label={alt} />;
  return (
    <img
      className="video-thumb"
      src={row.thumbnailUrl}
      alt={alt}
      width={64}
      height={36}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

export function VideoList() {
  const { page, request, busy, select, remove, goToPage } = useVideosStore(
    useShallow((state) => ({ page: state.page, request: state.request, busy: state.busy, select: state.select, remove: state.remove, goToPage: state.goToPage })),
  );
  if (page === null) return busy === 'list' ? <p role="status">Loading videos…</p> : null;
  const searched = page.request.q !== undefined;
  return (
    <>
      {page.note && (
        <p className="hint" role="status" data-testid="videos-note">
          {page.note}
        </p>
      )}
      {page.items.length === 0 ? (
        <p className="next-action" data-testid="videos-empty">
          {searched ? `No public video has "${page.request.q}" in its title, description or captions.` : page.request.page > 1 ? 'No more videos.' : 'No videos here yet.'}
        </p>
      ) : (
        <table className="video-table" data-testid="video-table">
          <TableHead columns={['Title', 'Protection', 'Length', 'Created', 'Views']} />
          <tbody>
            {page.items.map((row) => (
              <tr key={row.id} data-testid={`video-row-${row.id}`}>
                <th scope="row">
                  <div className="video-title-cell">
                    <Thumbnail row={row} />
                    <div>
                      <button type="button" className="link-button video-open" onClick={() => void select(row.id)} data-testid="video-open">
                        {row.title || `Video ${row.id}`}
                      </button>
                      <CaptionMatches row={row} onJump={(match) => void select(row.id, match)} />
                    </div>
                  </div>
                </th>
                <td>{row.protect === null ? <span title="The platform did not say; choose Public only or Private only to see it.">—</span> : PROTECTION_WORDS[row.protect]}</td>
                <td>{row.lengthSeconds === null ? '—' : formatClock(row.lengthSeconds)}</td>
                <td>{row.createdAt === null ? '—' : new Date(row.createdAt * 1000).toLocaleDateString()}</td>
                <td>{row.views ?? '—'}</td>
                <td>
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete ${row.title}`}
                    question={`Delete "${row.title}" for good? Its captions, chapters and downloads go with it.`}
                    confirmLabel="Yes, delete"
                    disabled={busy !== null}
                    onConfirm={() => void remove(row.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={request.page} hasPrevious={page.hasPrevious} hasNext={page.hasNext} disabled={busy !== null} testId="videos-page" onPage={(next) => void goToPage(next)} />
    </>
  );
}
