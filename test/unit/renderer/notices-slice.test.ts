// Notices belong to a panel (the one they name, else the one open as they arrive), information passes by
// itself while warnings and errors stay, and a panel shows only its latest few.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFakeBridge } from './fake-bridge.js';

const bridge = connectFakeBridge({ app: { startupNotices: vi.fn(async () => []) } });
const { INFO_SHOWN_MS, MAX_SHOWN_PER_PANEL, noticesOf, useNoticesStore } = await import('../../../renderer/src/state/notices-slice');

const shownIn = (panel: string) => noticesOf(useNoticesStore.getState().notices, panel).map((notice) => notice.message);

describe('notices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNoticesStore.setState({ notices: [] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a notice only in the panel it names; one naming none is adopted by the open panel', () => {
    bridge.emit('notice', { level: 'warning', message: 'Uploads done: 1 failed.', panel: 'uploads' });
    bridge.emit('notice', { level: 'warning', message: 'Panic hotkey: the stream was ended.' });
    expect(shownIn('videos')).toEqual(['Panic hotkey: the stream was ended.']);
    useNoticesStore.getState().adopt('go-live');
    expect(shownIn('videos')).toEqual([]);
    expect(shownIn('go-live')).toEqual(['Panic hotkey: the stream was ended.']);
    expect(shownIn('uploads')).toEqual(['Uploads done: 1 failed.']);
  });

  it('lets information pass after its time; a warning and an error stay until dismissed', () => {
    bridge.emit('notice', { level: 'info', message: 'Uploads done: 2 uploaded.', panel: 'uploads' });
    bridge.emit('notice', { level: 'error', message: 'The disk is full.', panel: 'uploads' });
    vi.advanceTimersByTime(INFO_SHOWN_MS - 1);
    expect(shownIn('uploads')).toEqual(['Uploads done: 2 uploaded.', 'The disk is full.']);
    vi.advanceTimersByTime(1);
    expect(shownIn('uploads')).toEqual(['The disk is full.']);
    vi.advanceTimersByTime(60_000);
    expect(shownIn('uploads')).toEqual(['The disk is full.']);
  });

  it('keeps a panel to its latest few', () => {
    const sent = Array.from({ length: MAX_SHOWN_PER_PANEL + 2 }, (_, index) => `Warning ${index + 1}`);
    for (const message of sent) bridge.emit('notice', { level: 'warning', message, panel: 'uploads' });
    bridge.emit('notice', { level: 'warning', message: 'Elsewhere', panel: 'go-live' });
    expect(shownIn('uploads')).toEqual(sent.slice(-MAX_SHOWN_PER_PANEL));
    expect(shownIn('go-live')).toEqual(['Elsewhere']);
  });
});
