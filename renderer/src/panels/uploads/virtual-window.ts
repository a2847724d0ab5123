// Which rows of a long list of fixed-height rows are in the DOM: those in the viewport plus a few on either
// side (the overscan), so scrolling never shows a gap, and 10,000 rows cost as much as 30.
export interface VirtualWindowInput {
  readonly count: number;
  readonly rowHeight: number;
  readonly viewportHeight: number;
  readonly scrollTop: number;
  /** Rows drawn beyond each edge of the viewport. */
  readonly overscan: number;
}

export interface VirtualWindow {
  /** The first row drawn. */
  readonly start: number;
  /** One past the last row drawn. */
  readonly end: number;
  /** Where the first drawn row sits, in pixels from the top of the list. */
  readonly offset: number;
  /** The height of the whole list, so the scroll bar is true to it. */
  readonly totalHeight: number;
}

export function virtualWindow({ count, rowHeight, viewportHeight, scrollTop, overscan }: VirtualWindowInput): VirtualWindow {
  const totalHeight = Math.max(0, count) * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, totalHeight };
  // A scroll position past the end happens for a moment when the list shrinks (a filter, a clear).
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, Math.max(last, first + 1) + overscan);
  return { start, end, offset: start * rowHeight, totalHeight };
}
