// The channel's upcoming events, soonest first, a page of 50 at a time. Read-only: the platform has no call
// that schedules an event (they are made on the platform's website).
import { useEffect } from 'react';
import { useUpcomingEventsStore } from '../../state/upcoming-events-slice';
import { Pager } from '../pager';
import { formatDuration } from '../playlists/format-duration';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../../error-details';

export function UpcomingEventsSection({ channelId }: { channelId: string }) {
  const { page, loading, error, load } = useUpcomingEventsStore(
    useShallow((state) => ({ page: state.page, loading: state.loading, error: state.error, load: state.load })),
  );

  useEffect(() => {
    void load(channelId);
  }, [channelId, load]);

  const shown = page?.channelId === channelId ? page : null;
  return (
    <section className="upcoming-events" aria-labelledby="upcoming-events-title" data-testid="upcoming-events" aria-busy={loading}>
      <h2 id="upcoming-events-title">Upcoming events</h2>
      <p className="panel-purpose">What the channel has scheduled, soonest first. Events are scheduled on the platform&apos;s website.</p>
      {error && (
        <ErrorMessage error={error} testId="upcoming-events-error" />
      )}
      {loading && shown === null && <p role="status">Loading…</p>}
      {shown && (
        <>
          {shown.items.length === 0 ? (
            <p className="hint">Nothing scheduled.</p>
          ) : (
            <table className="metadata-table" data-testid="upcoming-events-table">
              <thead>
                <tr>
                  <th scope="col">Starts</th>
                  <th scope="col">Event</th>
                  <th scope="col">Expected length</th>
                </tr>
              </thead>
              <tbody>
                {shown.items.map((event) => (
                  <tr key={event.id} data-event-id={event.id}>
                    <td>
                      <time dateTime={new Date(event.start * 1000).toISOString()}>{new Date(event.start * 1000).toLocaleString()}</time>
                    </td>
                    <th scope="row">
                      {event.title}
                      {event.description !== '' && <p className="hint">{event.description}</p>}
                    </th>
                    <td>{formatDuration(event.duration)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={shown.page} hasPrevious={shown.hasPrevious} hasNext={shown.hasNext} disabled={loading} testId="upcoming-events-page" onPage={(next) => void load(channelId, next)} />
        </>
      )}
    </section>
  );
}
