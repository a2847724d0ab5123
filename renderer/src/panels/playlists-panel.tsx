// Playlists: after a show the streamer features the recording on the channel and puts it in playlists.
// One channel is chosen for its featured videos and its playlists; the user's own playlists are a click
// away. Every list says how full it is ("N of M"), and a full one says what to take out.
import './playlists-panel.css';
import { useEffect } from 'react';
import { usePlaylistsStore } from '../state/playlists-slice';
import { useSessionStore } from '../state/session-slice';
import { useVideoPickerStore } from '../state/video-picker-slice';
import { ChannelSelect } from './channel-select';
import { SignInFirst } from './panel-parts';
import { FeaturedSection } from './playlists/featured-section';
import { PlaylistsSection } from './playlists/playlists-section';
import { useShallow } from 'zustand/react/shallow';

export function PlaylistsPanel() {
  const { channels, channelId, listBusy, load, choose } = usePlaylistsStore(
    useShallow((state) => ({ channels: state.channels, channelId: state.channelId, listBusy: state.listBusy, load: state.load, choose: state.choose })),
  );
  const closePicker = useVideoPickerStore((picker) => picker.close);
  const signedIn = useSessionStore((state) => state.session?.status === 'signed-in');

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const heading = (
    <>
      <h1 id="panel-title">Playlists</h1>
      <p className="panel-purpose">Feature your videos on a channel and gather them in playlists, in the order viewers should see them.</p>
    </>
  );
  if (!signedIn) return <SignInFirst heading={heading} reason="Sign in to manage your featured videos and playlists." />;

  return (
    <section className="panel panel-playlists" aria-labelledby="panel-title" data-testid="playlists-panel">
      {heading}
      {channels && (
        <ChannelSelect
          label="Channel"
          channels={channels}
          chosenId={channelId}
          disabled={listBusy !== null}
          testId="playlists-channel"
          onChoose={(id) => {
            closePicker();
            void choose(id);
          }}
        />
      )}
      {channels?.length === 0 && <p className="next-action">You have no channels: featured videos and channel playlists need one. Your own playlists are below.</p>}
      {channelId !== null && <FeaturedSection channelId={channelId} />}
      {channels && <PlaylistsSection channel={channels.find((channel) => channel.id === channelId) ?? null} />}
    </section>
  );
}
