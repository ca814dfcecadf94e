import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES } from './compat-aliases.ts';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      // Its ES module, so that its imports of React go through the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      ...PREACT_ALIASES,
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context of a reused process, not a fresh process: every file still
    // gets its own globals (a date polyfill one file installs never reaches the next), while
    // jsdom and the transformed files are loaded once per process. `process` is shared, so a
    // test that changes it (its environment) puts it back. The suite: 144 s and 202 CPU-seconds
    // in a process per file, 61 s and 76 CPU-seconds so (two workers). Memory: vitest.config.ts.
    pool: 'vmForks',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // Libraries that import React are run through the aliases too (left to Node, they would load
    // React itself beside Preact).
    server: {
      deps: {
        inline: [
          /@testing-library[\\/]react/,
          /react-router/,
          /react-i18next/,
          /@tanstack[\\/]react-/,
          /react-hook-form/,
          /@hookform/,
          /react-hot-toast/,
          /react-leaflet/,
          /use-sync-external-store/,
        ],
      },
    },
  },
});
