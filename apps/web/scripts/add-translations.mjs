#!/usr/bin/env node
// Merges translations into the eight catalogues in one quick read-merge-write per file, so
// several people can add keys at the same time without overwriting each other's work.
// Usage: node apps/web/scripts/add-translations.mjs fragment.json
//   fragment.json = { "en": { "donations": { "title": "..." } }, "hi": { ... }, ... }
// Every language of the fragment must have exactly the same keys. Existing keys are replaced.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['en', 'hi', 'pa', 'bn', 'te', 'kn', 'ta', 'mr'];
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/locales');

const file = process.argv[2];
if (!file) {
  console.error('usage: node apps/web/scripts/add-translations.mjs <fragment.json>');
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(file, 'utf8'));

const flatKeys = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatKeys(v, `${p}${k}.`) : [`${p}${k}`],
  );
const reference = flatKeys(fragment.en ?? {})
  .sort()
  .join('\n');
for (const lng of LANGUAGES) {
  if (!fragment[lng]) throw new Error(`fragment has no "${lng}" section`);
  if (flatKeys(fragment[lng]).sort().join('\n') !== reference) {
    throw new Error(`"${lng}" does not have exactly the keys of "en"`);
  }
}

const merge = (target, source) => {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (!target[k] || typeof target[k] !== 'object') target[k] = {};
      merge(target[k], v);
    } else {
      target[k] = v;
    }
  }
  return target;
};

for (const lng of LANGUAGES) {
  const target = path.join(localesDir, lng, 'translation.json');
  const current = JSON.parse(fs.readFileSync(target, 'utf8'));
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(merge(current, fragment[lng]), null, 2)}\n`);
  fs.renameSync(tmp, target);
}
console.log(
  `merged ${reference.split('\n').filter(Boolean).length} keys into ${LANGUAGES.length} catalogues`,
);
