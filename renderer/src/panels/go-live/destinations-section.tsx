// Where the stream goes: the channel first, then the extra destinations, each with its health and its
// switches; the form to add one; and the plot of the last five minutes.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveStore } from '../../state/live-slice';
import { AddDestinationForm } from './add-destination-form';
import { DestinationRow, type DestinationRowActions } from './destination-row';
import { destinationsOf } from './destination-view';
import { HealthPlot } from './health-plot';
import { useNow } from '../../use-now';

export function DestinationsSection() {
  const { live, channels, busy, addDestination, removeDestination, setDestinationEnabled, reconnectDestination } = useLiveStore(
    useShallow((state) => ({
      live: state.live,
      channels: state.channels,
      busy: state.busy,
      addDestination: state.addDestination,
      removeDestination: state.removeDestination,
      setDestinationEnabled: state.setDestinationEnabled,
      reconnectDestination: state.reconnectDestination,
    })),
  );
  const nowMs = useNow();
  const destinations = useMemo(() => (live ? destinationsOf(live) : []), [live]);
  const labels = useMemo(() => new Map(destinations.map((destination) => [destination.id, destination.label])), [destinations]);
  const actions = useMemo<DestinationRowActions>(
    () => ({
      reconnect: (id) => void reconnectDestination(id),
      setEnabled: (id, enabled) => void setDestinationEnabled(id, enabled),
      remove: (id) => void removeDestination(id),
    }),
    [reconnectDestination, setDestinationEnabled, removeDestination],
  );
  if (!live) return null;
  return (
    <section aria-labelledby="destinations-title" className="destinations" data-testid="destinations-section">
      <h2 id="destinations-title">Destinations</h2>
      <table className="targets destination-table" data-testid="destinations">
        <caption className="visually-hidden">Where the stream goes, and how each destination is doing</caption>
        <thead>
          <tr>
            <th scope="col">Destination</th>
            <th scope="col">State</th>
            <th scope="col">Bitrate</th>
            <th scope="col">Send buffer</th>
            <th scope="col">Reconnects</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {destinations.map((destination) => (
            <DestinationRow key={destination.id} destination={destination} nowMs={nowMs} busy={busy !== null} actions={actions} />
          ))}
        </tbody>
      </table>
      <AddDestinationForm channels={channels ?? []} exceptChannelId={live.channel?.id ?? null} busy={busy !== null} onAdd={(destination) => void addDestination(destination)} />
      <h2>Health</h2>
      <HealthPlot history={live.history} labels={labels} />
    </section>
  );
}
