// The open playlist: how full it is, its videos in order (drag or Move up / down), remove, and a picker to
// add videos (the channel's for a channel playlist, all of the user's for their own).
import { usePlaylistsStore } from '../../state/playlists-slice';
import { useVideoPickerStore } from '../../state/video-picker-slice';
import { capacityText, isFull } from './capacity-text';
import { OrderedVideoList } from './ordered-video-list';
import { VideoPicker } from './video-picker';
import { useShallow } from 'zustand/react/shallow';

export function PlaylistEditor() {
  const { opened, contents, contentsBusy, addVideo, removeVideo, moveVideo, close } = usePlaylistsStore(
    useShallow((state) => ({ opened: state.opened, contents: state.contents, contentsBusy: state.contentsBusy, addVideo: state.addVideo, removeVideo: state.removeVideo, moveVideo: state.moveVideo, close: state.close })),
  );
  const pickerOpen = useVideoPickerStore((picker) => picker.target === 'playlist');
  const openPicker = useVideoPickerStore((picker) => picker.open);
  if (opened === null) return null;

  const shown = contents?.playlistId === opened.id ? contents : null;
  const title = opened.title;
  return (
    <section className="collection-section playlist-editor" aria-labelledby="playlist-editor-title" data-testid="playlist-editor" aria-busy={contentsBusy !== null}>
      <h3 id="playlist-editor-title">{title}</h3>
      {contentsBusy === 'load' && <p role="status">Loading…</p>}
      {shown && (
        <>
          <p className={isFull(shown.capacity) ? 'collection-count collection-count-full' : 'collection-count'} data-testid="playlist-count">
            {capacityText(shown.capacity, shown.videos.length)}
            {isFull(shown.capacity) && ' · full: remove one to add another'}
          </p>
          <OrderedVideoList
            videos={shown.videos}
            disabled={contentsBusy !== null}
            label={`Videos in ${title}`}
            testId="playlist-videos"
            onMove={(from, to) => void moveVideo(from, to)}
            onRemove={(id) => void removeVideo(id)}
          />
          {pickerOpen ? (
            <VideoPicker present={shown.videos.map((video) => video.id)} disabled={contentsBusy !== null} testId="playlist-picker" onAdd={(video) => void addVideo(video)} />
          ) : (
            <button type="button" className="button" disabled={contentsBusy !== null} onClick={() => void openPicker('playlist', opened.channelId)}>
              Add videos…
            </button>
          )}
        </>
      )}
      <button type="button" className="link-button" onClick={close}>
        Close the playlist
      </button>
    </section>
  );
}
