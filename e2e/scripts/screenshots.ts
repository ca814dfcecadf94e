// Screenshots of the main screens in English, Hindi and Kannada at phone and desktop sizes.
// Usage (after `npm run build`): node --import tsx e2e/scripts/screenshots.ts [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, PHONE, launchBrowser, openPage } from '../support/browser';
import { registerThroughUi } from '../support/flows';
import { startServer } from '../support/server';

const outDir = process.argv[2] ?? '/tmp/annasetu-screens';
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const { context, page } = await openPage(browser, server.baseUrl, { viewport });
    await registerThroughUi(page, 'restaurant');
    const signedIn = ['/dashboard', '/profile'];
    for (const language of ['en', 'hi', 'kn']) {
      await page.evaluate((lng) => window.localStorage.setItem('i18nextLng', lng), language);
      for (const path of signedIn) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const name = `${size}-${language}-${path.replace(/\//g, '') || 'landing'}.png`;
        await page.screenshot({ path: join(outDir, name), fullPage: size === 'desktop' });
      }
    }
    await context.close();

    const visitor = await openPage(browser, server.baseUrl, { viewport });
    for (const language of ['en', 'hi', 'kn']) {
      await visitor.page.goto('/');
      await visitor.page.evaluate(
        (lng) => window.localStorage.setItem('i18nextLng', lng),
        language,
      );
      for (const path of ['/', '/login', '/register']) {
        await visitor.page.goto(path);
        await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
        await visitor.page.evaluate(() => document.fonts.ready);
        await visitor.page.waitForTimeout(300);
        const name = `${size}-${language}-${path.replace(/\//g, '') || 'landing'}.png`;
        await visitor.page.screenshot({ path: join(outDir, name), fullPage: true });
      }
    }
    await visitor.context.close();
  }
  console.log(`Screenshots in ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
