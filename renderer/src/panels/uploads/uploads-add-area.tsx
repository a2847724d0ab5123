import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorMessage } from '../../error-details';
import { useUploadsStore } from '../../state/uploads-slice';
import { AddResult } from './add-result';
import { BatchForm } from './batch-form';
import { DropZone } from './drop-zone';
import { FolderBrowser } from './folder-browser';
import { PathField } from './path-field';

/**
 * Adding videos: the batch's channel and details, the drop zone, a typed path, the folder browser and the
 * last add's result. It selects only what adding uses, so the queue's progress does not draw it again.
 * `compact` once the queue has files and comes first.
 */
export const UploadsAddArea = memo(function UploadsAddArea({ compact }: { compact: boolean }) {
  const { add, batch, browse, busy, channels, closeBrowser, dismissAdd, error, folder, lastAdd, setBatch } = useUploadsStore(
    useShallow((state) => ({ add: state.add, batch: state.batch, browse: state.browse, busy: state.busy, channels: state.channels, closeBrowser: state.closeBrowser, dismissAdd: state.dismissAdd, error: state.error, folder: state.folder, lastAdd: state.lastAdd, setBatch: state.setBatch })),
  );
  const adding = busy === 'add' || busy === 'browse';
  const noChannel = batch.channelId === null;
  const addPaths = (paths: string[]) => void add(paths);
  return (
    <div className={compact ? 'uploads-adding uploads-adding-compact' : 'uploads-adding'}>
      <h2>Add videos</h2>
      <BatchForm channels={channels} batch={batch} disabled={adding} onChange={setBatch} />
      <DropZone disabled={adding || noChannel} onPaths={addPaths} />
      <PathField disabled={adding || noChannel} adding={busy === 'add'} onAdd={(path) => addPaths([path])} onBrowse={(from) => void browse(from ?? folder?.path)} />
      {folder && <FolderBrowser key={folder.path} folder={folder} busy={adding} adding={busy === 'add'} onOpen={(path) => void browse(path)} onAdd={addPaths} onClose={closeBrowser} />}
      {lastAdd && <AddResult result={lastAdd} onDismiss={dismissAdd} />}
      {error && (
        <ErrorMessage error={error} testId="uploads-error" />
      )}
    </div>
  );
});
