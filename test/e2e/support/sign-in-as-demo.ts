// Signs the browser-mode app in as the sandbox's demo user, through the platform's own login page.
import { expect, type Page } from '@playwright/test';

export async function signInAsDemo(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}#/sign-in`);
  await page.getByTestId('signed-out').getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('broadcast');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveText('demo');
}
