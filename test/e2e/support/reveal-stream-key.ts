// The Go live panel's stream key as the encoder needs it: "Show" asks the core for the key, so the
// masked text stays until the answer arrives; this waits for the Hide button (the key is shown) first.
import { expect, type Page } from '@playwright/test';

export async function revealStreamKey(page: Page): Promise<string> {
  const key = page.getByTestId('ingest-key');
  await expect(key).toContainText('•');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('button', { name: 'Hide' })).toBeVisible();
  const revealed = (await key.textContent())!.trim();
  expect(revealed).not.toContain('•');
  return revealed;
}
