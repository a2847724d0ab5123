// @vitest-environment happy-dom
// While the upload list scrolls, the rows that come into view are drawn without their buttons and progress bar
// (a fling sweeps about 11 new rows through the viewport each frame; those are half of a row's cost); they are
// drawn whole once no scroll event came for a moment. Rows already drawn whole stay so, and a keyboard user
// whose focus is on a button in the list gets every row whole.
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRow } from '../../../preload/contract.js';
import { UploadTable } from '../../../renderer/src/panels/uploads/upload-table';
import type { RowActions } from '../../../renderer/src/panels/uploads/upload-row-view';
import { mount, type Mounted } from './mounted.js';

function row(index: number): UploadRow {
  const id = `take-${index}`;
  return { id, file: `/v/${id}.mp4`, size: 1000, channelId: '9', title: id, description: '', protect: 'public', state: 'waiting', platformStatus: null, videoId: null, bytes: 0, speed: 0, etaSeconds: null, failure: null, processingProgress: null, retry: null };
}

const rows = Array.from({ length: 200 }, (_, index) => row(index + 1));
const actions: RowActions = { pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(), retry: vi.fn(), edit: vi.fn() };

let table: Mounted;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  table = await mount(() => createElement(UploadTable, { rows, actions, editingId: null, emptyText: 'Nothing queued.' }));
});

afterEach(async () => {
  await table.unmount();
  vi.useRealTimers();
});

const body = () => table.host.querySelector<HTMLElement>('[data-testid="upload-rows"]')!;
const shownRows = () => [...table.host.querySelectorAll('[data-testid="upload-row"]')];

/** One scroll step as the browser sends it, then the frame that draws it. */
async function scrollTo(top: number): Promise<void> {
  await act(async () => {
    body().scrollTop = top;
    body().dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(17);
  });
}

const rowNamed = (name: string) => shownRows().find((element) => element.querySelector('.upload-title')?.textContent === name);
const drawnWhole = (element: Element | undefined) => element !== undefined && element.querySelectorAll('button').length === 3 && element.querySelector('[role="progressbar"]') !== null;
const drawnLight = (element: Element | undefined) => element !== undefined && element.querySelectorAll('button, [role="progressbar"]').length === 0;

describe('the upload list while it scrolls', () => {
  it('draws the rows that come into view without buttons or bar until the scroll rests', async () => {
    expect(shownRows().every(drawnWhole)).toBe(true);
    await scrollTo(520);
    await scrollTo(1040);
    expect(shownRows().length).toBeGreaterThan(0);
    expect(shownRows()[0]!.textContent).toContain('take-18');
    expect(shownRows().every(drawnLight)).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(shownRows().every(drawnLight)).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(shownRows().every(drawnWhole)).toBe(true);
  });

  it('keeps whole the rows that were drawn whole: a slow scroll does not take their buttons away', async () => {
    const last = shownRows().at(-1)!.querySelector('.upload-title')!.textContent!;
    await scrollTo(52);
    expect(drawnWhole(rowNamed('take-1'))).toBe(true);
    expect(drawnWhole(rowNamed(last))).toBe(true);
    const added = shownRows().at(-1)!;
    expect(drawnLight(added)).toBe(true);
  });

  it('draws every row whole while the focus is on one of its buttons', async () => {
    await act(async () => table.host.querySelector<HTMLButtonElement>('[data-testid="upload-row"] button')!.focus());
    await scrollTo(520);
    expect(shownRows().every(drawnWhole)).toBe(true);
  });
});
