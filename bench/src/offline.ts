/// <reference lib="dom" />
// npm run bench:offline: how long a 360x640 phone takes, without signal, to show 200 queued
// actions and 500 donations kept on the device. Starts the real server on the built web app,
// signs a donor up, posts one real donation (its answer is the template for 500 cached ones),
// writes the queue and the snapshot into IndexedDB as the app itself stores them, goes offline,
// reloads, and measures from navigation start until every row and card is in the page, plus the
// longest main-thread task. Needs a built app (npm run build) and /usr/bin/chromium.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { writeReport } from './load.js';
import { startServer } from './server-process.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, fillPhone } from '@annasetu/test-kit';

const QUEUED = 200;
const CACHED = 500;
const RUNS = 5;

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
});
const timings: number[] = [];
const longest: number[] = [];
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
  });
  // tsx names functions with a helper the page does not have: give it one.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  await page.goto('/login');
  const userId = await page.evaluate(async () => {
    const csrf = () => /(?:^|; )csrf_token=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf() },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ user: { id: string } }>);
    const email = `bench.offline.${Date.now()}@example.in`;
    const { user } = await post('/api/auth/register', {
      role: 'restaurant',
      name: 'Bench Kitchen',
      email,
      phone: '+91 98765 43210',
      address: '1 MG Road, Bengaluru',
      organizationName: 'Bench Kitchen',
      password: 'bench-pass-1',
      confirmPassword: 'bench-pass-1',
    });
    await post('/api/donations', {
      foodType: 'Template meal',
      cuisine: 'South Indian',
      vegType: 'veg',
      quantity: 10,
      prepDate: new Date().toISOString().slice(0, 10),
      prepTime: '12:30',
      deliveryMethod: 'volunteer',
    });
    return user.id as string;
  });
  await page.goto('/donations');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.locator('article').first().waitFor();

  // The device's stores, filled as the app fills them.
  await fillPhone(page, userId, QUEUED, CACHED, 'Cached meal');

  await context.setOffline(true);
  for (let run = 0; run < RUNS; run++) {
    if (run === 0) await page.goto('/donations', { waitUntil: 'commit' });
    else await page.reload({ waitUntil: 'commit' });
    await page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    // Shown in full: every row is in the page, or (a windowed list) its rows say how many
    // there are (aria-setsize) and the first screenful is there.
    await page.waitForFunction(
      ({ queued, cached }) => {
        const shown = (rows: Element[], count: number) =>
          rows.length === count ||
          (rows.length > 0 &&
            rows.every((row) => row.closest('li')?.getAttribute('aria-setsize') === String(count)));
        const cards = Array.from(document.querySelectorAll('article')).filter((card) =>
          card.querySelector('h3')?.textContent?.startsWith('Cached meal'),
        );
        return (
          shown(Array.from(document.querySelectorAll('[data-testid="queued-grab"]')), queued) &&
          shown(cards, cached)
        );
      },
      { queued: QUEUED, cached: CACHED },
      { timeout: 60_000, polling: 50 },
    );
    const result = await page.evaluate(() => ({
      ms: performance.now(),
      longest: (window as unknown as { __longest: number }).__longest,
    }));
    timings.push(Math.round(result.ms));
    longest.push(Math.round(result.longest));
    console.log(
      `run ${run + 1}: all rows in ${Math.round(result.ms)} ms, longest task ${Math.round(result.longest)} ms`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = [
  `# Offline rendering benchmark ${new Date().toISOString()}`,
  '',
  `Headless Chromium, 360x640 phone, offline, ${QUEUED} queued actions and ${CACHED} cached donations`,
  'restored from IndexedDB; time from navigation start until every row and card is in the page',
  '(a windowed list: until its first rows are, each saying how many there are).',
  '',
  '| runs | median ms | max ms | median longest task ms | max longest task ms |',
  '|---:|---:|---:|---:|---:|',
  `| ${RUNS} | ${median(timings)} | ${Math.max(...timings)} | ${median(longest)} | ${Math.max(...longest)} |`,
  '',
  `Load average (1, 5, 15 min) when the runs ended: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}.`,
  '',
].join('\n');
console.log(report);
console.log(`report written to ${writeReport('offline', report)}`);
