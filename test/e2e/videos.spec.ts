// The Videos panel in browser mode, against the embedded sandbox. The list: all of the demo's videos, by
// views, private only, a caption search whose match opens the video at that time, a channel deleted behind
// the app's back (404). Edit: title, description and protection saved; a video deleted behind the app's back
// (404) rolled back. Delete: after asking; a video already deleted (404) put back. Download: an MP4 made
// (pending, then available with its 24-hour window) and saved with progress to a folder, still listed after a
// reload and then taken off the list; a video gone (404).
// Expiration: set to never; a video gone (404); an account without expiration management (403 forbidden) is a
// note. Metadata: a video value set and cleared; a field deleted behind the app's back (404). Each change is
// checked afterwards through the API.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi, callAppApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { demoWithout } from './support/seeded-sandbox.js';

interface ApiVideo {
  id: string;
  title: string;
  description: string;
  views: number;
}

const api = (app: RunningApp, method: string, path: string) => callAppApi(app, method, path);
const ok = appApi;

async function myVideos(app: RunningApp, query = ''): Promise<ApiVideo[]> {
  return ((await ok(app, 'GET', `/users/self/videos.json${query}`)) as { videos: ApiVideo[] }).videos;
}

async function videoId(app: RunningApp, title: string): Promise<string> {
  const found = (await myVideos(app)).find((video) => video.title === title);
  expect(found, `a video titled ${title}`).toBeDefined();
  return found!.id;
}

/** A throwaway private copy of a seeded video (the platform's copy call), for the refusal cases. */
async function copyOf(app: RunningApp, sourceId: string, title: string): Promise<string> {
  await ok(app, 'POST', `/videos/${sourceId}/copy.json`, { start: '0', end: '20', title });
  await expect.poll(async () => (await myVideos(app)).some((video) => video.title === title), { timeout: 15_000 }).toBe(true);
  return videoId(app, title);
}

async function openVideos(page: Page, app: RunningApp): Promise<void> {
  await page.goto(`${app.url}#/videos`);
  await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('video-table')).toBeVisible();
}

async function openVideo(page: Page, id: string): Promise<void> {
  await page.getByTestId(`video-row-${id}`).getByTestId('video-open').click();
  await expect(page.getByTestId('video-view')).toBeVisible();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

test.describe('the Videos panel', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('lists, sorts, filters and searches; a caption match opens the video at its time; a channel gone is explained', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    await openVideos(page, app);
    // A fresh copy is the newest video and the least viewed, so "recent" and "popular" differ.
    await copyOf(app, await videoId(app, 'Q&A night'), 'E2E fresh copy');
    await page.reload();
    const rows = page.getByTestId('video-table').locator('tbody tr');
    const all = await myVideos(app);
    await expect(rows.getByTestId('video-open').first()).toHaveText('E2E fresh copy');
    await expect(rows).toHaveCount(all.length);

    await page.getByTestId('videos-sort').selectOption('popular');
    await page.getByTestId('videos-show').click();
    const byViews = [...all].sort((a, b) => b.views - a.views).map((video) => video.title);
    await expect(rows.getByTestId('video-open')).toHaveText(byViews);
    expect((await myVideos(app, '?sort=popular')).map((video) => video.title)).toEqual(byViews);

    await page.getByTestId('videos-protect').selectOption('private');
    await page.getByTestId('videos-show').click();
    const privateOnes = (await myVideos(app, '?sort=popular&filter%5Bprotect%5D=private')).map((video) => video.title);
    expect(privateOnes).toEqual(['Rehearsal (unlisted)', 'E2E fresh copy']);
    await expect(rows.getByTestId('video-open')).toHaveText(privateOnes);

    await page.getByTestId('videos-search').fill('microphone');
    await expect(page.getByTestId('videos-protect')).toBeDisabled();
    await page.getByTestId('videos-show').click();
    const qa = await videoId(app, 'Q&A night');
    await expect(rows).toHaveCount(1);
    const matches = page.getByTestId(`caption-matches-${qa}`);
    await expect(matches.getByTestId('caption-match-time')).toHaveText(['0:12', '1:02']);
    await page.screenshot({ path: 'test-results/screenshots/videos-search.png', fullPage: true });
    await matches.getByTestId('caption-match-time').first().click();
    await expect(page.getByTestId('video-jump')).toContainText('Found at 0:12–0:17 in the captions: “First question: which microphone do I use on stream?”');
    await expect(page.getByRole('heading', { name: 'Q&A night', level: 2 })).toBeVisible();
    await page.getByTestId('video-back').click();
    await expect(page.getByTestId(`video-row-${qa}`)).toBeVisible();

    // A channel deleted behind the app's back: 404, in words.
    const channel = ((await ok(app, 'POST', '/users/self/channels.json', { title: 'E2E Videos Vanishing' })) as { channel: { id: string } }).channel.id;
    await page.reload();
    await expect(page.getByTestId('video-table')).toBeVisible();
    await page.getByTestId('videos-scope').selectOption(channel);
    await ok(app, 'DELETE', `/channels/${channel}.json`);
    await page.getByTestId('videos-show').click();
    await expect(page.getByTestId('videos-error')).toHaveText('This channel no longer exists. Choose another channel or "All my videos".');
    expect((await api(app, 'GET', `/channels/${channel}/videos.json`)).output).toContain('not_found');
  });

  test('edits the title, description and protection; a video deleted behind the app\'s back is rolled back', async ({ page }) => {
    test.setTimeout(120_000);
    await openVideos(page, app);
    const id = await videoId(app, 'Behind the scenes');
    await openVideo(page, id);
    await page.getByTestId('video-title').fill('Behind the scenes (edited)');
    await page.getByTestId('video-description').fill('Setting up the studio before the show.');
    await page.getByTestId('video-protect').selectOption('private');
    await page.getByTestId('video-save').click();
    await expect(page.getByTestId('videos-done')).toHaveText('Saved the title, description, protection (now private).');
    await expect(page.getByTestId('video-facts')).toContainText('Backstage');
    await page.screenshot({ path: 'test-results/screenshots/videos-details.png', fullPage: true });
    const edited = ((await ok(app, 'GET', `/videos/${id}.json`)) as { video: ApiVideo }).video;
    expect(edited).toMatchObject({ title: 'Behind the scenes (edited)', description: 'Setting up the studio before the show.' });
    expect((await myVideos(app, '?filter%5Bprotect%5D=private')).map((video) => video.id)).toContain(id);

    const doomed = await copyOf(app, id, 'E2E edit doomed');
    await page.getByTestId('video-back').click();
    await page.getByTestId('videos-protect').selectOption('all');
    await page.getByTestId('videos-show').click();
    await openVideo(page, doomed);
    await ok(app, 'DELETE', `/videos/${doomed}.json`);
    await page.getByTestId('video-title').fill('Never saved');
    await page.getByTestId('video-save').click();
    await expect(page.getByTestId('videos-error')).toHaveText('This video no longer exists (perhaps it was deleted elsewhere). Reload the list.');
    await expect(page.getByRole('heading', { name: 'E2E edit doomed', level: 2 })).toBeVisible();
    expect((await api(app, 'GET', `/videos/${doomed}.json`)).output).toContain('not_found');
  });

  test('makes an MP4, follows it to available, and saves it to a folder with progress; a video gone is explained', async ({ page }) => {
    test.setTimeout(120_000);
    const folder = mkdtempSync(join(tmpdir(), 'videos-e2e-download-'));
    try {
      await openVideos(page, app);
      const qa = await videoId(app, 'Q&A night');
      await openVideo(page, qa);
      // The tabs take the keyboard: from Details, the right arrow selects Download.
      await page.getByRole('tab', { name: 'Details' }).press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Download' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Download' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('download-mp4-status')).toHaveText('Not made yet.');
      await page.getByTestId('download-mp4-request').click();
      await expect(page.getByTestId('download-mp4-status')).toHaveText('The platform is making the file…');
      await expect(page.getByTestId('download-mp4-status')).toContainText('Ready until', { timeout: 20_000 });
      await expect(page.getByTestId('download-mp4-status')).toContainText('in 24 hours');
      const made = ((await ok(app, 'GET', `/videos/${qa}/downloadable/mp4.json`)) as { downloadable: { status: string; expires_at: number } }).downloadable;
      expect(made.status).toBe('available');
      expect(made.expires_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

      await page.getByTestId('download-folder').fill(folder);
      await page.getByTestId('download-mp4-save').click();
      await expect(page.getByTestId('download-saved')).toContainText(join(folder, `Q&A night-${qa}.mp4`), { timeout: 20_000 });
      await page.screenshot({ path: 'test-results/screenshots/videos-download.png', fullPage: true });
      expect(readdirSync(folder)).toEqual([`Q&A night-${qa}.mp4`]);
      expect(statSync(join(folder, `Q&A night-${qa}.mp4`)).size).toBeGreaterThan(0);
      // Main keeps the list: after a reload the saved file is still listed, and can be taken off the list.
      await page.reload();
      await openVideos(page, app);
      await openVideo(page, qa);
      await openTab(page, 'Download');
      await expect(page.getByTestId('download-saved')).toContainText(join(folder, `Q&A night-${qa}.mp4`));
      await page.getByTestId('download-remove').click();
      await expect(page.getByTestId('download-transfer')).toHaveCount(0);
      expect(readdirSync(folder)).toEqual([`Q&A night-${qa}.mp4`]);

      const gone = await copyOf(app, qa, 'E2E download doomed');
      await page.getByTestId('video-back').click();
      await page.getByTestId('videos-show').click();
      await openVideo(page, gone);
      await openTab(page, 'Download');
      await expect(page.getByTestId('download-flv-status')).toHaveText('Not made yet.');
      await ok(app, 'DELETE', `/videos/${gone}.json`);
      await page.getByTestId('download-flv-request').click();
      await expect(page.getByTestId('download-error')).toHaveText('This video no longer exists (perhaps it was deleted elsewhere). Reload the list.');
      expect((await api(app, 'GET', `/videos/${gone}/downloadable/flv.json`)).output).toContain('not_found');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('sets an expiring video to never expire; a video gone is explained', async ({ page }) => {
    test.setTimeout(120_000);
    await openVideos(page, app);
    const rehearsal = await videoId(app, 'Rehearsal (unlisted)');
    await openVideo(page, rehearsal);
    await openTab(page, 'Expiration');
    await expect(page.getByTestId('expiration-state')).toContainText('This video expires on');
    await page.getByTestId('expiration-never').click();
    await expect(page.getByTestId('expiration-state')).toHaveText('This video never expires.');
    await expect(page.getByTestId('expiration-done')).toHaveText('The video no longer expires.');
    await page.screenshot({ path: 'test-results/screenshots/videos-expiration.png', fullPage: true });
    expect(await ok(app, 'GET', `/videos/${rehearsal}/expiration.json`)).toEqual({ rule: 'never' });

    const qa = await videoId(app, 'Q&A night');
    const gone = await copyOf(app, qa, 'E2E expiration doomed');
    await page.getByTestId('video-back').click();
    await page.getByTestId('videos-show').click();
    await openVideo(page, gone);
    await openTab(page, 'Expiration');
    await expect(page.getByTestId('expiration-state')).toHaveText('This video never expires.');
    await ok(app, 'DELETE', `/videos/${gone}.json`);
    await openTab(page, 'Details');
    await openTab(page, 'Expiration');
    await expect(page.getByTestId('expiration-error')).toHaveText('This video no longer exists (perhaps it was deleted elsewhere). Reload the list.');
    expect((await api(app, 'GET', `/videos/${gone}/expiration.json`)).output).toContain('not_found');
  });

  test('sets and clears a custom metadata value; a field deleted behind the app\'s back is rolled back', async ({ page }) => {
    test.setTimeout(120_000);
    const field = (await ok(app, 'POST', '/custom-metadata-fields.json', { name: 'episode', display_name: 'Episode', content_type: 'video', type: 'number', is_required: 'false' })) as { id: string };
    const gone = (await ok(app, 'POST', '/custom-metadata-fields.json', { name: 'guest', display_name: 'Guest', content_type: 'video', type: 'string', is_required: 'false' })) as { id: string };
    await openVideos(page, app);
    const qa = await videoId(app, 'Q&A night');
    await openVideo(page, qa);
    await openTab(page, 'Metadata');
    const episode = page.getByTestId('video-metadata-episode');
    await episode.getByTestId('video-metadata-value').fill('twelve');
    await episode.getByTestId('video-metadata-set').click();
    await expect(episode.getByRole('alert')).toHaveText('Enter a number.');
    await episode.getByTestId('video-metadata-value').fill('12');
    await episode.getByTestId('video-metadata-set').click();
    await expect(page.getByTestId('video-metadata-done')).toHaveText('Set Episode.');
    await page.screenshot({ path: 'test-results/screenshots/videos-metadata.png', fullPage: true });
    expect(await ok(app, 'GET', `/videos/${qa}/custom-metadata.json`)).toEqual({ metadata: [{ field_id: field.id, value: '12' }] });

    await ok(app, 'DELETE', `/custom-metadata-fields/${gone.id}.json`);
    const guest = page.getByTestId('video-metadata-guest');
    await guest.getByTestId('video-metadata-value').fill('Ana');
    await guest.getByTestId('video-metadata-set').click();
    await expect(page.getByTestId('video-metadata-error')).toHaveText('The video or the field no longer exists. Reload the metadata and try again.');
    await expect(guest.getByTestId('video-metadata-clear')).toBeDisabled();

    await page.getByTestId('video-metadata-episode').getByTestId('video-metadata-clear').click();
    await expect(page.getByTestId('video-metadata-done')).toHaveText('Cleared Episode.');
    expect(await ok(app, 'GET', `/videos/${qa}/custom-metadata.json`)).toEqual({ metadata: [] });
  });

  test('deletes after asking; a video already deleted elsewhere is put back and explained', async ({ page }) => {
    test.setTimeout(120_000);
    await openVideos(page, app);
    const launch = await videoId(app, 'Launch stream');
    const row = page.getByTestId(`video-row-${launch}`);
    await row.getByRole('button', { name: 'Delete Launch stream' }).click();
    await row.getByRole('button', { name: 'Keep' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete Launch stream' }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('videos-done')).toHaveText('Deleted "Launch stream".');
    await expect(row).toHaveCount(0);
    expect((await api(app, 'GET', `/videos/${launch}.json`)).output).toContain('not_found');

    const qa = await videoId(app, 'Q&A night');
    const gone = await copyOf(app, qa, 'E2E delete twice');
    await page.getByTestId('videos-show').click();
    const goneRow = page.getByTestId(`video-row-${gone}`);
    await expect(goneRow).toBeVisible();
    await ok(app, 'DELETE', `/videos/${gone}.json`);
    await goneRow.getByRole('button', { name: 'Delete E2E delete twice' }).click();
    await goneRow.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('videos-error')).toHaveText('This video was already deleted. Reload the list.');
    await expect(goneRow).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/videos.png', fullPage: true });
  });
});

test.describe('videos on an account without expiration management', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    // The embedded sandbox starts from this state: the demo account without video expiration.
    app = await startBrowserModeApp({
      prepare: demoWithout('video_expiration'),
    });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('the platform\'s 403 forbidden is a note that says why, and nothing changes', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    await openVideos(page, app);
    const rehearsal = await videoId(app, 'Rehearsal (unlisted)');
    await openVideo(page, rehearsal);
    await openTab(page, 'Expiration');
    await expect(page.getByTestId('expiration-plan-note')).toHaveText(
      'Expiration is turned off for your account (or on the platform), so the app cannot show or change it. Ask the platform to enable video expiration for your plan.',
    );
    await expect(page.getByTestId('expiration-error')).toHaveCount(0);
    await expect(page.getByTestId('expiration-never')).toHaveCount(0);
    const refused = await api(app, 'GET', `/videos/${rehearsal}/expiration.json`);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('forbidden');
  });
});
