import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { CHROMIUM_FLAGS } from '@annasetu/test-kit';
import { CHROMIUM_PATH } from './paths';

/**
 * What the suite's browser leaves out because no test depends on it, measured on one browser
 * file (pickup-thread, three phones) on a two-core machine: 52.6 CPU-seconds with neither,
 * 49.4 without GPU compositing (the headless browser has no GPU: frames were composited through
 * a software GL), 45 without either. Site isolation puts every site in processes of its own; a
 * file's pages come from one server, and the only other origin, map tiles, is never reached.
 */
const SUITE_FLAGS = [
  '--disable-gpu-compositing',
  '--disable-features=IsolateOrigins,site-per-process',
];

/** Debian's Chromium, headless, with everything that would reach the network turned off. */
export function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_FLAGS, ...SUITE_FLAGS],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 640 };

export interface PageOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /** The device's time zone (IANA name); the machine's when absent. */
  timezoneId?: string;
  /**
   * Whether this page runs the app's service worker, when it differs from its file's choice
   * (`useServiceWorker`): `false` for a person whose phone never goes offline in a file that
   * uses the worker, so it does not download the precache.
   */
  serviceWorker?: boolean;
}

// Pages that showed the "could not be loaded" screen since the last check (see setup.ts).
const routeErrors: string[] = [];

/** The addresses where the app's error screen appeared since the last call; clears the list. */
export function takeRouteErrors(): string[] {
  return routeErrors.splice(0);
}

/**
 * Watches every page of a context for the app's error screen, which no test may ever reach: a
 * crash after client-side navigation shows it without any failed request to notice.
 */
async function watchForRouteErrors(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportRouteError', ({ page }, text: string) => {
    routeErrors.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportRouteError: (text: string) => void })
      .__reportRouteError;
    let shown = false;
    new MutationObserver(() => {
      const screen = document.querySelector('[data-route-error]');
      if (screen && !shown) report(screen.textContent ?? '');
      shown = Boolean(screen);
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * How many times slower than the machine the browser's CPU runs: `E2E_CPU_SLOWDOWN=4` makes every
 * page behave like a cheap phone (or a loaded CI machine), which brings races between a test and
 * the page's loading into the open. Unset or 1: full speed.
 */
export function cpuSlowdown(value = process.env.E2E_CPU_SLOWDOWN): number {
  if (value === undefined || value.trim() === '') return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 1) {
    throw new Error(`E2E_CPU_SLOWDOWN must be a number of at least 1, got "${value}"`);
  }
  return rate;
}

/**
 * A limit for something the browser does, in milliseconds at full speed: as many times longer on
 * a throttled run, so what it reports is a race, not a page that needed more than the normal
 * time. Playwright's own limits (30 s per action and page load) are scaled in `openPage`.
 */
export function slowed(ms: number): number {
  return ms * cpuSlowdown();
}

/** The DevTools sessions opened for throttling, per context, and whether it is offline. */
const throttled = new WeakMap<BrowserContext, { sessions: CDPSession[]; offline: boolean }>();

function emulateOffline(session: CDPSession, offline: boolean): Promise<void> {
  return session
    .send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    .then(
      () => undefined,
      () => undefined, // Its page has closed.
    );
}

/**
 * Applies Chromium's CPU throttling to one page (through the DevTools protocol). A second
 * DevTools session on a page undoes Playwright's offline emulation for every document loaded
 * later (`navigator.onLine` reads true there while requests still fail), so each such session
 * is told about `context.setOffline` too.
 */
async function throttlePage(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  const known = throttled.get(context);
  if (known) {
    known.sessions.push(session);
    if (known.offline) await emulateOffline(session, true);
    return;
  }
  const state = { sessions: [session], offline: false };
  throttled.set(context, state);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    state.offline = offline;
    // Back online, the page hears `online` from Playwright's call: every session must let
    // requests through before it, or what the page asks for then fails.
    if (!offline) await Promise.all(state.sessions.map((each) => emulateOffline(each, false)));
    await setOffline(offline);
    if (offline) await Promise.all(state.sessions.map((each) => emulateOffline(each, true)));
  };
}

/**
 * Whether this file's pages run the app's service worker. Installing it downloads and stores
 * the whole precache (185 files) in every new context, about a quarter of the browser suite's
 * CPU, and once it is installed later navigations get the cached shell instead of the server's
 * pages at a moment that depends on the machine's speed. So a file runs without it unless it
 * tests what the worker does (offline, the installed app, push, fonts kept for offline use) and
 * says so with `useServiceWorker()`; those files see a returning visitor's pages, the others a
 * first visit's (decision 0066).
 */
let serviceWorkers: 'allow' | 'block' = 'block';

/** This file's pages install and run the app's service worker (call at the file's top level). */
export function useServiceWorker() {
  serviceWorkers = 'allow';
}

/**
 * Back to the defaults before each file: files share this module within a worker (the suite
 * runs without per-file isolation), so one file's `useServiceWorker` must not reach the next.
 */
export function resetFileSettings() {
  serviceWorkers = 'block';
}

/**
 * What the current test's pages did, newest last: addresses they moved to, console errors and
 * API calls that failed. Printed when the test fails (support/setup.ts), so a failure in a run
 * nobody watched says where its pages stood.
 */
const trail: string[] = [];
const TRAIL_LENGTH = 40;
let trailStart = Date.now();

function note(line: string) {
  trail.push(`${((Date.now() - trailStart) / 1000).toFixed(1)} s  ${line}`);
  if (trail.length > TRAIL_LENGTH) trail.shift();
}

/** The current test's trail (and a new one for the next test). */
export function takeTrail(): string[] {
  trailStart = Date.now();
  return trail.splice(0);
}

function followPage(page: Page) {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`page at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      note(`${response.request().method()} ${url.pathname} answered ${response.status()}`);
    }
  });
  page.on('requestfailed', (request) => {
    note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`);
  });
}

/** A fresh context (own cookies and storage) and page on the app. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  { viewport = DESKTOP, locale = 'en-US', timezoneId, serviceWorker }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale,
    ...(timezoneId ? { timezoneId } : {}),
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    serviceWorkers:
      serviceWorker === undefined ? serviceWorkers : serviceWorker ? 'allow' : 'block',
  });
  await watchForRouteErrors(context);
  context.on('page', followPage);
  const rate = cpuSlowdown();
  if (rate > 1) {
    // Pages opened later in the context (second tabs, pop-ups) are slowed down as well.
    context.on('page', (opened) => {
      throttlePage(context, opened, rate).catch(() => {
        // The page closed before the throttling reached it: nothing left to slow down.
      });
    });
  }
  if (rate > 1) {
    context.setDefaultTimeout(slowed(30_000));
    context.setDefaultNavigationTimeout(slowed(30_000));
  }
  const page = await context.newPage();
  if (rate > 1) await throttlePage(context, page, rate);
  return { context, page };
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.in`;
}
