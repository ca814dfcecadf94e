import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, openPage, slowed } from '../support/browser';
import { PASSWORD, registerThroughUi } from '../support/flows';
import { collectErrors, text } from '../support/catalogue';
import { baseUrl, browserSuite } from '../support/suite';

// Each public page, a text it shows before any script runs (the map's is its shell), and
// whether its app starts on the visitor's first interaction rather than once painted.
const PAGES = [
  { path: '/', key: 'landing.hero.title', onTouch: true },
  { path: '/login', key: 'auth.login.title', onTouch: true },
  { path: '/register', key: 'auth.register.title', onTouch: true },
  { path: '/reset-password', key: 'auth.reset.title', onTouch: true },
  { path: '/map', key: 'common.loading', onTouch: false },
  { path: '/impact', key: 'publicImpact.title', onTouch: false },
] as const;

interface ScriptlessOptions {
  locale: string;
  cookie?: string;
}

/** A context that runs no script at all: what the page shows is the server's HTML. */
async function openWithoutScripts(browser: Browser, { locale, cookie }: ScriptlessOptions) {
  const context = await browser.newContext({ baseURL: baseUrl, locale, javaScriptEnabled: false });
  if (cookie) {
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  return { context, page: await context.newPage() };
}

/** Holds back the requests matching `pattern` until the returned function is called. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the language catalogues back until the returned function is called: the app cannot
 * start, the way it cannot yet on a slow phone, while the prerendered page is already there.
 */
const holdCatalogues = (page: Page) => holdRequests(page, '**/locales/**');

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** A volunteer's email, signed up in a context of its own that is closed again. */
async function volunteerSignedUpElsewhere(browser: Browser): Promise<string> {
  const setup = await openPage(browser, baseUrl);
  try {
    return (await registerThroughUi(setup.page, 'volunteer')).email;
  } finally {
    await setup.context.close();
  }
}

/** A volunteer signed up elsewhere, and a fresh phone to sign in on. */
async function volunteerOnAPhone(browser: Browser) {
  const email = await volunteerSignedUpElsewhere(browser);
  return { email, ...(await openPage(browser, baseUrl, { viewport: PHONE })) };
}

/** Types the volunteer's email and password into the English sign-in form. */
async function fillSignIn(page: Page, email: string) {
  await page.getByRole('textbox', { name: text('en', 'fields.email') }).fill(email);
  await page.getByRole('textbox', { name: text('en', 'fields.password') }).fill(PASSWORD);
}

browserSuite('public pages arrive as HTML', ({ browser }) => {
  const visits = [
    { label: 'English, with no language hint', locale: 'en-US', language: 'en' },
    { label: 'Hindi, from Accept-Language', locale: 'hi-IN', language: 'hi' },
    { label: 'Hindi, from the saved choice', locale: 'en-US', cookie: 'lang=hi', language: 'hi' },
  ];

  for (const visit of visits) {
    it(`shows every public page without JavaScript in ${visit.label}`, async () => {
      const { context, page } = await openWithoutScripts(browser(), visit);
      try {
        for (const { path, key } of PAGES) {
          const response = await page.goto(path);
          expect(response?.headers()['vary']).toMatch(/Cookie, Accept-Language/);
          expect(await page.evaluate(() => document.documentElement.lang), path).toBe(
            visit.language,
          );
          const html = await page.content();
          expect(html, `${path} in ${visit.language}`).toContain(text(visit.language, key));
          if (path !== '/map') {
            expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
              text(visit.language, key),
            );
          }
        }
        // The landing page's styles are linked from the HTML: laid out before any script.
        await page.goto('/');
        const hero = await page.locator('.hero__title').boundingBox();
        expect(hero?.height).toBeGreaterThan(20);
        const fontSize = await page
          .locator('.hero__title')
          .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
        expect(fontSize).toBeGreaterThan(24);
      } finally {
        await context.close();
      }
    });
  }

  // One test a language: each opens every public page in a fresh browser context.
  for (const locale of ['en-US', 'hi-IN']) {
    it(`hydrates every public page in ${locale} without a console error`, async () => {
      for (const { path, onTouch } of PAGES) {
        const { context, page } = await openPage(browser(), baseUrl, { locale });
        try {
          const errors = collectErrors(page);
          await page.goto(path);
          if (onTouch) await page.keyboard.press('Tab');
          await hydrated(page);
          if (path === '/map') await page.waitForURL(/\/login$/);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(errors, `${path} in ${locale}`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }

  for (const path of ['/', '/login']) {
    it(`runs no framework on ${path} until the visitor acts, then works`, async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        const errors = collectErrors(page);
        const fetched: string[] = [];
        const scripts: string[] = [];
        page.on('request', (request) => {
          const pathname = new URL(request.url()).pathname;
          fetched.push(pathname);
          if (request.resourceType() === 'script') scripts.push(pathname);
        });
        await page.goto(path);
        // Loaded, and idle: whatever the page starts on its own has been asked for by then.
        await page.waitForLoadState('load');
        await page.evaluate(
          () =>
            new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })),
        );
        expect(scripts.some((name) => name.includes('/framework-'))).toBe(false);
        // The sign-in page has the app's code fetched meanwhile (not run): the landing does not.
        await expect
          .poll(() => fetched.some((name) => name.includes('/framework-')))
          .toBe(path === '/login');

        await page.keyboard.press('Tab');
        await hydrated(page);
        // The app now runs the page: the language changes in place, without a reload.
        await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
        const title = path === '/' ? 'landing.hero.title' : 'auth.login.title';
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(text('hi', title));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps what is typed before hydration and signs in with it', async () => {
    const email = await volunteerSignedUpElsewhere(browser());

    const { context, page } = await openPage(browser(), baseUrl, { locale: 'hi-IN' });
    try {
      const errors = collectErrors(page);
      // The catalogues are held back, so the app cannot take over: everything below happens
      // on the HTML alone, and the app must pick it up when it arrives.
      const release = await holdCatalogues(page);
      // The page's only script file is held too: the tap comes before any module script has
      // run, as on a slow connection where the page is on screen before its script arrives.
      const releaseBoot = await holdRequests(page, '**/assets/interaction-boot-*');
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: text('hi', 'fields.email') }).fill(email);
      await page.getByRole('textbox', { name: text('hi', 'fields.password') }).fill(PASSWORD);
      await page.getByRole('button', { name: text('hi', 'auth.login.submit') }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      // The form was held back, not posted by the browser.
      // (A post would have brought a new page: the typed address would be gone.)
      expect(page.url()).toBe(`${baseUrl}/login`);
      expect(
        await page.getByRole('textbox', { name: text('hi', 'fields.email') }).inputValue(),
      ).toBe(email);
      releaseBoot();
      release();
      await page.waitForURL(/\/dashboard/);
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the password from the tap that started the app, once the app has the page', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const errors = collectErrors(page);
      const release = await holdCatalogues(page);
      await page.goto('/login');
      const password = page.getByRole('textbox', { name: text('en', 'fields.password') });
      const show = page.getByRole('button', { name: text('en', 'auth.showPassword') });
      // The first tap of the visit: it starts the app, which cannot act on it yet.
      await show.tap();
      await password.fill(PASSWORD);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(await password.getAttribute('type')).toBe('password');
      release();
      await hydrated(page);
      // The tap is acted on once the app has the page, and what was typed is kept.
      await expect.poll(() => password.getAttribute('type')).toBe('text');
      expect(await password.inputValue()).toBe(PASSWORD);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the sign-in page readable when its app starts without signal, and signs in on reconnection', async () => {
    const { email, context, page } = await volunteerOnAPhone(browser());
    try {
      await page.goto('/login');
      await page.waitForLoadState('load');
      await context.setOffline(true);
      // The first touch starts the app with no signal.
      // The app either finds its code and text in the cache (fetched when the page was
      // painted) and takes over, or asks for what it lacks and gets none.
      const started = Promise.race([page.waitForEvent('requestfailed'), hydrated(page)]);
      await fillSignIn(page, email);
      await page.getByRole('button', { name: text('en', 'auth.login.submit') }).tap();
      // Either way the page speaks in words, never in the catalogue's keys.
      await started;
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.textContent()).toBe(text('en', 'auth.login.title'));
      expect(new URL(page.url()).pathname).toBe('/login');
      await context.setOffline(false);
      // Back online: the app takes over with what was typed and sends the held form.
      await page.waitForURL(/\/dashboard/);
      await expect.poll(() => heading.textContent()).not.toContain('.');
    } finally {
      await context.close();
    }
  });

  it('keeps the sign-in form, not an error screen, while the page code cannot load, and sends it once it can', async () => {
    const { email, context, page } = await volunteerOnAPhone(browser());
    try {
      // The app's code is at hand (as when it was fetched once the page was painted) but the
      // sign-in page's own chunk does not come: the signal went before it was fetched.
      let pageCode: 'refused' | 'served' = 'refused';
      const askedFor = new Promise<void>((resolve) => {
        void page.route('**/assets/login-*.js', async (route) => {
          if (pageCode === 'served') return route.continue();
          resolve();
          return route.abort('internetdisconnected');
        });
      });
      await page.goto('/login');
      await fillSignIn(page, email);
      await page.getByRole('button', { name: text('en', 'auth.login.submit') }).tap();
      await askedFor;
      // The app waits for the page's code: the form stays, held, with what was typed.
      await page.waitForFunction(
        () => ((window as { __heldSubmits?: unknown[] }).__heldSubmits?.length ?? 0) > 0,
      );
      expect(await page.locator('[data-route-error]').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        text('en', 'auth.login.title'),
      );
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      pageCode = 'served';
      // Tried again a few seconds later: the app takes the page over and sends the form.
      await page.waitForURL(/\/dashboard/);
    } finally {
      await context.close();
    }
  });

  it('asks again for the styles and the script that never came when the signal went mid-load, and signs in', async () => {
    const { email, context, page } = await volunteerOnAPhone(browser());
    try {
      // The signal goes while the page loads: its first stylesheet and its script do not come.
      let lost = true;
      const refuse = (pattern: string) =>
        page.route(pattern, (route) =>
          lost ? route.abort('internetdisconnected') : route.continue(),
        );
      await refuse('**/assets/interaction-boot-*');
      await refuse('**/assets/main-*.css');
      await page.goto('/login');
      await fillSignIn(page, email);
      await context.setOffline(true);
      await page.getByRole('button', { name: text('en', 'auth.login.submit') }).tap();
      expect(new URL(page.url()).pathname).toBe('/login');
      // Back online: the page asks again for what failed; the app starts and sends the form.
      lost = false;
      await context.setOffline(false);
      await page.waitForURL(/\/dashboard/);
      await expect.poll(() => stylesheetsWithoutRules(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks again every few seconds for the script while a form is held, when the signal lets nothing through and never says so', async () => {
    const { email, context, page } = await volunteerOnAPhone(browser());
    try {
      // Bars on the screen, nothing getting through: the browser never goes offline, so no
      // 'online' event will come to say when to ask again.
      let tries = 0;
      let lost = true;
      await page.route('**/assets/interaction-boot-*', (route) => {
        tries += 1;
        return lost ? route.abort('connectionfailed') : route.continue();
      });
      await page.goto('/login');
      await fillSignIn(page, email);
      await page.getByRole('button', { name: text('en', 'auth.login.submit') }).tap();
      // The tap asks for the script again, in vain; then the signal comes back, silently.
      await expect.poll(() => tries).toBeGreaterThanOrEqual(2);
      expect(new URL(page.url()).pathname).toBe('/login');
      lost = false;
      await page.waitForURL(/\/dashboard/);
    } finally {
      await context.close();
    }
  });

  it('gets its styles back by itself when the signal returns without a word, before anyone types', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      let lost = true;
      await page.route('**/assets/main-*.css', (route) =>
        lost ? route.abort('connectionfailed') : route.continue(),
      );
      await page.goto('/login');
      expect(await stylesheetsWithoutRules(page)).toHaveLength(1);
      // No 'online' event, no tap: the page asks again on its own a few seconds later.
      lost = false;
      await expect
        .poll(() => stylesheetsWithoutRules(page), { timeout: slowed(15_000) })
        .toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the forgot-password form from a tap before hydration, and goes back after it', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      const errors = collectErrors(page);
      const release = await holdCatalogues(page);
      await page.goto('/login', { waitUntil: 'commit' });
      // A slow phone: the app is not there yet, and the tap must still open the form.
      await page.getByRole('link', { name: text('en', 'auth.forgotPassword') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '?forgot=1');
      await page.getByRole('button', { name: text('en', 'auth.forgot.submit') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      release();
      // The new page's app starts on the visitor's first interaction.
      await page.keyboard.press('Tab');
      await hydrated(page);
      await page.getByRole('link', { name: text('en', 'auth.forgot.back') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      await page.getByRole('button', { name: text('en', 'auth.login.submit') }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a registration filled in before hydration (role card, choice, text) and creates that account', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      const errors = collectErrors(page);
      const release = await holdCatalogues(page);
      const email = `early-${Date.now().toString(36)}@example.in`;
      await page.goto('/register', { waitUntil: 'commit' });
      // Another role card than the page's own, a capacity other than the default, and text.
      await page.getByRole('radio', { name: /^Food Bank\/NGO/ }).check();
      const capacity = page.getByLabel(/^Storage capacity/);
      // The page shows the form's default; the first option, picked before hydration, is a
      // choice like any other (it was once read as untouched and replaced by the default).
      expect(await capacity.inputValue()).toBe('medium');
      await capacity.selectOption('low');
      await page.getByLabel('Full name').fill('Early Bird');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone number').fill('+91 98765 43210');
      await page.getByLabel(/^Organization/).fill('Early Food Bank');
      await page.getByLabel('Address').fill('12 MG Road, Bengaluru');
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(new URL(page.url()).pathname).toBe('/register');
      release();
      await page.waitForURL(/\/dashboard/);
      const me = await page.evaluate(async () => {
        const response = await fetch('/api/me', { credentials: 'include' });
        return (await response.json()) as { user: Record<string, unknown> };
      });
      expect(me.user).toMatchObject({
        email,
        role: 'foodbank',
        capacity: 'low',
        name: 'Early Bird',
        organizationName: 'Early Food Bank',
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * The page's stylesheets that hold no rules: one that failed to load is an empty sheet whose
 * rules cannot even be read.
 */
function stylesheetsWithoutRules(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')]
      .filter((link) => {
        try {
          return (link.sheet?.cssRules.length ?? 0) === 0;
        } catch {
          return true;
        }
      })
      .map((link) => link.href),
  );
}
