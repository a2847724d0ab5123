// Ending a broadcast as a streamer does it: End stream, "Yes, end it", then "End now" rather than waiting
// out the Undo window (control-room.spec.ts exercises the window and Undo themselves).
import type { Page } from '@playwright/test';

export async function endStream(page: Page): Promise<void> {
  await page.getByTestId('end-button').click();
  await page.getByTestId('end-confirm').click();
  await page.getByRole('button', { name: 'End now' }).click();
}
