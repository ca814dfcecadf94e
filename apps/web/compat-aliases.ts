import { fileURLToPath } from 'node:url';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The app runs on Preact's compatibility layer in React's place (decision 0076): every import of
 * React, by the app or a library, in the browser build, the prerender and the component tests.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: local('./compat/react.js') },
  { find: /^react-dom$/, replacement: local('./compat/react.js') },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/static$/, replacement: local('./compat/static.js') },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^use-sync-external-store\/shim$/, replacement: local('./compat/react.js') },
];
