// One lint configuration for every workspace.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const SERVER_MODULES = 'apps/server/src/modules';

/**
 * The server's modules in tiers: a module's routes, services, presenters and policies may use
 * those of modules in lower tiers only, so no two modules depend on each other. A module's
 * `*.queries.ts` (the data layer, plain functions on a transaction) may be used by any module:
 * a request move locks its donation's row, a donation's deletion cancels its requests.
 */
const SERVER_TIERS = [
  ['outbox'],
  [
    'availability',
    'events',
    'health',
    'notifications',
    'public',
    'push',
    'series',
    'sms',
    'training',
    'uploads',
    'users',
    'web',
  ],
  ['admin', 'calendar', 'coverage', 'handover', 'mail', 'requests', 'whatsapp'],
  ['auth', 'carrying', 'donations', 'threads'],
  ['account', 'chat', 'live', 'replies', 'stats'],
];

const serverModules = fs
  .readdirSync(SERVER_MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const tierOf = new Map(SERVER_TIERS.flatMap((tier, i) => tier.map((name) => [name, i])));
for (const name of serverModules) {
  if (!tierOf.has(name))
    throw new Error(`eslint.config.js: place the server module "${name}" in SERVER_TIERS`);
}

/** Every module may not use `name`'s code outside its queries unless `name` is in a lower tier. */
const serverModuleZones = serverModules.flatMap((target) =>
  serverModules
    .filter((from) => from !== target && tierOf.get(from) >= tierOf.get(target))
    .map((from) => ({
      target: `./${SERVER_MODULES}/${target}`,
      from: `./${SERVER_MODULES}/${from}`,
      except: fs
        .readdirSync(`${SERVER_MODULES}/${from}`)
        .filter((file) => file.endsWith('.queries.ts'))
        .map((file) => `./${file}`),
      message: `Server modules depend one way (SERVER_TIERS in eslint.config.js): "${target}" may use only the queries of "${from}".`,
    })),
);

const webFeatures = fs
  .readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '**/*.gen.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules of hooks: a hook called conditionally or with stale dependencies is a bug.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Layers: no import cycles; the domain package imports no app; web features do not import
    // each other (routes and shared code compose them).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/domain', from: './apps' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              // A feature's query-key factories are public: mutations and live updates of other
              // features invalidate through them instead of spelling keys by hand.
              except: [
                `./${feature}`,
                ...webFeatures.map((other) => `./${other}/api/query-keys.ts`),
              ],
              message:
                'Features do not import each other: compose them in a route or move the shared part to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Server modules depend one way (see SERVER_TIERS); tests may reach across.
    files: [`${SERVER_MODULES}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.test-app.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
);
