// Compiles the server into one ES module, apps/server/dist/server.mjs, so a process starts
// without compiling TypeScript first (decision 0074; decision 0001 named this step for the day
// start-up time mattered). npm packages stay imports, read from node_modules at run time; the
// workspace's own TypeScript packages are compiled in. Files the server reads beside its modules
// (`new URL('./x.json', import.meta.url)`) are still read from the source tree: each module's
// `import.meta.url` becomes its source file's address relative to the bundle, so the tree can
// move (the container image) as long as `dist/` stays beside `src/`.
import { readFileSync, renameSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const DIST = path.join(SERVER_ROOT, 'dist');
export const SERVER_BUNDLE = path.join(DIST, 'server.mjs');

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const relative = path.relative(DIST, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return {
        contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url),
        loader: 'ts',
      };
    });
  },
};

const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@annasetu/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the bundle and its source map. Each file is written under a temporary name and renamed,
 * so test workers that build at the same moment never start a half-written server.
 */
export async function buildServer() {
  const started = performance.now();
  const result = await build({
    entryPoints: [path.join(SERVER_ROOT, 'src', 'server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    plugins: [sourceUrls, npmPackagesExternal],
    logLevel: 'warning',
    absWorkingDir: REPO_ROOT,
  });
  mkdirSync(DIST, { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a bundle is never on disk without its map.
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const file of files) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  return performance.now() - started;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const ms = await buildServer();
  console.log(
    `server compiled to ${path.relative(REPO_ROOT, SERVER_BUNDLE)} in ${Math.round(ms)} ms`,
  );
}
