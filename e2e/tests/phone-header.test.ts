import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../support/browser';
import { expectNoHorizontalScroll, registerThroughUi } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  icon: { width: number; height: number } | null;
}

/** The header's controls and the icon drawn in each, as the browser laid them out. */
function headerBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header.topbar');
    if (!header) throw new Error('no header');
    const controls: [string, Element | null][] = [
      ['menu', header.querySelector('.topbar__menu')],
      ['brand', header.querySelector('.topbar__brand')],
      ['language', header.querySelector('.language-select')],
      ['bell', header.querySelector('.bell')],
    ];
    return controls.map(([name, element]) => {
      if (!element) throw new Error(`no ${name} in the header`);
      const box = element.getBoundingClientRect();
      const icon = element.querySelector('svg')?.getBoundingClientRect();
      return {
        name,
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        icon: icon ? { width: icon.width, height: icon.height } : null,
      };
    });
  });
}

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectUsableHeader(page: Page, width: number, label: string) {
  await page.setViewportSize({ width, height: 640 });
  await page.locator('header.topbar .topbar__menu').waitFor();
  const boxes = await headerBoxes(page);
  for (const box of boxes) {
    const where = `${label} ${width}px ${box.name}`;
    expect(box.width, where).toBeGreaterThanOrEqual(44);
    expect(box.height, where).toBeGreaterThanOrEqual(44);
    expect(box.icon, where).not.toBeNull();
    expect(box.icon!.width, where).toBeGreaterThanOrEqual(24);
    expect(box.icon!.height, where).toBeGreaterThanOrEqual(24);
    expect(box.x, where).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, where).toBeLessThanOrEqual(width);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      expect(overlaps(a, b), `${label} ${width}px: ${a.name} overlaps ${b.name}`).toBe(false);
    }
  }
  // The selector's arrow is a whole chevron, not a sliver.
  const arrow = await page.locator('header.topbar .language-select__arrow').boundingBox();
  expect(arrow?.width).toBeGreaterThanOrEqual(12);
  expect(arrow?.height).toBeGreaterThanOrEqual(12);
  await expectNoHorizontalScroll(page);
  await page.screenshot({
    path: `/tmp/phone-header-${label}-${width}.png`,
    clip: { x: 0, y: 0, width, height: 120 },
  });
}

async function drawerOpen(page: Page) {
  return page.locator('#app-sidebar').evaluate((el) => el.classList.contains('sidebar--open'));
}

/** "closed", or "open" and what has the keyboard's focus: a drawer that stays open says why. */
async function drawerState(page: Page) {
  return page.evaluate(() => {
    const open = document.querySelector('#app-sidebar')?.classList.contains('sidebar--open');
    if (!open) return 'closed';
    const focused = document.activeElement;
    return `open, focus on ${focused?.getAttribute('aria-label') ?? focused?.tagName ?? 'nothing'}`;
  });
}

browserSuite('phone header', ({ browser }) => {
  it('keeps every header control usable at 320, 360 and 412 px in English and Telugu', async () => {
    const { context, page } = await openPage(browser(), baseUrl, {
      viewport: { width: 360, height: 640 },
    });
    try {
      await registerThroughUi(page, 'volunteer');
      // The welcome toast floats over the header; the screenshots are of the header itself.
      const toast = page.getByText('Account created successfully!');
      await toast.waitFor();
      await toast.waitFor({ state: 'hidden' });
      for (const width of [320, 360, 412]) await expectUsableHeader(page, width, 'en');

      // Choosing Telugu through the header's selector; the closed control shows a short code.
      await page.getByLabel('Language').selectOption('te');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('te');
      expect(await page.locator('header.topbar .language-select__code').textContent()).toBe('TE');
      for (const width of [320, 360, 412]) await expectUsableHeader(page, width, 'te');
    } finally {
      await context.close();
    }
  });

  it('opens and closes the drawer by touch and by keyboard', async () => {
    const { context, page } = await openPage(browser(), baseUrl, {
      viewport: { width: 360, height: 640 },
    });
    try {
      await registerThroughUi(page, 'restaurant');
      const menu = page.getByRole('button', { name: 'Open menu' });

      await menu.tap();
      await expect.poll(() => drawerOpen(page)).toBe(true);
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('button', { name: 'Close menu' }).tap();
      await expect.poll(() => drawerOpen(page)).toBe(false);

      await menu.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => drawerOpen(page)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => drawerOpen(page)).toBe(false);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Open menu');

      await page.keyboard.press('Space');
      await expect.poll(() => drawerOpen(page)).toBe(true);
      await page.getByRole('button', { name: 'Close menu' }).press('Enter');
      await expect.poll(() => drawerState(page)).toBe('closed');
    } finally {
      await context.close();
    }
  });

  it('asks nobody who is signed in on signed-out pages, so the console stays clean', async () => {
    const { context, page } = await openPage(browser(), baseUrl, {
      viewport: { width: 360, height: 640 },
    });
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      for (const path of ['/', '/login', '/register', '/reset-password']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      // A signed-in page opened while signed out sends the visitor to sign in, quietly too.
      await page.goto('/dashboard');
      await page.waitForURL(/\/login/);
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
