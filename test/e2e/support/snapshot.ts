// A screenshot saved under the test's output and attached to its report: the page's viewport, the whole
// page, or one part of it (by test id).
import type { Page, TestInfo } from '@playwright/test';

export async function snapshot(page: Page, testInfo: TestInfo, name: string, what: { testId?: string; fullPage?: boolean } = {}): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  if (what.testId) await page.getByTestId(what.testId).screenshot({ path });
  else await page.screenshot({ path, fullPage: what.fullPage ?? false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
