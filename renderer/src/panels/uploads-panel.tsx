import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from '../state/navigation-slice';
import { useUploadsStore } from '../state/uploads-slice';
import { QueueBar } from './uploads/queue-bar';
import { UploadList } from './uploads/upload-list';
import { UploadsAddArea } from './uploads/uploads-add-area';
import { LoadingOrFailed } from './panel-parts';

// Each part selects only the store fields it shows (uploads-add-area.tsx, queue-bar.tsx, upload-list.tsx):
// the totals move every second while files upload, and must not draw the add area or the row list again.
export function UploadsPanel() {
  const { loaded, available, reason, error, load, queueFirst } = useUploadsStore(
    // With files in it, the queue comes first (above the fold at 1280×800) and adding takes less room.
    useShallow((state) => ({ loaded: state.loaded, available: state.available, reason: state.reason, error: state.error, load: state.load, queueFirst: state.rows.length > 0 })),
  );
  const openPanel = useNavigationStore((state) => state.open);

  useEffect(() => {
    void load();
  }, [load]);

  const heading = (
    <>
      <h1 id="panel-title">Uploads</h1>
      <p className="panel-purpose">Drop a folder of videos: each becomes a video on your channel, even if the app or the network stops halfway.</p>
    </>
  );

  if (!loaded) {
    return (
      <section className="panel" aria-labelledby="panel-title">
        {heading}
        <LoadingOrFailed error={error} />
      </section>
    );
  }

  if (!available) {
    return (
      <section className="panel" aria-labelledby="panel-title">
        {heading}
        <p className="next-action" data-testid="uploads-unavailable">
          {reason?.message ?? error?.message ?? 'Uploads are not available right now.'}
        </p>
        {reason?.code === 'signed-out' ? (
          <button type="button" className="button button-primary" onClick={() => openPanel('sign-in')}>
            Sign in
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void load()}>
            Try again
          </button>
        )}
      </section>
    );
  }

  const addForm = <UploadsAddArea key="add" compact={queueFirst} />;
  const queue = (
    <div key="queue" className="uploads-queue">
      <h2>Queue</h2>
      <QueueBar />
      <UploadList />
    </div>
  );
  return (
    <section className="panel panel-uploads" aria-labelledby="panel-title">
      {heading}
      {/* Keyed, so the move keeps what is typed in the add form. */}
      {queueFirst ? [queue, addForm] : [addForm, queue]}
    </section>
  );
}
