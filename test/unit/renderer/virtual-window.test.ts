import { describe, expect, it } from 'vitest';
import { virtualWindow } from '../../../renderer/src/panels/uploads/virtual-window';

const base = { rowHeight: 50, viewportHeight: 500, overscan: 5 };

describe('virtualWindow', () => {
  it('draws the rows in view plus the overscan below, none above at the top', () => {
    expect(virtualWindow({ ...base, count: 10_000, scrollTop: 0 })).toEqual({ start: 0, end: 15, offset: 0, totalHeight: 500_000 });
  });

  it('draws the overscan on both sides in the middle, and a row cut by an edge counts as in view', () => {
    expect(virtualWindow({ ...base, count: 10_000, scrollTop: 1000 })).toEqual({ start: 15, end: 35, offset: 750, totalHeight: 500_000 });
    expect(virtualWindow({ ...base, count: 10_000, scrollTop: 1025 })).toEqual({ start: 15, end: 36, offset: 750, totalHeight: 500_000 });
  });

  it('ends at the last row at the bottom, whatever the scroll position says', () => {
    const bottom = virtualWindow({ ...base, count: 10_000, scrollTop: 500_000 - 500 });
    expect(bottom).toEqual({ start: 9985, end: 10_000, offset: 9985 * 50, totalHeight: 500_000 });
    // After a filter shrinks the list, the old scroll position is past the end for a moment.
    expect(virtualWindow({ ...base, count: 30, scrollTop: 400_000 })).toEqual({ start: 15, end: 30, offset: 750, totalHeight: 1500 });
  });

  it('keeps the drawn rows few for any length', () => {
    for (const scrollTop of [0, 12_345, 250_000, 499_500]) {
      const { start, end } = virtualWindow({ ...base, count: 10_000, scrollTop });
      expect(end - start).toBeLessThanOrEqual(500 / 50 + 1 + 2 * 5);
    }
  });

  it('draws everything of a short list, and nothing of an empty one', () => {
    expect(virtualWindow({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3, offset: 0, totalHeight: 150 });
    expect(virtualWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0, offset: 0, totalHeight: 0 });
  });

  it('draws at least one row in a viewport not measured yet', () => {
    expect(virtualWindow({ ...base, viewportHeight: 0, count: 100, scrollTop: 0 })).toEqual({ start: 0, end: 6, offset: 0, totalHeight: 5000 });
  });
});
