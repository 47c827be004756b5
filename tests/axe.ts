import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rule sets every page, screen and open dialog must pass: WCAG 2.0, 2.1 and 2.2, A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What to audit: the part `include` selects (with the page around it), without the `exclude` parts. */
export interface AxeScope {
  include?: string;
  exclude?: readonly string[];
}

/**
 * axe over the page as it is now, once what is fading or moving in has finished (axe would read
 * colours half-way); fails with each rule found and the first elements it found it on.
 */
export async function expectNoAxeViolations(page: Page, label: string, scope: AxeScope = {}): Promise<void> {
  // A transition the last action started may only begin on the next frame: two frames pass first.
  // Endless animations (a spinner) never finish: only the finite ones are waited for.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  let axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (scope.include) axe = axe.include(scope.include);
  for (const part of scope.exclude ?? []) axe = axe.exclude(part);
  const { violations } = await axe.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary})` : ''}`)
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `${label}: axe violations`).toEqual([]);
}
