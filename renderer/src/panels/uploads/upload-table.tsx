import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadRow } from '../../../../preload/contract.js';
import { UploadRowView, type RowActions } from './upload-row-view';
import { virtualWindow } from './virtual-window';

/** Fixed, so where each row sits is a multiplication (styles/uploads.css gives .upload-row the same height). */
export const ROW_HEIGHT = 52;
/** Rows drawn beyond each edge: few, since every one drawn is laid out again each frame of a scroll (issue 21). */
const OVERSCAN = 3;
/** Before the first measurement (and in a window too small to measure). */
const FALLBACK_VIEWPORT = 480;
/** A scroll rests once no scroll event came for this long: the rows drawn during it are drawn whole. */
const REST_MS = 150;

/**
 * The queue as a table whose rows are drawn only where they can be seen: the body scrolls a spacer as tall
 * as all rows, and only the rows in (and just around) the viewport are in the DOM.
 */
export function UploadTable({ rows, actions, editingId, emptyText }: { rows: readonly UploadRow[]; actions: RowActions; editingId: string | null; emptyText: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(FALLBACK_VIEWPORT);
  const frame = useRef<number | null>(null);
  // While the list scrolls, rows coming into view are drawn without their buttons and bar (upload-row-view.tsx),
  // unless the focus is in the list: a keyboard user scrolling from a button gets every row whole.
  const [still, setStill] = useState(true);
  const rest = useRef<number | null>(null);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => setViewportHeight(element.clientHeight || FALLBACK_VIEWPORT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (rest.current !== null) clearTimeout(rest.current);
    };
  }, []);

  // One state update per frame, however many scroll events the wheel sends.
  const onScroll = useCallback(() => {
    if (rest.current !== null) clearTimeout(rest.current);
    rest.current = window.setTimeout(() => {
      rest.current = null;
      setStill(true);
    }, REST_MS);
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const element = viewport.current;
      if (!element) return;
      setScrollTop(element.scrollTop);
      if (!element.contains(document.activeElement)) setStill(false);
    });
  }, []);

  const shown = virtualWindow({ count: rows.length, rowHeight: ROW_HEIGHT, viewportHeight, scrollTop, overscan: OVERSCAN });
  const visible = rows.slice(shown.start, shown.end);

  return (
    <div role="table" aria-label="Upload queue" aria-rowcount={rows.length + 1} className="upload-table" data-testid="upload-table">
      <div role="rowgroup" className="upload-table-head">
        <div role="row" aria-rowindex={1} className="upload-row upload-row-head">
          <span role="columnheader">Video</span>
          <span role="columnheader">State</span>
          <span role="columnheader">Progress</span>
          <span role="columnheader" className="upload-cell-number">
            Size
          </span>
          <span role="columnheader" className="upload-cell-number">
            Speed
          </span>
          <span role="columnheader" className="upload-cell-number">
            Left
          </span>
          <span role="columnheader">
            <span className="visually-hidden">Actions</span>
          </span>
        </div>
      </div>
      <div role="rowgroup" className="upload-table-body" ref={viewport} onScroll={onScroll} data-testid="upload-rows">
        {rows.length === 0 ? (
          <div role="row" aria-rowindex={2} className="hint upload-table-empty">
            <span role="cell">{emptyText}</span>
          </div>
        ) : (
          <div className="upload-table-spacer" style={{ height: shown.totalHeight }}>
            {visible.map((row, offset) => (
              <UploadRowView
                key={row.id}
                row={row}
                index={shown.start + offset}
                top={(shown.start + offset) * ROW_HEIGHT}
                editing={editingId === row.id}
                actions={actions}
                still={still}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
