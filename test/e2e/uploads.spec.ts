// Bulk upload from the Uploads panel in browser mode, against the embedded sandbox: a folder chosen in the
// folder browser (two real videos and a .txt) becomes two videos on the channel and one file left out with
// its reason; a file that only looks like a video fails on the platform and shows under "Failed only"; a
// timetable ("full speed 01:00–07:00") is set and shown in words; a
// journal of 10,000 finished uploads is drawn as a virtual table that keeps fewer than 100 rows in the DOM.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { fakeVideo } from '../support/fake-video.js';
import { makeClip } from './support/make-clip.js';


async function openUploads(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
}

test.describe('uploading a folder', () => {
  // The second test uses the first one's sign-in.
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;
  let media: string;

  test.beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'companion-e2e-media-'));
    mkdirSync(join(media, 'show'));
    mkdirSync(join(media, 'extra'));
    await Promise.all([makeClip(join(media, 'show', 'clip-a.mp4')), makeClip(join(media, 'show', 'clip-b.mp4'))]);
    writeFileSync(join(media, 'show', 'notes.txt'), 'running order\n');
    // Starts like an mp4 (so the app takes it), but is not one: the platform's processing ends in error.
    writeFileSync(join(media, 'extra', 'not-a-video.mp4'), Buffer.concat([fakeVideo('mp4', 12), Buffer.from('this is text, not a video\n'.repeat(100))]));
    await makeClip(join(media, 'extra', 'finale.mov'));
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
    rmSync(media, { recursive: true, force: true });
  });

  test('a folder from the folder browser becomes two videos and one file left out; a broken file shows under Failed only', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    await openUploads(page);
    await expect(page.getByTestId('upload-channel')).toHaveValue(/\d+/);
    const channelId = await page.getByTestId('upload-channel').inputValue();

    // Browser mode: a drop cannot carry a path, so the folder is found with the folder browser.
    await page.getByTestId('upload-path').fill(media);
    await page.getByTestId('browse-button').click();
    await expect(page.getByTestId('folder-path')).toHaveText(media);
    await page.getByTestId('folder-browser').getByRole('button', { name: /show/ }).click();
    await expect(page.getByTestId('folder-path')).toHaveText(join(media, 'show'));
    await expect(page.getByTestId('folder-browser')).toContainText('notes.txt');
    await expect(page.getByTestId('folder-browser')).toContainText('not taken by the platform');
    await page.getByTestId('add-folder').click();

    await expect(page.getByTestId('add-result')).toContainText('Added 2 files to the queue. 1 left out:');
    await expect(page.getByTestId('rejected-file')).toHaveText(/notes\.txt: \.txt files are not taken by the platform; it takes mkv, mp4/);
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'clip-a' })).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(rows.filter({ hasText: 'clip-b' })).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(page.getByText('Uploads done: 2 uploaded, 0 failed, 1 rejected.')).toBeVisible();
    await expect(page.getByTestId('upload-totals')).toContainText('2 of 2 complete');
    await page.screenshot({ path: 'test-results/screenshots/uploads-panel.png', fullPage: true });

    // The platform has them: the channel's video list, through the command line signed in as the app is.
    const listed = (await appApi(app, 'GET', `/channels/${channelId}/videos.json`)) as { videos: { title: string }[] };
    const titles = listed.videos.map((video) => video.title);
    expect(titles).toEqual(expect.arrayContaining(['clip-a', 'clip-b']));

    // A file by its path: it uploads, then the platform cannot process it.
    await page.getByTestId('upload-path').fill(join(media, 'extra', 'not-a-video.mp4'));
    await page.getByTestId('add-path').click();
    await expect(page.getByTestId('add-result')).toContainText('Added 1 file to the queue.');
    const broken = rows.filter({ hasText: 'not-a-video' });
    await expect(broken).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
    await expect(broken.getByTestId('upload-failure')).toContainText('The platform could not process the file');
    await expect(page.getByText('Uploads done: 0 uploaded, 1 failed, 0 rejected.')).toBeVisible();

    await page.getByTestId('failed-only').check();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-state', 'failed');
    await expect(rows.first().getByTestId('retry-row')).toBeVisible();
    await page.getByTestId('failed-only').uncheck();
    await expect(rows).toHaveCount(3);
    await page.screenshot({ path: 'test-results/screenshots/uploads-panel-failed.png', fullPage: true });
  });

  test("a file's own title, description and privacy, set while the queue waits, are its video's", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${app.url}#/uploads`);
    await page.getByTestId('pause-all').click();
    await expect(page.getByTestId('resume-all')).toBeVisible();
    await page.getByTestId('upload-path').fill(join(media, 'extra', 'finale.mov'));
    await page.getByTestId('add-path').click();
    const finale = page.getByTestId('upload-row').filter({ hasText: 'finale' });
    await expect(finale).toHaveAttribute('data-state', 'waiting');
    await finale.getByRole('button', { name: 'Edit finale' }).click();
    const editor = page.getByTestId('upload-details-editor');
    await editor.getByLabel('Video title').fill('Finale (encore)');
    await editor.getByLabel('Video description').fill('The last song, from the side stage.');
    await editor.getByLabel('Private').check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const edited = page.getByTestId('upload-row').filter({ hasText: 'Finale (encore)' });
    await expect(edited).toContainText('private');
    await page.getByTestId('resume-all').click();
    await expect(edited).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(edited.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

    // The video has them: private (only a private filter of the owner's list finds it), with its description.
    const { videos } = (await appApi(app, 'GET', '/users/self/videos.json', { 'filter[protect]': 'private' })) as { videos: { title: string; description: string }[] };
    expect(videos.find((video) => video.title === 'Finale (encore)')).toMatchObject({ description: 'The last song, from the side stage.' });
  });

  test('a file dropped in a browser is not added, and the panel says what to do instead; a timetable is set and shown in words', async ({ page }) => {
    await page.goto(`${app.url}#/uploads`);
    await expect(page.getByTestId('drop-zone')).toBeVisible();
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
      return data;
    });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByTestId('browser-drop-note')).toContainText('Use the desktop app to drop them, or type the folder');

    // The timetable is set from the panel and shown in words; removed again for the tests that follow.
    await page.getByRole('button', { name: 'Set a timetable' }).click();
    const timetable = page.getByRole('form', { name: 'Upload timetable' });
    await timetable.getByLabel('Full speed from').fill('01:00');
    await timetable.getByLabel('to', { exact: true }).fill('07:00');
    await timetable.getByLabel('otherwise').fill('5');
    await timetable.getByRole('button', { name: 'Save timetable' }).click();
    await expect(page.getByText('Timetable: full speed 01:00–07:00, otherwise 5.0 MB/s.')).toBeVisible();
    await page.getByRole('button', { name: 'Remove timetable' }).click();
    await expect(page.getByText('No timetable: the same speed at every hour.')).toBeVisible();
  });

  test('signing out closes the queue and the panel asks for a sign-in; signing in again brings the queue back', async ({ page }) => {
    await page.goto(`${app.url}#/uploads`);
    await expect(page.getByTestId('upload-row')).toHaveCount(4);
    await page.goto(`${app.url}#/sign-in`);
    await page.getByTestId('signed-in').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('signed-out')).toBeVisible();
    await openUploads(page);
    await expect(page.getByTestId('uploads-unavailable')).toHaveText('Sign in to upload: the queue belongs to the signed-in profile.');

    await signInAsDemo(page, app.url);
    await openUploads(page);
    await expect(page.getByTestId('upload-row')).toHaveCount(4);
    await expect(page.getByTestId('upload-totals')).toContainText('3 of 4 complete · 1 failed');
  });
});

test.describe('a queue of 10,000 finished uploads', () => {
  const COUNT = 10_000;
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startBrowserModeApp({
      // The journal as the queue writes it (main/uploads/upload-journal.ts), restored when the queue opens.
      prepare: (dataDir) => {
        const folder = join(dataDir, 'uploads', 'sandbox');
        mkdirSync(folder, { recursive: true });
        const lines: string[] = [];
        for (let index = 1; index <= COUNT; index += 1) {
          const item = {
            id: `restored-${index}`,
            addedAt: 1_700_000_000_000 + index,
            file: `/recordings/stream-${index}.mp4`,
            size: 1_000_000 + index,
            modifiedMs: 1_700_000_000_000,
            extension: 'mp4',
            channelId: '1',
            title: `Stream ${index}`,
            description: '',
            protect: 'public',
            initStarted: true,
            upload: { videoId: String(100_000 + index), path: `upload-${index}`, host: '127.0.0.1', port: 21, user: `upload-${index}` },
            inits: 1,
            transferred: true,
            readyStarted: true,
            readySent: true,
            status: 'complete',
            outcome: 'complete',
            failure: null,
            retryFresh: false,
            paused: false,
          };
          lines.push(JSON.stringify({ t: 'item', item }));
        }
        writeFileSync(join(folder, 'journal.jsonl'), `${lines.join('\n')}\n`);
      },
    });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('is drawn with fewer than 100 rows in the DOM, and scrolls to the last row', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page, app.url);
    await openUploads(page);
    await expect(page.getByTestId('upload-totals')).toContainText('10,000 of 10,000 complete', { timeout: 15_000 });
    await expect(page.getByTestId('upload-table')).toHaveAttribute('aria-rowcount', String(COUNT + 1));
    const rows = page.getByTestId('upload-row');
    await expect(rows.first()).toContainText('Stream 1');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThan(100);

    const body = page.getByTestId('upload-rows');
    // Through the middle, as a scroll wheel goes, then to the end.
    for (const share of [0.25, 0.5, 0.75]) {
      await body.evaluate((element, to) => element.scrollTo({ top: element.scrollHeight * to }), share);
      await expect(rows.filter({ hasText: `Stream ${Math.round(COUNT * share) + 2}` })).toBeVisible();
      expect(await rows.count()).toBeLessThan(100);
    }
    await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = rows.filter({ has: page.getByText(`Stream ${COUNT}`, { exact: true }) });
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute('aria-rowindex', String(COUNT + 1));
    await expect(last).toHaveAttribute('data-state', 'complete');
    expect(await rows.count()).toBeLessThan(100);
    await page.screenshot({ path: 'test-results/screenshots/uploads-10000-rows.png' });
  });
});
