// Measures the JavaScript a browser downloads before the first interaction, gzip-compressed:
// - the landing page (`/`): the scripts its prerendered HTML loads and every chunk they import
//   statically (the app itself loads on the first interaction; decision 0031);
// - every other route: the app's entry, the signed-in layout for signed-in routes, the route's
//   chunk and every chunk they import statically (shared chunks included). Chunks a page loads
//   only when used (map, PDF, charts) are not counted.
// Usage: node scripts/bundle-size.mjs [--json]; exits 1 when a budget is exceeded.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');

/** Gzip budgets in KB: enforced here and by the test suite (e2e/tests/budget.test.ts). */
export const BUDGETS_KB = { landing: 80, route: 100 };

const PUBLIC_ROUTES = new Set(['landing', 'login', 'register', 'reset-password']);

function readManifest(distDir) {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

function collector(distDir, manifest) {
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    }
    return sizes.get(file);
  };
  /** Files (JS and CSS) reached from manifest keys through static imports. */
  const closure = (keys) => {
    const js = new Set();
    const css = new Set();
    const visit = (key) => {
      const entry = manifest[key];
      if (!entry) throw new Error(`${key} is missing from the build manifest`);
      if (js.has(entry.file)) return;
      js.add(entry.file);
      for (const sheet of entry.css ?? []) css.add(sheet);
      for (const child of entry.imports ?? []) visit(child);
    };
    keys.forEach(visit);
    const list = (files) => [...files].map((file) => ({ file, gzip: sizeOf(file) }));
    const report = { js: list(js), css: list(css) };
    return {
      ...report,
      jsGzipBytes: report.js.reduce((sum, item) => sum + item.gzip, 0),
      cssGzipBytes: report.css.reduce((sum, item) => sum + item.gzip, 0),
    };
  };
  return { byFile, closure };
}

/** The landing page as its prerendered HTML loads it, before the visitor does anything. */
export function landingBundle(distDir = dist) {
  const manifest = readManifest(distDir);
  const { byFile, closure } = collector(distDir, manifest);
  const html = readFileSync(join(distDir, 'prerendered', 'en', 'landing.html'), 'utf8');
  const keys = [];
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+)"/g,
  )) {
    const file = match[1];
    // /config.js is the server's runtime settings (a few hundred bytes), not part of the build.
    if (file.endsWith('.css') || file === 'config.js') continue;
    const key = byFile.get(file);
    if (!key) throw new Error(`The landing page loads ${file}, which the build does not know`);
    keys.push(key);
  }
  const report = closure(keys);
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map(
    ([, file]) => ({ file, gzip: gzipSync(readFileSync(join(distDir, file))).length }),
  );
  return { ...report, css, cssGzipBytes: css.reduce((sum, item) => sum + item.gzip, 0) };
}

/** Every route of the app: what it downloads when opened directly, shared chunks included. */
export function routeBundles(distDir = dist) {
  const manifest = readManifest(distDir);
  const { closure } = collector(distDir, manifest);
  return Object.keys(manifest)
    .filter((key) => /^src\/app\/routes\/[^/]+\.tsx$/.test(key) && manifest[key].isDynamicEntry)
    .map((key) => {
      const route = key.replace(/^src\/app\/routes\/|\.tsx$/g, '');
      const signedIn = !PUBLIC_ROUTES.has(route);
      const keys = ['index.html', ...(signedIn ? ['src/app/layouts/app-layout.tsx'] : []), key];
      const { js, jsGzipBytes, cssGzipBytes } = closure(keys);
      return { route, signedIn, files: js.map((item) => item.file), jsGzipBytes, cssGzipBytes };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const landing = landingBundle();
  const routes = routeBundles();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const failures = [];
  if (landing.jsGzipBytes > BUDGETS_KB.landing * 1024) {
    failures.push(`landing page: ${kb(landing.jsGzipBytes)} > ${BUDGETS_KB.landing} KB`);
  }
  for (const route of routes) {
    if (route.jsGzipBytes > BUDGETS_KB.route * 1024) {
      failures.push(`${route.route}: ${kb(route.jsGzipBytes)} > ${BUDGETS_KB.route} KB`);
    }
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ landing, routes, budgetsKb: BUDGETS_KB, failures }, null, 2));
  } else {
    for (const item of [...landing.js, ...landing.css]) {
      console.log(`${kb(item.gzip).padStart(10)}  ${item.file}`);
    }
    console.log(`Landing JavaScript before the first interaction: ${kb(landing.jsGzipBytes)} gzip`);
    console.log(`Landing CSS: ${kb(landing.cssGzipBytes)} gzip`);
    console.log('Routes opened directly (JavaScript, gzip, shared chunks included):');
    for (const route of routes) {
      const label = `${route.route}${route.signedIn ? '' : ' (public)'}`;
      console.log(`${kb(route.jsGzipBytes).padStart(10)}  ${label}`);
    }
    console.log(`Budgets: landing ${BUDGETS_KB.landing} KB, every route ${BUDGETS_KB.route} KB`);
    for (const failure of failures) console.log(`Over budget: ${failure}`);
  }
  if (failures.length > 0) process.exitCode = 1;
}
