import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe violations on the current page, one readable line per rule and element,
 * so a failing test says what to fix where. Minor and moderate findings are left to Lighthouse.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
}
