// npm run bench:web: what a visitor on a cheap phone downloads and how each page scores.
// Starts the real server on the built web app (with the demo accounts), measures the landing
// route's JavaScript (gzip), runs Lighthouse (mobile, simulated slow 4G) in Debian Chromium on
// the public pages and, signed in as the demo volunteer and food bank, on the signed-in pages
// (medians of BENCH_WEB_RUNS runs, with each page's largest requests and long tasks), then
// measures the bytes a first and a second visit transfer (Chromium's DevTools protocol).
// Needs a built app (npm run build) and /usr/bin/chromium (or CHROME_PATH).
//
// Short form: BENCH_WEB_RUNS=1 BENCH_WEB_PAGES=/,/dashboard (pages by path, any account);
// BENCH_WEB_SAVE=folder keeps each run's whole Lighthouse report there as JSON.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { writeReport } from './load.js';
import { startServer } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
// A folder to keep every run's whole Lighthouse report in (JSON), for a closer look at a page.
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
// The seed's demo accounts (apps/server/src/db/seed.ts).
const DEMO_PASSWORD = 'annasetu-demo';
const ACCOUNTS = {
  volunteer: 'volunteer@demo.annasetu.in',
  foodbank: 'foodbank@demo.annasetu.in',
} as const;
type Account = keyof typeof ACCOUNTS;
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/donations',
  '/donations?view=map',
  '/requests',
  '/analytics',
  '/chatbot',
];
const wanted = (page: string) => !ONLY || ONLY.includes(page);
const PAGES: { page: string; account: Account | null }[] = [
  ...['/', '/login', '/register'].map((page) => ({ page, account: null })),
  ...(['volunteer', 'foodbank'] as const).flatMap((account) =>
    SIGNED_IN_PAGES.map((page) => ({ page, account })),
  ),
].filter((p) => wanted(p.page));

// The landing route's gzip JavaScript, as the web app's own size script computes it (over its
// budget the script fails, which CI reports; here the figures are still worth showing).
const sizeOutput = (() => {
  try {
    return execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/bundle-size.mjs')], {
      encoding: 'utf8',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}`;
  }
})();
console.log(sizeOutput.trim());

/** Signs in through the API and returns the cookies the browser would hold. */
async function signIn(baseUrl: string, account: Account) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS[account], password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${account} failed: ${response.status} ${await response.text()}`);
  }
  const url = new URL(baseUrl);
  return response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const [name, ...value] = pair!.split('=');
    return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
  });
}

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  requests: { url: string; kb: number; type: string }[];
  longTasks: { url: string; ms: number }[];
  /** Lighthouse's measure of this host's speed at the time of the run (higher is faster). */
  benchmarkIndex: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const loadBefore = os.loadavg();
const server = await startServer({ env: { SEED_DEMO: 'true' } });
const short = (url: string) => url.replace(server.baseUrl, '');
const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
// The same browser, reached over the DevTools protocol, to hold the sign-in cookies: Lighthouse
// resets storage between runs but keeps cookies.
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const results: { page: string; account: Account | null; runs: Run[] }[] = [];
// Task times scale with the host's CPU and the browser build: both go beside every figure.
let browserVersion = '';
let lighthouseVersion = '';
let visits: string[];
try {
  for (const { page, account } of PAGES) {
    await browser.contexts()[0]!.clearCookies();
    if (account) await browser.contexts()[0]!.addCookies(await signIn(server.baseUrl, account));
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        screenEmulation: {
          mobile: true,
          width: 360,
          height: 640,
          deviceScaleFactor: 2,
          disabled: false,
        },
        throttlingMethod: 'simulate',
      });
      const lhr = result!.lhr;
      browserVersion =
        lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/([\d.]+)/)?.[1] ?? '?';
      lighthouseVersion = lhr.lighthouseVersion;
      if (SAVE_DIR) {
        fs.mkdirSync(SAVE_DIR, { recursive: true });
        const name = `${account ?? 'visitor'}${page.replace(/[^a-z0-9]+/gi, '-')}-${i + 1}.json`;
        fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
      }
      const finalPath = short(lhr.finalDisplayedUrl ?? '');
      if (account && finalPath.startsWith('/login')) {
        throw new Error(`${page} as ${account} ended on ${finalPath}: not signed in`);
      }
      const details = (id: string) =>
        ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
          []) as Record<string, unknown>[];
      runs.push({
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        requests: details('network-requests')
          .map((r) => ({
            url: short(String(r.url)),
            kb: Number(r.transferSize ?? 0) / 1024,
            type: String(r.resourceType ?? ''),
          }))
          .sort((a, b) => b.kb - a.kb)
          .slice(0, 5),
        longTasks: details('long-tasks')
          .map((t) => ({ url: short(String(t.url)), ms: Number(t.duration ?? 0) }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
      const last = runs.at(-1)!;
      console.log(
        `${page} ${account ?? 'visitor'} run ${i + 1}: performance ${last.performance}, ` +
          `accessibility ${last.accessibility}, LCP ${Math.round(last.lcp)} ms, TBT ${Math.round(last.tbt)} ms, ` +
          `benchmarkIndex ${Math.round(last.benchmarkIndex)}, load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
    results.push({ page, account, runs });
  }
  visits = await measureVisits(server.baseUrl);
} finally {
  await browser.close().catch(() => undefined);
  chrome.kill();
  await server.stop();
}

/**
 * Bytes a first and a second visit transfer (headers and bodies as received, Chromium's
 * `encodedDataLength`), in one browser profile with its HTTP cache, service worker blocked (so
 * the figure is what the HTTP cache and validators save, not the offline precache).
 */
async function measureVisits(baseUrl: string): Promise<string[]> {
  const visitBrowser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((f) => f !== '--headless'),
  });
  const rows: string[] = [];
  try {
    for (const [page, account] of [
      ['/', null],
      ['/dashboard', 'foodbank'],
      ['/dashboard', 'volunteer'],
    ] as const) {
      const context = await visitBrowser.newContext({
        viewport: { width: 360, height: 640 },
        serviceWorkers: 'block',
      });
      if (account) await context.addCookies(await signIn(baseUrl, account));
      const first = await visit(context, `${baseUrl}${page}`);
      const second = await visit(context, `${baseUrl}${page}`);
      await context.close();
      const label = `${page}${account ? ` (${account})` : ''}`;
      rows.push(
        `| ${label} | ${first.requests} | ${(first.bytes / 1024).toFixed(1)} | ` +
          `${second.requests} | ${second.notModified} | ${second.fromCache} | ` +
          `${(second.bytes / 1024).toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await visitBrowser.close();
  }
  return rows;
}

async function visit(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  let notModified = 0;
  let fromCache = 0;
  // The raw answer's status (a revalidated response is reported with the cached one's 200).
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (event.statusCode === 304) notModified++;
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache) fromCache++;
  });
  cdp.on('Network.requestServedFromCache', () => fromCache++);
  cdp.on('Network.loadingFinished', (event) => {
    requests++;
    bytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return { bytes, requests, notModified, fromCache };
}

const loadAfter = os.loadavg();
const indexes = results.flatMap(({ runs }) => runs.map((r) => r.benchmarkIndex));
const round = (v: number) => Math.round(v).toLocaleString('en-US');
const lines = [
  `# Web benchmark ${new Date().toISOString()}`,
  '',
  `${os.cpus().length} cores; load average ${loadBefore.map((l) => l.toFixed(2)).join(', ')} ` +
    `before, ${loadAfter.map((l) => l.toFixed(2)).join(', ')} after (1, 5, 15 minutes).`,
  `Chromium ${browserVersion}, Lighthouse ${lighthouseVersion}; Lighthouse benchmarkIndex of ` +
    `this host ${round(Math.min(...indexes))}-${round(Math.max(...indexes))} over the runs ` +
    `(median ${round(median(indexes))}).`,
  '',
  '```',
  sizeOutput.trim(),
  '```',
  '',
  `Lighthouse, mobile (360x640, simulated slow 4G); medians of ${RUNS} run${RUNS > 1 ? 's' : ''} ` +
    'per page; signed-in pages as the demo volunteer and food bank:',
  '',
  '| page | account | performance | accessibility | LCP ms | TBT ms | benchmarkIndex |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...results.map(
    ({ page, account, runs }) =>
      `| ${page} | ${account ?? 'visitor'} | ${median(runs.map((r) => r.performance)).toFixed(2)} | ` +
      `${median(runs.map((r) => r.accessibility)).toFixed(2)} | ${round(median(runs.map((r) => r.lcp)))} | ` +
      `${round(median(runs.map((r) => r.tbt)))} | ${round(median(runs.map((r) => r.benchmarkIndex)))} |`,
  ),
  '',
  '## Where the time goes',
  '',
  'For the median run of each page (by performance): its five largest requests (transfer size) ' +
    'and its three longest main-thread tasks.',
  '',
  ...results.flatMap(({ page, account, runs }) => {
    const byScore = [...runs].sort((a, b) => a.performance - b.performance);
    const run = byScore[Math.floor(byScore.length / 2)]!;
    return [
      `### ${page} (${account ?? 'visitor'})`,
      '',
      '| largest requests | type | KB |',
      '|---|---|---:|',
      ...run.requests.map((r) => `| \`${r.url}\` | ${r.type} | ${r.kb.toFixed(1)} |`),
      '',
      '| long tasks | ms |',
      '|---|---:|',
      ...(run.longTasks.length
        ? run.longTasks.map((t) => `| \`${t.url || '(unattributed)'}\` | ${Math.round(t.ms)} |`)
        : ['| (none over 50 ms) | |']),
      '',
    ];
  }),
  '## A first and a second visit',
  '',
  'Bytes received (headers and bodies), one browser profile, no network throttling, service ' +
    'worker blocked: what the HTTP cache and the validators (ETag, 304) save on their own.',
  '',
  '| page | first visit requests | first visit KB | second visit requests | of which 304 | from cache | second visit KB |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...visits,
  '',
];
const report = lines.join('\n');
console.log(`report written to ${writeReport('web', report)}`);
