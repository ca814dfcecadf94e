// npm run bench:web: what a visitor on a cheap phone downloads and how the landing page scores.
// Starts the real server on the built web app, measures the landing route's JavaScript (gzip),
// then runs Lighthouse (mobile, simulated slow 4G) in Debian Chromium on the landing, login and
// register pages. Needs a built app (npm run build) and /usr/bin/chromium (or CHROME_PATH).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeReport } from './load.js';
import { startServer } from './server-process.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@annasetu/test-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

// The landing route's gzip JavaScript, as the web app's own size script computes it.
const sizeOutput = execFileSync(
  process.execPath,
  [path.join(root, 'apps/web/scripts/bundle-size.mjs')],
  {
    encoding: 'utf8',
  },
);
console.log(sizeOutput.trim());

const server = await startServer();
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_FLAGS],
});
const rows: string[] = [];
try {
  for (const page of ['/', '/login', '/register']) {
    const result = await lighthouse(`${server.baseUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
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
    const categories = result!.lhr.categories;
    const audits = result!.lhr.audits;
    const row = `| ${page} | ${categories.performance?.score} | ${categories.accessibility?.score} | ${categories['best-practices']?.score} | ${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} | ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} |`;
    console.log(row);
    rows.push(row);
  }
} finally {
  chrome.kill();
  await server.stop();
}
const report = [
  `# Web benchmark ${new Date().toISOString()}`,
  '',
  '```',
  sizeOutput.trim(),
  '```',
  '',
  'Lighthouse, mobile (360x640, simulated slow 4G):',
  '',
  '| page | performance | accessibility | best practices | LCP ms | TBT ms |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
].join('\n');
console.log(`report written to ${writeReport('web', report)}`);
