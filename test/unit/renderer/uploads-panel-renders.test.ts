// @vitest-environment happy-dom
// The Uploads panel draws again only the rows that changed: an `uploads` event that changes one row's
// progress renders that row alone, and one that changes only the totals renders no row. Counted with
// React's Profiler, placed inside each row's memo boundary (the row module is wrapped here, its memo
// comparison kept), so a row the panel skipped is not counted. A row the platform is transcoding shows
// how far it is. While an add runs (seconds for a folder of 10,000 files), its Add button says so; an add
// the folder browser started leaves the path's Add disabled but not saying "Adding…". A change of the
// totals alone does not draw the add area again (counted at its path field, by a Profiler around it).
import { act, createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRow, UploadsChange, UploadTotals } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';
import { uploadsFakes } from './fake-uploads-bridge.js';
import type * as PathFieldModule from '../../../renderer/src/panels/uploads/path-field';
import type * as RowModule from '../../../renderer/src/panels/uploads/upload-row-view';

const bridge = connectFakeBridge(uploadsFakes());

/** Renders per row id, counted by a Profiler inside the row's memo boundary. */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../renderer/src/panels/uploads/upload-row-view', async (importOriginal) => {
  const actual = await importOriginal<typeof RowModule>();
  const react = await import('react');
  type Props = { row: UploadRow };
  // React.memo's result keeps the component it wraps and its comparison.
  const memoized = actual.UploadRowView as unknown as { type?: ComponentType<Props>; compare: ((a: Props, b: Props) => boolean) | null };
  if (memoized.type === undefined) throw new Error('UploadRowView is not memoized: every row would render on every change.');
  const inner = memoized.type;
  const counted = (props: Props) =>
    react.createElement(react.Profiler, { id: props.row.id, onRender: (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1) }, react.createElement(inner, props));
  return { ...actual, UploadRowView: react.memo(counted, memoized.compare ?? undefined) };
});

/** Renders of the add area, counted at its path field. */
const addAreaRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../renderer/src/panels/uploads/path-field', async (importOriginal) => {
  const actual = await importOriginal<typeof PathFieldModule>();
  const react = await import('react');
  type Props = Parameters<typeof actual.PathField>[0];
  const counted = (props: Props) => react.createElement(react.Profiler, { id: 'path-field', onRender: () => (addAreaRenders.count += 1) }, react.createElement(actual.PathField, props));
  return { ...actual, PathField: counted };
});

const { UploadsPanel } = await import('../../../renderer/src/panels/uploads-panel');
const { initialUploadsState, useUploadsStore } = await import('../../../renderer/src/state/uploads-slice');

function row(id: string, change: Partial<UploadRow> = {}): UploadRow {
  return { id, file: `/v/${id}.mp4`, size: 1000, channelId: '9', title: id, description: '', protect: 'public', state: 'waiting', platformStatus: null, videoId: null, bytes: 0, speed: 0, etaSeconds: null, failure: null, processingProgress: null, retry: null, ...change };
}

const totals: UploadTotals = { files: 3, complete: 0, failed: 0, unfinished: 3, bytes: 0, size: 3000, speed: 0, etaSeconds: null, paused: null, concurrency: 2, speedLimit: null, timetable: null, limitedBy: null };

async function emit(change: Partial<UploadsChange>): Promise<void> {
  await act(async () => bridge.emit('uploads', { reset: false, available: true, reason: null, rows: [], removed: [], totals, ...change }));
}

let root: Root;
let host: HTMLElement;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  useUploadsStore.setState({ ...initialUploadsState });
  bridge.companion.uploads.state.mockResolvedValue({ available: true, reason: null, rows: [row('a'), row('b'), row('c')], totals });
  bridge.companion.live.channels.mockResolvedValue([{ id: '9', title: 'Main', status: 'offair', isDefault: true, managedFor: null }]);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(createElement(UploadsPanel)));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  renders.clear();
});

describe('the Uploads panel', () => {
  it('renders only the row whose progress changed', async () => {
    expect(host.querySelectorAll('[data-testid="upload-row"]')).toHaveLength(3);
    expect([...renders.keys()].sort()).toEqual(['a', 'b', 'c']);
    renders.clear();
    await emit({ rows: [row('b', { state: 'transferring', bytes: 400, speed: 200_000, etaSeconds: 3 })], totals: { ...totals, bytes: 400, speed: 200_000 } });
    expect(Object.fromEntries(renders)).toEqual({ b: 1 });
    expect(host.querySelector('[data-state="transferring"]')).not.toBeNull();
  });

  it('renders no row and not the add area when only the totals changed, and the removed row alone leaves', async () => {
    renders.clear();
    const addAreaBefore = addAreaRenders.count;
    await emit({ totals: { ...totals, speed: 10 } });
    expect(Object.fromEntries(renders)).toEqual({});
    expect(addAreaRenders.count).toBe(addAreaBefore);
    await emit({ removed: ['c'], totals: { ...totals, files: 2 } });
    expect(Object.fromEntries(renders)).toEqual({});
    expect(host.querySelectorAll('[data-testid="upload-row"]')).toHaveLength(2);
  });

  it("shows the platform's transcoding progress as the row's own phase, that row alone drawn again", async () => {
    renders.clear();
    await emit({ rows: [row('a', { state: 'processing', platformStatus: 'transcoding', bytes: 1000, videoId: '42', processingProgress: 37 })] });
    expect(Object.fromEntries(renders)).toEqual({ a: 1 });
    const shown = host.querySelector('[data-state="processing"]')!;
    expect(shown.querySelector('[data-testid="upload-state"]')!.textContent).toBe('Transcoding 37%');
    const bar = shown.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-label')).toBe('a processed');
    expect(bar.getAttribute('aria-valuenow')).toBe('37');
  });

  it('shows Add busy (disabled, "Adding…", aria-busy) while an add runs, and Add again once it is done', async () => {
    let finish: (result: { queued: UploadRow[]; rejected: [] }) => void = () => undefined;
    bridge.companion.uploads.add.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const input = host.querySelector<HTMLInputElement>('[data-testid="upload-path"]')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(input, '/v/stream-archive');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const button = host.querySelector<HTMLButtonElement>('[data-testid="add-path"]')!;
    expect(button.disabled).toBe(false);
    await act(async () => button.form!.requestSubmit());
    expect(bridge.companion.uploads.add).toHaveBeenCalledTimes(1);
    expect([button.textContent, button.disabled, button.getAttribute('aria-busy')]).toEqual(['Adding…', true, 'true']);
    await act(async () => finish({ queued: [row('d')], rejected: [] }));
    expect([button.textContent, button.getAttribute('aria-busy')]).toEqual(['Add', 'false']);
  });

  it('leaves Add disabled but not "Adding…" while an add it did not start runs (the folder browser\'s)', async () => {
    let finish: (result: { queued: UploadRow[]; rejected: [] }) => void = () => undefined;
    bridge.companion.uploads.add.mockClear().mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const button = host.querySelector<HTMLButtonElement>('[data-testid="add-path"]')!;
    // What the folder browser's "Add chosen" does.
    await act(async () => void useUploadsStore.getState().add(['/v/chosen.mp4']));
    expect(bridge.companion.uploads.add).toHaveBeenCalledTimes(1);
    expect([button.textContent, button.disabled, button.getAttribute('aria-busy')]).toEqual(['Add', true, 'false']);
    await act(async () => finish({ queued: [row('d')], rejected: [] }));
    expect([button.textContent, button.getAttribute('aria-busy')]).toEqual(['Add', 'false']);
  });
});
