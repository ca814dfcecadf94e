import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, default as Axe } from 'axe-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe itself, run in the page: injected once per document and run on the whole document, which
 * is what axe's Playwright wrapper does in its legacy mode. Its default mode, made for pages with
 * frames from other sites, opened a blank page in the context to merge each scan's results, and
 * that cost 1.5 of the 1.8 s each scan took (0.3 s here). The app draws no frames; a page that
 * does is refused rather than scanned in part.
 */
async function runAxe(page: Page, exclude: string[]): Promise<AxeResults['violations']> {
  const frames = await page.locator('iframe, frame').count();
  if (frames > 0) throw new Error(`axe scan: ${page.url()} has ${frames} frame(s); scan them too`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const context = exclude.length
        ? { exclude: exclude.map((selector) => [selector]) }
        : document;
      const results = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { tags: TAGS, exclude },
  );
}

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
  const violations = await runAxe(page, exclude);
  return violations
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
