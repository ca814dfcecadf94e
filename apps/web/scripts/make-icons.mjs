#!/usr/bin/env node
// Draws the app icons (web app manifest, home screen, push badge) from one SVG design: the
// favicon's bowl under an arch, the bridge of "AnnaSetu". Run after changing the design;
// the PNGs are committed. Usage: node apps/web/scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });

const mark = (stroke, fill) =>
  `<path d="M6 14c3-5.5 7-7.5 10-7.5s7 2 10 7.5" stroke="${stroke}" stroke-width="2.4" fill="none" stroke-linecap="round"/>` +
  `<path d="M7 16.5h18a9 9 0 0 1-18 0Z" fill="${fill}"/>`;

// "any": rounded tile. "maskable": full-bleed background, the mark inside the 80% safe zone.
const icons = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d6b43"/>${mark('#f2a33a', '#fff')}</svg>`,
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1d6b43"/><g transform="translate(4.8 4.8) scale(0.7)">${mark('#f2a33a', '#fff')}</g></svg>`,
  // Android shows the badge as a white silhouette: only its alpha counts.
  badge: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(1 2)">${mark('#fff', '#fff')}</g></svg>`,
};

const outputs = [
  ['icon-192.png', icons.any, 192],
  ['icon-512.png', icons.any, 512],
  ['maskable-512.png', icons.maskable, 512],
  ['apple-touch-icon.png', icons.maskable, 180],
  ['badge-96.png', icons.badge, 96],
];
for (const [name, svg, size] of outputs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, name));
}
console.log(`icons written to ${out}`);
