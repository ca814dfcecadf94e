// Measures the JavaScript a browser downloads to show the landing page (`/`): the entry chunk,
// the landing route's chunk and every chunk they import statically, gzip-compressed.
// Usage: node scripts/bundle-size.mjs [--json] [--budget-kb 120]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');

export function landingBundle(distDir = dist) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const roots = ['index.html', 'src/app/routes/landing.tsx'];
  const files = new Set();
  const css = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const sheet of entry.css ?? []) css.add(sheet);
    for (const child of entry.imports ?? []) visit(child);
  };
  for (const root of roots) {
    if (!manifest[root]) throw new Error(`${root} is missing from the build manifest`);
    visit(root);
  }
  const sizeOf = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const js = [...files].map((file) => ({ file, gzip: sizeOf(file) }));
  const styles = [...css].map((file) => ({ file, gzip: sizeOf(file) }));
  return {
    js,
    css: styles,
    jsGzipBytes: js.reduce((sum, item) => sum + item.gzip, 0),
    cssGzipBytes: styles.reduce((sum, item) => sum + item.gzip, 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = landingBundle();
  const budgetIndex = process.argv.indexOf('--budget-kb');
  const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 120;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...report, budgetKb }, null, 2));
  } else {
    for (const item of [...report.js, ...report.css]) {
      console.log(`${(item.gzip / 1024).toFixed(1).padStart(7)} KB  ${item.file}`);
    }
    console.log(`Landing JavaScript: ${(report.jsGzipBytes / 1024).toFixed(1)} KB gzip`);
    console.log(`Landing CSS: ${(report.cssGzipBytes / 1024).toFixed(1)} KB gzip`);
    console.log(`Budget: ${budgetKb} KB of JavaScript`);
  }
  if (report.jsGzipBytes > budgetKb * 1024) process.exitCode = 1;
}
