// Issue 21, 10,000 files: a folder of 10,000 real (tiny) videos typed into the Uploads panel is taken in
// whole while the queue is paused, the panel lists all of them, and scrolling the list from the first row
// to the last ends on the last file, at its row index, with fewer than 100 rows in the page (at the top too).
//
// The frame times of that scroll (requestAnimationFrame deltas recorded in the page, one scroll step per
// frame, about 11 rows a frame: a fast fling) have a p95 under 20 ms, i.e. fewer than 1 frame in 20 misses the
// display's 16.7 ms. The spec runs in its own Playwright project after all the others (playwright.config.ts),
// alone on the machine; run it by itself with `--no-deps`. Its own Playwright trace is off: the trace copies and
// encodes every frame the page draws (a screencast), which on this 2-core machine without a GPU doubled the
// display compositor's work and dropped more than 1 frame in 20 (p95 33.4 ms with it, 16.8 without, same build).
// Where the page's time goes (Chromium's counters, printed): the new rows' script, style and layout; a row's
// buttons and bar are half of it, so rows that come into view during a scroll are drawn without them until it
// rests (upload-row-view.tsx).
import { linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { makeClip } from './support/make-clip.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

const COUNT = 10_000;
/** Frames of the scroll from the top of the list to its bottom: about 11 rows (580 px) a frame, a fast fling. */
const FRAMES = 900;

// Playwright's trace copies and encodes every frame the page draws (a screencast): measuring frames, it is off.
test.use({ trace: 'off' });

let app: RunningApp;
let media: string;

test.beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'companion-e2e-ten-thousand-'));
  const clip = join(media, 'clip.mp4');
  await makeClip(clip);
  const folder = join(media, 'recordings');
  mkdirSync(folder);
  // Hard links of one clip: 10,000 valid videos in a fraction of a second, and no disk space.
  for (let index = 1; index <= COUNT; index += 1) linkSync(clip, join(folder, `take-${index}.mp4`));
  app = await startBrowserModeApp();
});

test.afterAll(async () => {
  await app.stop();
  rmSync(media, { recursive: true, force: true });
});

test('10,000 files are queued from a folder, and the list scrolls to the last one drawing under 100 rows, p95 frame time under 20 ms', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page, app.url);
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
  await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
  // Paused, the files stay in the queue instead of uploading.
  await page.getByTestId('pause-all').click();
  await expect(page.getByTestId('resume-all')).toBeVisible();

  await page.getByTestId('upload-path').fill(join(media, 'recordings'));
  await page.getByTestId('add-path').click();
  await expect(page.getByTestId('add-result')).toHaveText(`Added ${COUNT} files to the queue.×`, { timeout: 20_000 });
  await expect(page.getByTestId('upload-totals')).toContainText(`0 of ${COUNT.toLocaleString('en')} complete`);
  const table = page.getByRole('table', { name: 'Upload queue' });
  await expect(table).toHaveAttribute('aria-rowcount', String(COUNT + 1));
  const rows = page.getByTestId('upload-row');
  await expect(rows.first()).toContainText('take-1');
  expect(await rows.count()).toBeLessThan(100);

  // The page's frames while nothing happens (the machine's own pace, for the record), then one scroll step per
  // frame from top to bottom: each frame's time since the one before, as the page saw it.
  // Where the page's time goes meanwhile (Chromium's own counters), for the record next to the frame times.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = (await cdp.send('Performance.getMetrics')).metrics;
  const { idle, scrolling } = await page.getByTestId('upload-rows').evaluate(async (element, frames) => {
    const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const record = async (count: number, each: (frame: number) => void): Promise<number[]> => {
      const deltas: number[] = [];
      let last = await nextFrame();
      for (let frame = 1; frame <= count; frame += 1) {
        each(frame);
        const now = await nextFrame();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    };
    const step = (element.scrollHeight - element.clientHeight) / frames;
    return { idle: await record(60, () => undefined), scrolling: await record(frames, (frame) => (element.scrollTop = Math.ceil(step * frame))) };
  }, FRAMES);
  const after = (await cdp.send('Performance.getMetrics')).metrics;
  const perFrame = (name: string) => (((after.find((metric) => metric.name === name)?.value ?? 0) - (before.find((metric) => metric.name === name)?.value ?? 0)) * 1000) / (idle.length + scrolling.length);
  const p95 = percentile(scrolling, 0.95);
  const said = `rAF deltas scrolling ${COUNT} rows over ${scrolling.length} frames: p50 ${percentile(scrolling, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...scrolling).toFixed(1)} ms (idle page: p95 ${percentile(idle, 0.95).toFixed(1)} ms); per frame: script ${perFrame('ScriptDuration').toFixed(1)} ms, style ${perFrame('RecalcStyleDuration').toFixed(1)} ms, layout ${perFrame('LayoutDuration').toFixed(1)} ms, other ${perFrame('TaskOtherDuration').toFixed(1)} ms`;
  test.info().annotations.push({ type: 'frame times', description: said });
  console.log(said);
  expect(scrolling).toHaveLength(FRAMES);
  expect(p95, said).toBeLessThan(20);

  const last = rows.filter({ has: page.getByText(`take-${COUNT}`, { exact: true }) });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-rowindex', String(COUNT + 1));
  await expect(last).toHaveAttribute('data-state', 'waiting');
  expect(await rows.count()).toBeLessThan(100);
});

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)]!;
}
