import { useEffect, useMemo, useState } from 'react';
import { ErrorDetails } from '../error-details';
import { useNavigationStore } from '../state/navigation-slice';
import { filterRows } from '../state/upload-rows';
import { useUploadsStore } from '../state/uploads-slice';
import { AddResult } from './uploads/add-result';
import { BatchForm } from './uploads/batch-form';
import { DropZone } from './uploads/drop-zone';
import { FolderBrowser } from './uploads/folder-browser';
import { PathField } from './uploads/path-field';
import { QueueControls, QueueTotals } from './uploads/queue-controls';
import { UploadDetailsEditor } from './uploads/upload-details-editor';
import { editable, type RowActions } from './uploads/upload-row-view';
import { UploadTable } from './uploads/upload-table';
import { UploadSpeedPlan } from './uploads/upload-speed-plan';
import { useShallow } from 'zustand/react/shallow';

export function UploadsPanel() {
  const store = useUploadsStore(
    useShallow((state) => ({ add: state.add, available: state.available, batch: state.batch, browse: state.browse, busy: state.busy, cancelRow: state.cancelRow, channels: state.channels, clearFinished: state.clearFinished, closeBrowser: state.closeBrowser, dismissAdd: state.dismissAdd, editRow: state.editRow, error: state.error, filter: state.filter, folder: state.folder, lastAdd: state.lastAdd, load: state.load, loaded: state.loaded, pauseAll: state.pauseAll, pauseRow: state.pauseRow, reason: state.reason, resumeAll: state.resumeAll, resumeRow: state.resumeRow, retryFailed: state.retryFailed, retryRow: state.retryRow, rows: state.rows, setBatch: state.setBatch, setConcurrency: state.setConcurrency, setFilter: state.setFilter, setSpeedLimit: state.setSpeedLimit, totals: state.totals })),
  );
  const { loaded, available, reason, rows, totals, filter, channels, batch, lastAdd, folder, busy, error, load } = store;
  const openPanel = useNavigationStore((state) => state.open);

  useEffect(() => {
    void load();
  }, [load]);

  const { pauseRow, resumeRow, cancelRow, retryRow, editRow } = store;
  const [editingId, setEditingId] = useState<string | null>(null);
  const actions = useMemo<RowActions>(
    () => ({ pause: pauseRow, resume: resumeRow, cancel: cancelRow, retry: retryRow, edit: (id) => setEditingId((open) => (open === id ? null : id)) }),
    [pauseRow, resumeRow, cancelRow, retryRow],
  );
  // The editor closes by itself once the platform has the file (or the row left the list).
  const editing = editingId === null ? undefined : rows.find((row) => row.id === editingId && editable(row));
  const shownRows = useMemo(() => filterRows(rows, filter), [rows, filter]);

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
        {error ? <p className="error" role="alert">{error.message}</p> : <p>Loading…</p>}
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

  const adding = busy === 'add' || busy === 'browse';
  const noChannel = batch.channelId === null;
  const add = (paths: string[]) => void store.add(paths);
  // With files in it, the queue comes first (above the fold at 1280×800) and adding takes less room.
  const queueFirst = rows.length > 0;
  const addForm = (
    <div key="add" className={queueFirst ? 'uploads-adding uploads-adding-compact' : 'uploads-adding'}>
      <h2>Add videos</h2>
      <BatchForm channels={channels} batch={batch} disabled={adding} onChange={store.setBatch} />
      <DropZone disabled={adding || noChannel} onPaths={add} />
      <PathField disabled={adding || noChannel} adding={busy === 'add'} onAdd={(path) => add([path])} onBrowse={(from) => void store.browse(from ?? folder?.path)} />
      {folder && <FolderBrowser key={folder.path} folder={folder} busy={adding} adding={busy === 'add'} onOpen={(path) => void store.browse(path)} onAdd={add} onClose={store.closeBrowser} />}
      {lastAdd && <AddResult result={lastAdd} onDismiss={store.dismissAdd} />}
      {error && (
        <>
          <p className="error" role="alert" data-testid="uploads-error">
            {error.message}
          </p>
          <ErrorDetails error={error} />
        </>
      )}
    </div>
  );
  const queue = (
    <div key="queue" className="uploads-queue">
      <h2>Queue</h2>
      {totals && (
        <>
          <QueueTotals totals={totals} />
          <QueueControls
            totals={totals}
            filter={filter}
            busy={busy === 'queue' || busy === 'settings'}
            onPauseAll={() => void store.pauseAll()}
            onResumeAll={() => void store.resumeAll()}
            onRetryFailed={() => void store.retryFailed()}
            onClearFinished={(failed) => void store.clearFinished(failed)}
            onConcurrency={(concurrency) => void store.setConcurrency(concurrency)}
            onSpeedLimit={(limit) => void store.setSpeedLimit(limit)}
            onFilter={store.setFilter}
          />
          <UploadSpeedPlan />
        </>
      )}
      {editing && (
        <UploadDetailsEditor
          key={editing.id}
          row={editing}
          onSave={(details) => {
            setEditingId(null);
            void editRow(editing.id, details);
          }}
          onClose={() => setEditingId(null)}
        />
      )}
      <UploadTable rows={shownRows} actions={actions} editingId={editing?.id ?? null} emptyText={filter === 'failed' ? 'No file failed.' : 'The queue is empty: drop videos above, type a path or browse.'} />
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
