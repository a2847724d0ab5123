// The chosen channel's featured videos: how full the list is, its order (drag or Move up / down), remove,
// and a picker of the channel's videos to add.
import { useEffect } from 'react';
import { useFeaturedVideosStore } from '../../state/featured-videos-slice';
import { useVideoPickerStore } from '../../state/video-picker-slice';
import { PanelOutcome } from '../panel-parts';
import { capacityText, isFull } from './capacity-text';
import { OrderedVideoList } from './ordered-video-list';
import { VideoPicker } from './video-picker';
import { useShallow } from 'zustand/react/shallow';

export function FeaturedSection({ channelId }: { channelId: string }) {
  const { featured, busy, error, done, load, add, remove, move } = useFeaturedVideosStore(
    useShallow((state) => ({ featured: state.featured, busy: state.busy, error: state.error, done: state.done, load: state.load, add: state.add, remove: state.remove, move: state.move })),
  );
  const pickerOpen = useVideoPickerStore((picker) => picker.target === 'featured' && picker.channelId === channelId);
  const openPicker = useVideoPickerStore((picker) => picker.open);

  useEffect(() => {
    void load(channelId);
  }, [channelId, load]);

  const shown = featured?.channelId === channelId ? featured : null;
  return (
    <section className="collection-section" aria-labelledby="featured-title" data-testid="featured-section" aria-busy={busy !== null}>
      <h2 id="featured-title">Featured videos</h2>
      <p className="panel-purpose">The videos the channel page shows first, in this order.</p>
      <PanelOutcome testId="featured" error={error} done={done} />
      {busy === 'load' && <p role="status">Loading…</p>}
      {shown && (
        <>
          <p className={isFull(shown.capacity) ? 'collection-count collection-count-full' : 'collection-count'} data-testid="featured-count">
            {capacityText(shown.capacity, shown.videos.length)}
            {isFull(shown.capacity) && ' · full: remove one to feature another'}
          </p>
          <OrderedVideoList videos={shown.videos} disabled={busy !== null} label="Featured videos" testId="featured-list" onMove={(from, to) => void move(from, to)} onRemove={(id) => void remove(id)} />
          {pickerOpen ? (
            <VideoPicker present={shown.videos.map((video) => video.id)} disabled={busy !== null} testId="featured-picker" onAdd={(video) => void add(video)} />
          ) : (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void openPicker('featured', channelId)}>
              Add videos…
            </button>
          )}
        </>
      )}
    </section>
  );
}
