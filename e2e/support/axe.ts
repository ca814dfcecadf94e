import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One axe scan, after finite animations have ended: serious and critical problems. */
async function scanOnce(page: Page, exclude: string[]): Promise<string[]> {
  // A toast still fading in is measured at part opacity, which reads as low contrast: wait
  // (up to 2 s) for finite animations to end; endless ones such as skeleton shimmers stay.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')})`,
    );
}

/**
 * Serious and critical WCAG 2.x A/AA problems on the page, one line each. A problem must show
 * in two scans to count: something caught mid-change (a toast arriving from a live event as
 * the scan starts, read at part opacity) is gone by the second look, a real problem is not.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  const first = await scanOnce(page, exclude);
  if (first.length === 0) return first;
  const second = await scanOnce(page, exclude);
  return second.filter((line) => first.includes(line));
}
