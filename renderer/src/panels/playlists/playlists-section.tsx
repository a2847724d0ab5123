// The user's own playlists or the chosen channel's, a page at a time: create, open, rename, delete.
import type { ChannelChoice } from '../../../../preload/contract.js';
import { usePlaylistsStore, type PlaylistOwner } from '../../state/playlists-slice';
import { useVideoPickerStore } from '../../state/video-picker-slice';
import { Pager } from '../pager';
import { PanelOutcome } from '../panel-parts';
import { NewPlaylistForm } from './new-playlist-form';
import { PlaylistEditor } from './playlist-editor';
import { PlaylistRow } from './playlist-row';
import { TableHead } from '../table-head';
import { useShallow } from 'zustand/react/shallow';

export function PlaylistsSection({ channel }: { channel: ChannelChoice | null }) {
  const { owner, list, listBusy, rowBusy, opened, error, done, show, goTo, create, rename, remove, open } = usePlaylistsStore(
    useShallow((state) => ({ owner: state.owner, list: state.list, listBusy: state.listBusy, rowBusy: state.rowBusy, opened: state.opened, error: state.error, done: state.done, show: state.show, goTo: state.goTo, create: state.create, rename: state.rename, remove: state.remove, open: state.open })),
  );
  const closePicker = useVideoPickerStore((picker) => picker.close);
  const whose = owner === 'user' ? 'yours' : `on ${channel?.title ?? 'the channel'}`;
  const choice = (value: PlaylistOwner, text: string) => (
    <label className="checkbox">
      <input type="radio" name="playlist-owner" value={value} checked={owner === value} disabled={listBusy !== null} onChange={() => void show(value)} />
      {text}
    </label>
  );

  return (
    <section className="collection-section" aria-labelledby="playlists-title" data-testid="playlists-section">
      <h2 id="playlists-title">Playlists</h2>
      <div className="collection-owner" role="radiogroup" aria-label="Whose playlists">
        {choice('user', 'Your playlists')}
        {choice('channel', `Playlists of ${channel?.title ?? 'the channel'}`)}
      </div>
      <PanelOutcome testId="playlists" error={error} done={done} />
      <NewPlaylistForm key={owner} whose={whose} busy={listBusy === 'create'} onCreate={create} />
      {listBusy === 'load' && list === null && <p role="status">Loading…</p>}
      {list && (
        <>
          {list.items.length === 0 ? (
            <p className="hint">No playlists yet: create one above.</p>
          ) : (
            <table className="collection-table" data-testid="playlists">
              <TableHead columns={['Title', 'Length', 'Changed']} />
              <tbody>
                {list.items.map((playlist) => (
                  <PlaylistRow
                    key={`${playlist.id}:${playlist.title}`}
                    playlist={playlist}
                    isOpen={playlist.id === opened?.id}
                    busy={rowBusy !== null}
                    onOpen={() => {
                      // A picker open for another playlist would add to this one.
                      closePicker();
                      void open(playlist);
                    }}
                    onRename={(title) => rename(playlist.id, title)}
                    onDelete={() => void remove(playlist.id)}
                  />
                ))}
              </tbody>
            </table>
          )}
          <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} disabled={listBusy !== null} testId="playlists-page" onPage={(page) => void goTo(page)} />
        </>
      )}
      <PlaylistEditor />
    </section>
  );
}
