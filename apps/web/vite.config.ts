import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PREACT_ALIASES } from './compat-aliases.ts';

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

/**
 * Installable app: our own service worker (src/sw.ts) gets the precache list injected. The app
 * shell and the catalogues are precached; fonts are listed but not downloaded at install (each
 * page loads only the scripts it shows, and the worker keeps those at runtime, and the Indic
 * scripts' fonts once a signed-in page is idle). The app registers the worker itself after load.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['**/*.{js,css,html,svg,png,json,webmanifest,woff2}'],
    // The PDF library (~1 MB) loads only when someone downloads a report: not at install.
    // Date and time data (cldr-*) loads only in a browser that lacks a language's data, and
    // only for that language: kept at runtime like the fonts, not downloaded at install.
    globIgnores: ['**/*.woff', '**/pdfmake-*.js', '**/cldr-*.js', '.vite/**', 'sw.js'],
  },
  manifest: {
    id: '/',
    name: 'AnnaSetu',
    short_name: 'AnnaSetu',
    description:
      'Surplus food from restaurants, homes and canteens to food banks, nurseries and poultry farms.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#fbf8f3',
    theme_color: '#1d6b43',
    categories: ['food', 'social', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

const define = {
  'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()),
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig));

/**
 * The build that renders public pages to HTML (src/entry-server.tsx, run by
 * scripts/prerender.mjs): Node code, so no service worker and no chunk naming; the domain
 * package is TypeScript source and is bundled.
 */
const ssrConfig = {
  plugins: [react()],
  define,
  // Bundled whole: a library left in node_modules would import React itself, not Preact.
  ssr: { noExternal: true },
  // Signed-in pages' first frames include maps' containers; Leaflet itself needs a browser.
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      {
        find: /^(react-)?leaflet$/,
        replacement: fileURLToPath(
          new URL('./src/app/first-frame/leaflet-stand-in.tsx', import.meta.url),
        ),
      },
    ],
  },
  build: { outDir: 'dist/.ssr', emptyOutDir: true, target: 'node20', manifest: false },
} satisfies UserConfig;

const clientConfig = {
  plugins: [react(), pwa],
  define,
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bundle-size check follow the landing route's chunks.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      // The app, and the small entries of pages painted from the HTML: the landing, sign-in,
      // sign-up and password pages are rendered at build time and load the app only when the
      // visitor first interacts (decisions 0031, 0082); signed-in pages painted from the HTML
      // and the other public pages start the app once painted (decisions 0050, 0051).
      input: {
        index: 'index.html',
        'interaction-boot': 'src/interaction-boot.ts',
        'first-frame-boot': 'src/app/first-frame/boot.ts',
      },
      // The domain package is pure: unused schemas must not drag zod into the landing chunk.
      treeshake: {
        moduleSideEffects: (id) => !id.includes('/packages/domain/'),
      },
      output: {
        // CLDR polyfills and data get a recognisable name: the service worker skips them at
        // install and keeps the ones a reader actually needs.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/@formatjs/'))
            ? 'assets/cldr-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // One chunk for the framework every page needs: fewer requests, less chunk glue.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // The query library only: the list windowing library loads with the long lists.
              test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
            {
              // Every feature's cache keys, a few dozen bytes each: one chunk rather than seven,
              // each with its own request and import glue on every signed-in page.
              name: 'query-keys',
              test: /src[\\/].*query-keys\.ts$/,
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
      '/config.js': { target: API_TARGET, changeOrigin: false },
    },
  },
} satisfies UserConfig;
