// The Managers and Device passwords panels in browser mode, against the embedded sandbox: a change that
// works and one the platform (or the form) refuses in each, checked afterwards through the API; and an
// account whose plan lacks managers (the platform's 402), shown as a plan limit.
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/sign-in-as-demo.js';
import { appApi, callAppApi } from './support/app-api.js';
import { startBrowserModeApp, type RunningApp } from './support/browser-mode-app.js';
import { demoWithout } from './support/seeded-sandbox.js';

interface ApiManager {
  readonly user_id: string;
  readonly email: string;
  readonly alias: string;
  readonly active: boolean;
  readonly channels: string[];
}

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('managers and device passwords', () => {
  // The second test uses the first one's sign-in.
  test.describe.configure({ mode: 'serial' });
  let app: RunningApp;

  const api = (method: string, path: string) => appApi(app, method, path);

  const managers = async () => ((await api('GET', '/users/self/managers.json')) as { managers: ApiManager[] }).managers;
  const devicePasswords = async () => ((await api('GET', '/users/self/device-passwords.json')) as { device_passwords: { user_name: string; device_name: string }[] }).device_passwords;

  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('Managers: invite with an alias and grant a channel; activating a fourth is refused (limit_reached) and rolled back', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page, app.url);
    await openPanel(page, 'Managers');
    const table = page.getByTestId('managers');
    await expect(table.locator('tr[data-manager]')).toHaveCount(4);
    await expect(page.getByTestId('active-count')).toHaveText('3 of 3 managers active at once');

    // The form checks the address before sending.
    const invite = page.getByRole('form', { name: 'Invite a manager' });
    await invite.getByLabel('E-mail address').fill('not an address');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByTestId('invite-problem')).toContainText('e-mail address');

    await invite.getByLabel('E-mail address').fill('rio@sandbox.invalid');
    await invite.getByLabel('Alias (optional)').fill('Rio (clips)');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const rio = table.locator('tr[data-manager="rio@sandbox.invalid"]');
    await expect(rio).toBeVisible();
    await expect(invite.getByLabel('E-mail address')).toHaveValue('');
    await rio.getByRole('checkbox', { name: 'rio@sandbox.invalid manages Backstage' }).check();
    await expect(rio).toHaveAttribute('aria-busy', 'false');
    await page.screenshot({ path: 'test-results/screenshots/managers.png', fullPage: true });

    // Three are active already: the platform answers 403 limit_reached, and the switch goes back.
    const lee = table.locator('tr[data-manager="lee@sandbox.invalid"]');
    await lee.getByRole('checkbox', { name: 'Inactive' }).click();
    await expect(page.getByTestId('managers-error')).toContainText('At most 3 managers can be active at once');
    await expect(lee).toHaveAttribute('data-active', 'false');
    await expect(lee.getByRole('checkbox', { name: 'Inactive' })).not.toBeChecked();

    const after = await managers();
    const backstage = ((await api('GET', '/users/self/channels.json')) as { channels: { id: string; title: string }[] }).channels.find((channel) => channel.title === 'Backstage')!;
    expect(after.find((manager) => manager.email === 'rio@sandbox.invalid')).toMatchObject({ alias: 'Rio (clips)', active: false, channels: [backstage.id] });
    expect(after.find((manager) => manager.email === 'lee@sandbox.invalid')?.active).toBe(false);
    expect(after.filter((manager) => manager.active)).toHaveLength(3);

    // Removing asks first, naming the manager; only "Yes, remove" removes.
    await rio.getByRole('button', { name: 'Remove rio@sandbox.invalid' }).click();
    await expect(rio.getByRole('group', { name: /^Remove rio@sandbox\.invalid as a manager\?/ })).toBeVisible();
    await rio.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(rio).toHaveCount(0);
    expect((await managers()).some((manager) => manager.email === 'rio@sandbox.invalid')).toBe(false);
  });

  test('Device passwords: create one (password shown once) and delete one; a stale row and a bad date range are refused', async ({ page }) => {
    test.setTimeout(90_000);
    // Signed in by the first test: the app keeps the token.
    await page.goto(app.url);
    await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
    await openPanel(page, 'Device passwords');
    const table = page.getByTestId('device-passwords');
    await expect(table.locator('tr[data-user-name]')).toHaveCount(2);

    // Checked before sending: an end before the start never reaches the platform.
    const form = page.getByRole('form', { name: 'New device password' });
    await form.getByLabel('Device name').fill('Bad range');
    await form.getByLabel('Valid from (empty: now)').fill('2030-01-02T10:00');
    await form.getByLabel('Valid until (empty: no end)').fill('2030-01-01T10:00');
    await form.getByRole('button', { name: 'Create password' }).click();
    await expect(page.getByTestId('create-problem')).toContainText('after the start');

    await form.getByLabel('Device name').fill('Rooftop camera');
    await form.getByLabel('Valid from (empty: now)').fill('');
    await form.getByLabel('Valid until (empty: no end)').fill('');
    await form.getByRole('button', { name: 'Create password' }).click();
    const created = page.getByTestId('created-password');
    await expect(created).toContainText('Rooftop camera');
    const userName = await page.getByTestId('created-user-name').innerText();
    await expect(page.getByTestId('created-password-value')).not.toBeEmpty();
    await expect(table.locator(`tr[data-user-name="${userName}"]`)).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/device-passwords.png', fullPage: true });
    await created.getByRole('button', { name: 'Done, hide it' }).click();
    await expect(created).toHaveCount(0);

    // Delete one from the list: the first click asks, "Keep" changes nothing, "Yes, delete" deletes.
    const backpack = table.locator('tr[data-user-name="dp-backpack-camera"]');
    await backpack.getByRole('button', { name: 'Delete Backpack camera' }).click();
    await expect(backpack.getByRole('group', { name: 'Delete the password of Backpack camera? The device can no longer sign in with it.' })).toBeVisible();
    await backpack.getByRole('button', { name: 'Keep' }).click();
    expect((await devicePasswords()).some((entry) => entry.user_name === 'dp-backpack-camera')).toBe(true);
    await backpack.getByRole('button', { name: 'Delete Backpack camera' }).click();
    await backpack.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(backpack).toHaveCount(0);

    // Deleted elsewhere meanwhile: the platform answers not_found and the panel says to reload.
    await api('DELETE', '/users/self/device-passwords/dp-studio-encoder.json');
    await table.locator('tr[data-user-name="dp-studio-encoder"]').getByRole('button', { name: 'Delete Studio encoder' }).click();
    await table.locator('tr[data-user-name="dp-studio-encoder"]').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('device-passwords-error')).toContainText('no longer exists');

    const listed = await devicePasswords();
    expect(listed.map((entry) => entry.user_name)).toEqual([userName]);
    expect(listed[0]?.device_name).toBe('Rooftop camera');
    expect(listed.some((entry) => entry.device_name === 'Bad range')).toBe(false);
  });
});

test.describe('managers on a plan without them', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    // The embedded sandbox starts from this state: the demo account without the subaccount benefit.
    app = await startBrowserModeApp({
      prepare: demoWithout('subaccount'),
    });
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('the platform\'s 402 is shown as a plan limit, not as a failure', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page, app.url);
    await openPanel(page, 'Managers');
    await expect(page.getByTestId('plan-note')).toContainText('Your plan does not include channel managers');
    await expect(page.getByTestId('managers-error')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Invite a manager' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/managers-plan.png', fullPage: true });

    const result = await callAppApi(app, 'GET', '/users/self/managers.json');
    expect(result.code).toBe(1);
    expect(result.output).toContain('invalid_request');
  });
});
