import './channel-panel.css';
import { useEffect } from 'react';
import { useChannelStore } from '../state/channel-slice';
import { useSessionStore } from '../state/session-slice';
import { ChannelEditor } from './channel/channel-editor';
import { CustomMetadataSection } from './channel/custom-metadata-section';
import { DeleteChannel } from './channel/delete-channel';
import { UpcomingEventsSection } from './channel/upcoming-events-section';
import { ChannelSelect } from './channel-select';
import { PanelOutcome, SignInFirst } from './panel-parts';
import { useShallow } from 'zustand/react/shallow';

export function ChannelPanel() {
  const { channels, channelId, details, busy, error, done, load, choose, save, remove } = useChannelStore(
    useShallow((state) => ({ channels: state.channels, channelId: state.channelId, details: state.details, busy: state.busy, error: state.error, done: state.done, load: state.load, choose: state.choose, save: state.save, remove: state.remove })),
  );
  const signedIn = useSessionStore((state) => state.session?.status === 'signed-in');

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const heading = (
    <>
      <h1 id="panel-title">Channel</h1>
      <p className="panel-purpose">Your channel&apos;s title, description and tags, and its custom metadata.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to manage your channels." />;

  return (
    <section className="panel panel-channel" aria-labelledby="panel-title" data-testid="channel-panel">
      {heading}
      {channels && <ChannelSelect label="Channel" channels={channels} chosenId={channelId} disabled={busy !== null} testId="channel-choice" onChoose={(id) => void choose(id)} />}
      <PanelOutcome testId="channel" error={error} done={done} />
      {channels?.length === 0 && <p className="next-action">You have no channels.</p>}
      {details && (
        <>
          <p className="muted" data-testid="channel-facts">
            {details.isDefault ? 'Your default channel · ' : ''}
            {details.managedFor !== null ? `You manage this channel for ${details.managedFor} · ` : ''}
            {details.status === 'live' ? 'Live' : 'Off air'} · {details.url}
            {details.locked ? ' · password protected' : ''}
          </p>
          <ChannelEditor key={`${details.id}:${details.title}:${details.description}:${details.tags.join(',')}`} details={details} busy={busy === 'save'} onSave={(edit) => void save(edit)} />
          {details.managedFor === null ? (
            <DeleteChannel key={details.id} title={details.title} busy={busy !== null} onDelete={(title) => void remove(title)} />
          ) : (
            <p className="hint" data-testid="channel-delete-owner-only">
              Only {details.managedFor}, the channel&apos;s owner, can delete it: managers cannot.
            </p>
          )}
          <UpcomingEventsSection channelId={details.id} />
          <CustomMetadataSection channelId={details.id} />
        </>
      )}
    </section>
  );
}
