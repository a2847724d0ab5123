// How the queue's rows in the renderer follow the `uploads` events: changed rows replace theirs in place,
// new ones go at the end, removed ones leave. Rows that did not change keep their identity, so the table
// redraws only the rows that moved.
import type { UploadRow } from '../../../preload/contract.js';

export function mergeRows(rows: readonly UploadRow[], changed: readonly UploadRow[], removed: readonly string[]): readonly UploadRow[] {
  if (changed.length === 0 && removed.length === 0) return rows;
  const updates = new Map(changed.map((row) => [row.id, row]));
  const gone = new Set(removed);
  const next: UploadRow[] = [];
  for (const row of rows) {
    if (gone.has(row.id)) continue;
    const update = updates.get(row.id);
    if (update) updates.delete(row.id);
    next.push(update ?? row);
  }
  for (const row of updates.values()) if (!gone.has(row.id)) next.push(row);
  return next;
}

export type UploadsFilter = 'all' | 'failed';

export function filterRows(rows: readonly UploadRow[], filter: UploadsFilter): readonly UploadRow[] {
  return filter === 'failed' ? rows.filter((row) => row.state === 'failed') : rows;
}
