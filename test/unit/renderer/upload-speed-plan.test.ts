// @vitest-environment happy-dom
// The Uploads panel's speed line: why uploads are slow now ("Slowed down: you are live", the timetable, the
// streamer's limit) in words, and the timetable set from the panel and shown in words.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadTotals } from '../../../preload/contract.js';
import { connectFakeBridge } from './fake-bridge.js';
import { uploadsFakes } from './fake-uploads-bridge.js';

const bridge = connectFakeBridge(uploadsFakes());
const { UploadSpeedPlan } = await import('../../../renderer/src/panels/uploads/upload-speed-plan');
const { initialUploadsState, useUploadsStore } = await import('../../../renderer/src/state/uploads-slice');

const totals: UploadTotals = { files: 1, complete: 0, failed: 0, unfinished: 1, bytes: 0, size: 1000, speed: 0, etaSeconds: null, paused: null, concurrency: 2, speedLimit: null, timetable: null, limitedBy: null };

let root: Root;
let host: HTMLElement;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  useUploadsStore.setState({ ...initialUploadsState, loaded: true, available: true, totals });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(createElement(UploadSpeedPlan)));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

const setTotals = (change: Partial<UploadTotals>) => act(async () => useUploadsStore.setState({ totals: { ...totals, ...change } }));
const button = (name: string) => [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === name)!;

describe('the upload speed line', () => {
  it('says the uploads are slowed down because the streamer is live, with the rate, and nothing at full speed', async () => {
    expect(host.querySelector('[role="status"]')).toBeNull();
    await setTotals({ limitedBy: { reason: 'live', bytesPerSecond: 300 * 1024 } });
    expect(host.querySelector('[role="status"]')!.textContent).toMatch(/^Slowed down: you are live\. Uploads take 300 kB\/s/);
    await setTotals({ limitedBy: { reason: 'user', bytesPerSecond: 2 * 1024 * 1024 } });
    expect(host.querySelector('[role="status"]')!.textContent).toBe('Limited to 2.0 MB/s (your limit).');
  });

  it('sets a timetable from the panel and shows it, and why uploads are slow outside its hours', async () => {
    expect(host.textContent).toContain('No timetable: the same speed at every hour.');
    const saved = { fullSpeedFrom: '01:00', fullSpeedUntil: '07:00', otherwise: Math.round(0.6 * 1024 * 1024) };
    bridge.companion.uploads.setSettings.mockResolvedValue({ ...totals, timetable: saved, limitedBy: { reason: 'timetable', bytesPerSecond: saved.otherwise } });
    await act(async () => button('Set a timetable').click());
    await act(async () => button('Save timetable').click());
    expect(bridge.companion.uploads.setSettings).toHaveBeenCalledWith({ timetable: saved });
    expect(host.textContent).toContain('Timetable: full speed 01:00–07:00, otherwise 614 kB/s.');
    expect(host.querySelector('[role="status"]')!.textContent).toBe('Slowed down by your timetable: 614 kB/s until 01:00.');
  });
});
