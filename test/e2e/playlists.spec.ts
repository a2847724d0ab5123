// The Playlists panel and the Channel panel's upcoming events in browser mode, against the embedded
// sandbox, started from a state with more videos, a full featured list (10 of 10), a full user playlist
// (20 of 20), 55 events on Demo Live and a "Pop-up" channel with 51. For featured videos, user playlists,
// channel playlists and upcoming events: a change (or a read) that works and a refusal from the spec,
// each checked afterwards through the API; a reorder by dragging, checked through the API too.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { setFeatured } from '../../sandbox/state/featured-videos.js';
import { newChannel } from '../../sandbox/state/new-channel.js';
import { addToPlaylist, createPlaylist } from '../../sandbox/state/playlists.js';
import { scheduleEvent } from '../../sandbox/state/upcoming-events.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi, callAppApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { seededSandbox } from './support/seeded-sandbox.js';

const CLIPS = 24;
const clip = (index: number) => `Clip ${String(index).padStart(2, '0')}`;

/** The seed, plus: 24 public clips on Demo Live, the featured list full, "Full house" full, many events. */
const prepareState = seededSandbox((state) => {
  const now = Math.floor(Date.now() / 1000);
  const demoLive = state.channels.find((channel) => channel.title === 'Demo Live')!;
  const template = state.videos.find((video) => video.title === 'Launch stream')!;
  for (let index = 1; index <= CLIPS; index += 1) {
    state.videos.push({ ...template, id: String(++state.counters.video), title: clip(index), description: `${clip(index)} of the show.`, createdAt: now - index * 60, addedAt: now - index * 60 });
  }
  const idOf = (title: string) => state.videos.find((video) => video.title === title)!.id;
  setFeatured(state, demoLive.id, [idOf('Launch stream'), idOf('Q&A night'), ...Array.from({ length: 8 }, (_, index) => idOf(clip(index + 1)))]);
  const full = createPlaylist(state, { ownerId: '1001', channelId: null, title: 'Full house', enabled: true, now: now - 3600 });
  for (let index = 1; index <= 20; index += 1) addToPlaylist(full, idOf(clip(index)), now - 3600);
  for (let index = 1; index <= 52; index += 1) scheduleEvent(state, { channelId: demoLive.id, title: `Show ${String(index).padStart(2, '0')}`, description: '', start: now + 86_400 * 30 + index * 3600, duration: 3600 });
  const popUp = newChannel({ id: String(++state.counters.channel), ownerId: '1001', title: 'Pop-up', urlName: 'pop-up' });
  state.channels.push(popUp);
  for (let index = 1; index <= 51; index += 1) scheduleEvent(state, { channelId: popUp.id, title: `Pop-up ${index}`, description: '', start: now + 86_400 + index * 3600, duration: 1800 });
});

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The titles of an ordered list's rows, in order. */
const titlesIn = (list: Locator) => list.locator('.ordered-video-title');

test.describe('featured videos, playlists and upcoming events', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;
  let demoLive: string;
  const titleOf = new Map<string, string>();

  const api = (method: string, path: string) => appApi(app, method, path);

  const titles = (videos: { id: string }[]) => videos.map((video) => titleOf.get(video.id) ?? video.id);
  const featuredTitles = async () => titles(((await api('GET', `/channels/${demoLive}/featured-videos.json`)) as { videos: { id: string }[] }).videos);
  const playlistsOf = async (path: string) => ((await api('GET', `${path}?filter[include_empty]=1`)) as { playlists: { id: string; title: string }[] }).playlists;
  const playlistTitles = async (playlistId: string) => titles(((await api('GET', `/playlists/${playlistId}/videos.json`)) as { videos: { id: string }[] }).videos);

  test.beforeAll(async () => {
    app = await startBrowserModeApp({ prepare: prepareState });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('Featured videos: a full list (413) is explained and left as it was; remove, move and add work', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page, app.url);
    const channels = ((await api('GET', '/users/self/channels.json')) as { channels: { id: string; title: string }[] }).channels;
    demoLive = channels.find((channel) => channel.title === 'Demo Live')!.id;
    for (const video of ((await api('GET', '/users/self/videos.json')) as { videos: { id: string; title: string }[] }).videos) titleOf.set(video.id, video.title);
    await openPanel(page, 'Playlists');
    await expect(page.getByTestId('playlists-channel')).toHaveValue(demoLive);
    const list = page.getByTestId('featured-list');
    await expect(page.getByTestId('featured-count')).toHaveText('10 of 10 videos · full: remove one to feature another');
    const before = await featuredTitles();
    await expect(titlesIn(list)).toHaveText(before);

    // Full: the platform's 413 becomes a sentence with N of M, and the list is put back.
    const section = page.getByTestId('featured-section');
    await section.getByRole('button', { name: 'Add videos…' }).click();
    const picker = page.getByTestId('featured-picker');
    await picker.getByRole('button', { name: `Add ${clip(20)}` }).click();
    await expect(page.getByTestId('featured-error')).toHaveText('The featured list is full (10 of 10 videos), so nothing was changed. Remove a featured video first, then add this one.');
    await expect(titlesIn(list)).toHaveText(before);
    expect(await featuredTitles()).toEqual(before);

    // Remove one, move another up with the keyboard's button, then the clip fits.
    await list.getByRole('button', { name: `Remove ${clip(8)}` }).click();
    await expect(page.getByTestId('featured-count')).toHaveText('9 of 10 videos');
    await list.getByRole('button', { name: 'Move Q&A night up' }).click();
    await expect(titlesIn(list).first()).toHaveText('Q&A night');
    await picker.getByRole('button', { name: `Add ${clip(20)}` }).click();
    await expect(page.getByTestId('featured-count')).toHaveText('10 of 10 videos · full: remove one to feature another');
    const expected = ['Q&A night', 'Launch stream', ...Array.from({ length: 7 }, (_, index) => clip(index + 1)), clip(20)];
    await expect(titlesIn(list)).toHaveText(expected);
    expect(await featuredTitles()).toEqual(expected);

    // Dragging the last one to the top.
    await list.locator('li', { hasText: clip(20) }).dragTo(list.locator('li').first());
    await expect(titlesIn(list).first()).toHaveText(clip(20));
    await expect(section).toHaveAttribute('aria-busy', 'false');
    expect(await featuredTitles()).toEqual([clip(20), ...expected.slice(0, -1)]);
    await page.screenshot({ path: 'test-results/screenshots/featured-videos.png', fullPage: true });
  });

  test('User playlists: create, add, drag to reorder, rename; a full one (413) is explained and unchanged', async ({ page }) => {
    test.setTimeout(90_000);
    // Signed in by the first test: the app keeps the token.
    await page.goto(app.url);
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await openPanel(page, 'Playlists');
    const table = page.getByTestId('playlists');
    await expect(table.locator('tr[data-playlist]')).toHaveCount(2);

    // Checked before sending.
    await page.getByRole('button', { name: 'Create playlist' }).click();
    await expect(page.getByTestId('new-playlist-problem')).toHaveText('Give the playlist a title.');

    await page.getByTestId('new-playlist-title').fill('After the show');
    await page.getByRole('button', { name: 'Create playlist' }).click();
    const editor = page.getByTestId('playlist-editor');
    await expect(editor.getByRole('heading', { name: 'After the show' })).toBeVisible();
    await expect(page.getByTestId('playlist-count')).toHaveText('0 of 20 videos');
    const created = (await playlistsOf('/playlists.json')).find((playlist) => playlist.title === 'After the show')!;
    expect(created).toBeDefined();

    await editor.getByRole('button', { name: 'Add videos…' }).click();
    const picker = page.getByTestId('playlist-picker');
    for (const title of ['Launch stream', 'Q&A night', 'Behind the scenes']) {
      await picker.getByRole('button', { name: `Add ${title}` }).click();
      await expect(picker.getByRole('button', { name: `Add ${title}` })).toHaveText('Added');
    }
    await expect(page.getByTestId('playlist-count')).toHaveText('3 of 20 videos');
    const videos = page.getByTestId('playlist-videos');
    await videos.locator('li', { hasText: 'Behind the scenes' }).dragTo(videos.locator('li', { hasText: 'Launch stream' }));
    await expect(titlesIn(videos)).toHaveText(['Behind the scenes', 'Launch stream', 'Q&A night']);
    await expect(editor).toHaveAttribute('aria-busy', 'false');
    expect(await playlistTitles(created.id)).toEqual(['Behind the scenes', 'Launch stream', 'Q&A night']);

    const row = table.locator('tr[data-playlist="After the show"]');
    await row.getByRole('button', { name: 'Rename After the show' }).click();
    await row.getByLabel('Playlist title').fill('After the show: best bits');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(table.locator('tr[data-playlist="After the show: best bits"]')).toBeVisible();
    await expect(editor.getByRole('heading', { level: 3 })).toHaveText('After the show: best bits');
    expect((await playlistsOf('/playlists.json')).find((playlist) => playlist.id === created.id)?.title).toBe('After the show: best bits');
    await page.screenshot({ path: 'test-results/screenshots/playlists.png', fullPage: true });

    // Full house holds 20 of 20: adding is refused with a sentence, and nothing changes.
    await table.locator('tr[data-playlist="Full house"]').getByRole('button', { name: 'Open Full house' }).click();
    await expect(page.getByTestId('playlist-count')).toHaveText('20 of 20 videos · full: remove one to add another');
    const full = (await playlistsOf('/playlists.json')).find((playlist) => playlist.title === 'Full house')!;
    const fullBefore = await playlistTitles(full.id);
    await editor.getByRole('button', { name: 'Add videos…' }).click();
    await page.getByTestId('playlist-picker').getByRole('button', { name: 'Add Launch stream' }).click();
    await expect(page.getByTestId('playlists-error')).toHaveText(
      'This playlist is full (20 of 20 videos), so the video was not added. Remove a video from it first, or put this one in another playlist.',
    );
    await expect(titlesIn(videos)).toHaveCount(20);
    expect(await playlistTitles(full.id)).toEqual(fullBefore);
    expect((await playlistsOf('/playlists.json')).map((playlist) => playlist.title)).toEqual(['Watch later', 'Full house', 'After the show: best bits']);
  });

  test('Channel playlists: create and delete after asking; one deleted elsewhere (404) is explained', async ({ page }) => {
    test.setTimeout(90_000);
    // Signed in by the first test: the app keeps the token.
    await page.goto(app.url);
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await openPanel(page, 'Playlists');
    await page.getByRole('radio', { name: 'Playlists of Demo Live' }).check();
    const table = page.getByTestId('playlists');
    await expect(table.locator('tr[data-playlist]')).toHaveText([/Highlights/]);

    await page.getByTestId('new-playlist-title').fill('Clips of the week');
    await page.getByRole('button', { name: 'Create playlist' }).click();
    await expect(table.locator('tr[data-playlist="Clips of the week"]')).toBeVisible();
    await expect(page.getByTestId('playlist-count')).toHaveText('0 of 20 videos');
    const channelPlaylists = await playlistsOf(`/channels/${demoLive}/playlists.json`);
    expect(channelPlaylists.map((playlist) => playlist.title)).toEqual(['Highlights', 'Clips of the week']);

    // Deleting asks first; "Keep" keeps it.
    const clips = table.locator('tr[data-playlist="Clips of the week"]');
    await clips.getByRole('button', { name: 'Delete Clips of the week' }).click();
    await clips.getByRole('button', { name: 'Keep' }).click();
    expect((await playlistsOf(`/channels/${demoLive}/playlists.json`)).length).toBe(2);
    await clips.getByRole('button', { name: 'Delete Clips of the week' }).click();
    await clips.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(clips).toHaveCount(0);
    await expect(page.getByTestId('playlists-done')).toHaveText('Deleted the playlist “Clips of the week”.');

    // Highlights is deleted behind the app's back: the platform's 404 is a sentence, and the row goes.
    const highlights = channelPlaylists.find((playlist) => playlist.title === 'Highlights')!;
    await api('DELETE', `/playlists/${highlights.id}.json`);
    const row = table.locator('tr[data-playlist="Highlights"]');
    await row.getByRole('button', { name: 'Delete Highlights' }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('playlists-error')).toHaveText('This playlist no longer exists; it may have been deleted elsewhere. Reload the list of playlists.');
    await expect(row).toHaveCount(0);
    expect(await playlistsOf(`/channels/${demoLive}/playlists.json`)).toEqual([]);
  });

  test('Upcoming events: 50 a page on the Channel panel; a channel deleted elsewhere (404) is explained', async ({ page }) => {
    test.setTimeout(90_000);
    // Signed in by the first test: the app keeps the token.
    await page.goto(app.url);
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await openPanel(page, 'Channel');
    await expect(page.getByTestId('channel-choice')).toHaveValue(demoLive);
    const events = page.getByTestId('upcoming-events');
    const rows = events.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(rows.first().locator('th')).toContainText('Weekly Q&A');
    await events.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('upcoming-events-page')).toHaveText('Page 2');
    await expect(rows).toHaveCount(5);
    const second = ((await api('GET', `/channels/${demoLive}/upcoming-events.json?page=2`)) as { events: { title: string }[]; paging: { next: string | null } }).events;
    await expect(rows.locator('th')).toHaveText(second.map((event) => event.title));
    await expect(events.getByRole('button', { name: 'Next' })).toBeDisabled();
    await events.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/upcoming-events.png', fullPage: true });

    // Pop-up is deleted while its first page is shown: the next page's 404 says what to do.
    const channels = ((await api('GET', '/users/self/channels.json')) as { channels: { id: string; title: string }[] }).channels;
    const popUp = channels.find((channel) => channel.title === 'Pop-up')!.id;
    await page.getByTestId('channel-choice').selectOption(popUp);
    await expect(rows).toHaveCount(50);
    await api('DELETE', `/channels/${popUp}.json`);
    await events.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('upcoming-events-error')).toHaveText('This channel no longer exists. Reload the list of channels.');
    const missing = await callAppApi(app, 'GET', `/channels/${popUp}/upcoming-events.json`);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('not_found');
  });
});
