import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

/** A short hash of every catalogue: a changed translation gets a new URL, never a stale cache. */
function localesVersion(): string {
  const root = fileURLToPath(new URL('./public/locales/', import.meta.url));
  const hash = createHash('sha256');
  for (const language of readdirSync(root).sort()) {
    hash.update(language);
    hash.update(readFileSync(`${root}${language}/translation.json`));
  }
  return hash.digest('hex').slice(0, 10);
}

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bundle-size check follow the landing route's chunks.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      // The domain package is pure: unused schemas must not drag zod into the landing chunk.
      treeshake: {
        moduleSideEffects: (id) => !id.includes('/packages/domain/'),
      },
      output: {
        // One chunk for the framework every page needs: fewer requests, less chunk glue.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/chat': { target: API_TARGET, changeOrigin: false },
    },
  },
});
