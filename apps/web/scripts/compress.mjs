// Writes a gzip (.gz) and a brotli (.br) copy beside every text file of the build, so the server
// sends scripts, styles, catalogues and prerendered pages compressed without compressing them on
// every request (@fastify/static `preCompressed`; decision 0041). Runs last in `npm run build`.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// Fonts in TrueType (the PDF's) compress too; woff2 is compressed already.
const TEXT = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml|ttf)$/;
// Below this a compressed copy saves less than a network packet.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // Build internals (the manifest, the server-side bundle) are never served.
    if (name === '.vite' || name === '.ssr') continue;
    // The signed-in pages' first frames are read by the server, which sends each page compressed.
    if (name === 'first-frames') continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${path}.br`, br);
  count += 1;
  before += body.length;
  after += br.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Compressed ${count} files in ${relative(process.cwd(), dist) || '.'}: ${kb(before)} -> ${kb(after)} (brotli)`,
);
