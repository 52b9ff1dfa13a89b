import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The impacts the accessibility checks allow none of. */
const blocking = new Set(['critical', 'serious']);

/**
 * Runs axe-core (every rule it has, WCAG 2.x A/AA and best practices) on the page as it is now, once
 * its animations have finished (a dialog fading in would be measured half-transparent), and returns
 * one line per critical or serious violation: where, the rule, and the first elements it names.
 */
export async function blockingViolations(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .map((violation) => {
      // Each element as its markup's start and why it fails (for contrast: the colours and the ratio).
      const nodes = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.html.slice(0, 120)} (${(node.any[0] ?? node.all[0])?.message ?? ''})`)
        .join(' | ');
      return `${where}: ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes) ${violation.help}: ${nodes}`;
    });
}

/** Collects the violations of every state a journey scans, to report them all at once. */
export function axeReport(page: Page) {
  const found: string[] = [];
  return {
    found,
    async scan(where: string) {
      const violations = await blockingViolations(page, where);
      // Printed as found too, so a long run that times out still says what it saw.
      for (const violation of violations) console.log(`axe: ${violation}`);
      found.push(...violations);
    },
  };
}
