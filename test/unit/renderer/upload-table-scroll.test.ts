// @vitest-environment happy-dom
// While the upload list scrolls, its rows are drawn without their buttons (a fling sweeps about 11 new rows
// through the viewport each frame, and the buttons are a quarter of a row's cost); the buttons come back once
// no scroll event came for a moment. A keyboard user whose focus is on a button in the list keeps every button.
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
/** How many buttons each drawn row has: a waiting file offers Pause, Edit and Cancel. */
const buttonsPerRow = () => [...new Set(shownRows().map((element) => element.querySelectorAll('button').length))];

/** One scroll step as the browser sends it, then the frame that draws it. */
async function scrollTo(top: number): Promise<void> {
  await act(async () => {
    body().scrollTop = top;
    body().dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(17);
  });
}

describe('the upload list while it scrolls', () => {
  it('draws rows without buttons during the scroll and gives them back once it rests', async () => {
    expect(buttonsPerRow()).toEqual([3]);
    await scrollTo(520);
    await scrollTo(1040);
    expect(shownRows().length).toBeGreaterThan(0);
    expect(buttonsPerRow()).toEqual([0]);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(buttonsPerRow()).toEqual([0]);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(buttonsPerRow()).toEqual([3]);
    expect(shownRows()[0]!.textContent).toContain('take-18');
  });

  it('keeps every button while the focus is on one of them', async () => {
    await act(async () => table.host.querySelector<HTMLButtonElement>('[data-testid="upload-row"] button')!.focus());
    await scrollTo(52);
    expect(buttonsPerRow()).toEqual([3]);
  });
});
