// Every panel scanned with axe-core (WCAG 2.x A and AA rules) in browser mode, signed in to the embedded
// sandbox with its demo data, in light and dark colour schemes: no serious or critical violation. A
// violation is reported with its rule, its help text and the first elements it names, so the fix is findable.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sharedApp } from './support/shared-app.js';
import { PANELS } from './support/panels.js';
import { signInAsDemo } from './support/sign-in-as-demo.js';

const SERIOUS = new Set(['serious', 'critical']);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

test.describe('accessibility of every panel', () => {
  test.describe.configure({ mode: 'serial' });
  const shared = sharedApp();

  test('no serious or critical violation on any panel, in the light and the dark colour scheme', async ({ page }) => {
    test.setTimeout(360_000);
    await signInAsDemo(page, shared.app.url);
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const panel of PANELS) {
        await page.goto(`${shared.app.url}#/${panel}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Lists fill in after their first answer: scan what the streamer sees, not a spinner.
        await expect(page.getByText(/^Loading/).first()).toBeHidden({ timeout: 10_000 });
        for (const violation of await seriousViolations(page)) found.push(`${panel} (${scheme}): ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
});
