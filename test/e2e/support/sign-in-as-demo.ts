// Signs the browser-mode app in as a sandbox user (the demo user unless told), through the platform's
// own login page.
import { expect, type Page } from '@playwright/test';

/**
 * `shownAs`: how the signed-in account reads (the user name, unless the platform cannot tell it: a manager
 * who owns no channel shows as "a user of this platform").
 */
export async function signInAs(page: Page, appUrl: string, username: string, password: string, shownAs = username): Promise<void> {
  await page.goto(`${appUrl}#/sign-in`);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveText(shownAs);
}

export function signInAsDemo(page: Page, appUrl: string): Promise<void> {
  return signInAs(page, appUrl, 'demo', 'broadcast');
}
