import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What axe-core finds wrong on `page` as it is now, of serious or critical impact, one line each
 * (the rule, what it asks, where). axe is evaluated by the browser's debugger protocol, which the
 * page's Content-Security-Policy does not govern, so the page is checked under its own policy.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  // Run in the page, where `axe` is the global the source defined.
  const results = await page.evaluate(() =>
    (globalThis as unknown as { axe: typeof axe }).axe.run({ resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
