// The Channel panel in browser mode, against the embedded sandbox: a channel's title, description and tags
// edited (checked first in the form, then through the API), a delete behind a confirmation that names the
// channel, an edit the platform refuses (the channel was deleted behind the app's back: 404) rolled back;
// custom metadata: a field defined, a value and its display setting set (checked through the API), and a
// definition the platform refuses (400 bad_request: the name is taken).
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';

test.describe('the Channel panel', () => {
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;

  const api = (method: string, path: string, fields: Record<string, string> = {}) => appApi(app, method, path, fields);

  async function createChannel(title: string): Promise<string> {
    const body = (await api('POST', '/users/self/channels.json', { title })) as { channel: { id: string } };
    return body.channel.id;
  }

  async function openChannelPanel(page: Page): Promise<void> {
    await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Channel' }).click();
    await expect(page.getByRole('heading', { name: 'Channel', level: 1 })).toBeVisible();
    await expect(page.getByTestId('channel-editor')).toBeVisible();
  }

  async function myChannelIds(): Promise<string[]> {
    const body = (await api('GET', '/users/self/channels.json')) as { channels: { id: string }[] };
    return body.channels.map((channel) => channel.id);
  }

  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('edit title, description and tags; delete with a confirmation naming the channel; a refused edit is rolled back', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, app.url);
    const edited = await createChannel('E2E Edit Me');
    const vanishing = await createChannel('E2E Vanishing');
    await openChannelPanel(page);

    await page.getByTestId('channel-choice').selectOption(edited);
    await expect(page.getByTestId('channel-title')).toHaveValue('E2E Edit Me');

    // Checked before sending: an empty title never reaches the platform.
    await page.getByTestId('channel-title').fill('   ');
    await page.getByTestId('channel-save').click();
    // In words: the rule as a sentence, not the schema's path ("title: …").
    await expect(page.getByTestId('channel-form-problem')).toHaveText('The title is required.');

    await page.getByTestId('channel-title').fill('E2E Edited');
    await page.getByTestId('channel-description').fill('Edited from the Channel panel.');
    await page.getByTestId('channel-tags').fill('music, live ,music, talk');
    await page.getByTestId('channel-save').click();
    await expect(page.getByTestId('channel-done')).toHaveText('Saved.');
    await expect(page.getByTestId('channel-tags')).toHaveValue('music, live, talk');
    const read = (await api('GET', `/channels/${edited}.json`)) as { channel: { title: string; description: string; tags: string[] } };
    expect(read.channel).toMatchObject({ title: 'E2E Edited', description: 'Edited from the Channel panel.', tags: ['music', 'live', 'talk'] });
    await page.screenshot({ path: 'test-results/screenshots/channel-panel.png', fullPage: true });

    // Delete: the confirmation names the channel and waits for its exact title.
    await page.getByTestId('channel-delete').click();
    await expect(page.getByTestId('channel-delete-confirmation')).toContainText('Delete the channel “E2E Edited”?');
    await page.getByTestId('channel-delete-title').fill('E2E Edit');
    await expect(page.getByTestId('channel-delete-confirm')).toBeDisabled();
    await page.getByTestId('channel-delete-title').fill('E2E Edited');
    await page.getByTestId('channel-delete-confirm').click();
    await expect(page.getByTestId('channel-done')).toHaveText('Deleted the channel "E2E Edited".');
    expect(await myChannelIds()).not.toContain(edited);

    // The platform refuses an edit (404 not_found: deleted elsewhere): the sentence says what to do, the form goes back.
    await page.getByTestId('channel-choice').selectOption(vanishing);
    await expect(page.getByTestId('channel-title')).toHaveValue('E2E Vanishing');
    await api('DELETE', `/channels/${vanishing}.json`);
    await page.getByTestId('channel-title').fill('E2E Never Saved');
    await page.getByTestId('channel-save').click();
    await expect(page.getByTestId('channel-error')).toHaveText('This channel no longer exists. Choose another channel.');
    await expect(page.getByTestId('channel-title')).toHaveValue('E2E Vanishing');
    await expect(page.getByTestId('channel-save')).toBeEnabled();
    expect(await myChannelIds()).not.toContain(vanishing);
  });

  test('custom metadata: define a field, set its value and display; a taken name is refused', async ({ page }) => {
    test.setTimeout(120_000);
    // Signed in by the first test: the app keeps the session.
    await page.goto(app.url);
    const channelId = await createChannel('E2E Metadata');
    await openChannelPanel(page);
    await page.getByTestId('channel-choice').selectOption(channelId);
    const section = page.getByTestId('custom-metadata');
    await expect(section).toContainText('No channel fields yet');

    // Checked before sending.
    await page.getByTestId('metadata-field-name').fill('Home City');
    await page.getByTestId('metadata-field-display-name').fill('Home city');
    await page.getByTestId('metadata-field-create').click();
    await expect(page.getByTestId('metadata-field-problem')).toContainText('a lowercase letter');

    await page.getByTestId('metadata-field-name').fill('home_city');
    await page.getByTestId('metadata-field-create').click();
    const row = page.getByTestId('metadata-row-home_city');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('metadata-field-name')).toHaveValue('');

    await row.getByTestId('metadata-value').fill('Berlin');
    await row.getByTestId('metadata-value-save').click();
    await expect(row.getByTestId('metadata-value-clear')).toBeEnabled();
    await row.getByTestId('metadata-is-link').check();
    await expect(row.getByTestId('metadata-is-link')).toBeChecked();
    await expect(row.getByTestId('metadata-is-link')).toBeEnabled();

    const fields = (await api('GET', '/custom-metadata-fields.json?filter%5Btype%5D=channel')) as { fields: { id: string; name: string; display_name: string }[] };
    const field = fields.fields.find((candidate) => candidate.name === 'home_city');
    expect(field?.display_name).toBe('Home city');
    const values = (await api('GET', `/channels/${channelId}/custom-metadata.json`)) as { metadata: { field_id: string; value: string }[] };
    expect(values.metadata).toContainEqual({ field_id: field!.id, value: 'Berlin' });
    const displays = (await api('GET', `/channels/${channelId}/custom-metadata-display.json`)) as { metadata_displays: unknown[] };
    expect(displays.metadata_displays).toContainEqual({ channel_id: channelId, field_id: field!.id, is_link: true });
    await page.screenshot({ path: 'test-results/screenshots/custom-metadata.png', fullPage: true });

    // The platform refuses a second field with the same name (400 bad_request): the sentence says what to check.
    await page.getByTestId('metadata-field-name').fill('home_city');
    await page.getByTestId('metadata-field-display-name').fill('Another city');
    await page.getByTestId('metadata-field-create').click();
    await expect(page.getByTestId('metadata-error')).toContainText('The platform refused this field definition.');
    await expect(page.getByTestId('metadata-field-name')).toHaveValue('home_city');
    const after = (await api('GET', '/custom-metadata-fields.json?filter%5Btype%5D=channel')) as { fields: { name: string }[] };
    expect(after.fields.filter((candidate) => candidate.name === 'home_city')).toHaveLength(1);
  });
});
