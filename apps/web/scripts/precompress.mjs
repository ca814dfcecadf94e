// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build of 1 KB or
// more (scripts, styles, HTML pages, catalogues, the PDF fonts), at the strongest settings, once:
// the server sends them as they are to a browser that accepts them (@fastify/static
// `preCompressed`), so a phone downloads the framework chunk at a third of its size and the server
// spends no CPU on it. A copy that would not be smaller is not written. Run after the build and
// the prerender.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml|ttf)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let originalBytes = 0;
let brotliBytes = 0;
let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const source = readFileSync(file);
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  originalBytes += source.length;
  brotliBytes += Math.min(br.length, source.length);
  count += 1;
}
console.log(
  `precompressed ${count} files under ${relative(process.cwd(), dist) || dist}: ` +
    `${Math.round(originalBytes / 1024)} KB, ${Math.round(brotliBytes / 1024)} KB as brotli`,
);
