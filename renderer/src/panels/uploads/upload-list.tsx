import { memo, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { filterRows } from '../../state/upload-rows';
import { useUploadsStore } from '../../state/uploads-slice';
import { UploadDetailsEditor } from './upload-details-editor';
import { editable, type RowActions } from './upload-row-view';
import { UploadTable } from './upload-table';

/**
 * The queue's rows (as the filter shows them) and the details editor of the row being edited. It selects
 * the rows, the filter and the row actions only (memo: nothing else draws it again), so a change of the
 * totals alone does not draw it or the table.
 */
export const UploadList = memo(function UploadList() {
  const { rows, filter, pauseRow, resumeRow, cancelRow, retryRow, editRow } = useUploadsStore(
    useShallow((state) => ({ rows: state.rows, filter: state.filter, pauseRow: state.pauseRow, resumeRow: state.resumeRow, cancelRow: state.cancelRow, retryRow: state.retryRow, editRow: state.editRow })),
  );
  const [editingId, setEditingId] = useState<string | null>(null);
  const actions = useMemo<RowActions>(
    () => ({ pause: pauseRow, resume: resumeRow, cancel: cancelRow, retry: retryRow, edit: (id) => setEditingId((open) => (open === id ? null : id)) }),
    [pauseRow, resumeRow, cancelRow, retryRow],
  );
  // The editor closes by itself once the platform has the file (or the row left the list).
  const editing = editingId === null ? undefined : rows.find((row) => row.id === editingId && editable(row));
  const shownRows = useMemo(() => filterRows(rows, filter), [rows, filter]);
  return (
    <>
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
    </>
  );
});
