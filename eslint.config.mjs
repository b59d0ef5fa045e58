import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores } from 'eslint/config';

import wording from './scripts/eslint/no-literal-wording.mjs';

/**
 * Next's configuration without eslint-plugin-import (its one rule, no-anonymous-default-export,
 * comes from eslint-plugin-import-x below, which also holds the import rules of our own).
 */
const withoutImportPlugin = (configs) =>
  configs.map((config) => {
    const drop = (record) =>
      record && Object.fromEntries(Object.entries(record).filter(([key]) => !/^import\//.test(key)));
    const { import: _import, ...plugins } = config.plugins ?? {};
    return {
      ...config,
      ...(config.plugins && { plugins }),
      ...(config.rules && { rules: drop(config.rules) }),
      ...(config.settings && { settings: drop(config.settings) }),
    };
  });

/** lib/server answers as the API does by its contract, never by the sandbox's code (the API's stand-in in tests and the demo). */
const NO_SANDBOX = {
  group: ['**/sandbox', '**/sandbox/**', '@/lib/sandbox', '@/lib/sandbox/**'],
  message: 'lib/server never imports the sandbox: only its tests (and their fixtures) start one',
};
const NEXT_LINK = {
  name: 'next/link',
  importNames: ['default'],
  message:
    'use Link from @/components/ui/link: console pages are dynamic, and a prefetch reads the API for a page nobody opened',
};

export default defineConfig([
  ...withoutImportPlugin([...nextVitals, ...nextTs]),
  {
    name: 'import-x',
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript modules are parsed for their imports too (what no-cycle follows), as in Next's config.
      'import-x/extensions': ['.js', '.jsx', '.mjs', '.ts', '.tsx', '.mts', '.cts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts', '.cts', '.tsx', '.d.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-anonymous-default-export': 'warn' },
  },
  globalIgnores([
    '.next/**',
    '.data/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'lib/**/migrations/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // No module imports itself back through others. The layers: app/ (routes) renders
    // components/, and both import the server actions they call from lib/actions/ (never as a
    // prop passed down to cross a folder); components never reach up into app/, and lib/server
    // (which the actions are built on) never imports an action back, only their result type.
    files: ['app/**', 'components/**', 'lib/**'],
    // packages are not followed: a cycle inside one is not ours, and parsing them is slow
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './components',
              from: './app',
              message: 'components/ never import from app/: a server action a component calls is in lib/actions/',
            },
            {
              target: './lib',
              from: './app',
              message: 'lib/ never imports from app/: what both need (a schema, an action) lives in lib/',
            },
            {
              target: './lib/server',
              from: './lib/actions',
              except: ['./result.ts'],
              message: 'lib/server is what lib/actions is built on, not the other way round',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/guestbook and lib/allocation are framework-free: plain Node must run them.
    files: ['lib/guestbook/**', 'lib/allocation/**', 'lib/sandbox/**', 'lib/booking/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'next', 'next/*', 'next-auth', 'next-auth/*', '@/*'],
              message: 'framework-free module',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/server never imports the sandbox; only its tests (and their fixtures) start one.
    files: ['lib/server/**'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_SANDBOX],
        },
      ],
    },
  },
  {
    // The window of reservations also runs outside any request (the sync loop, plain Node): no
    // framework and no server-only there.
    files: ['lib/server/reservations-copy/**'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SANDBOX,
            {
              group: ['react', 'react-dom', 'next', 'next/*', 'server-only'],
              message: 'the window of reservations runs in plain Node (the sync loop, the tests)',
            },
          ],
        },
      ],
    },
  },
  {
    // e2e tests take `test` from e2e/test.ts, which closes the browser contexts a test opened.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/test.ts', 'e2e/auth.setup.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'take test from e2e/test.ts: it closes the browser contexts a test opened',
            },
          ],
        },
      ],
    },
  },
  {
    // Every sentence staff read comes from the catalogs (messages/): none is written in the code
    // that renders or returns it. Tests and the sandbox (the API's stand-in, in English) aside.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts', 'lib/sandbox/**'],
    plugins: { wording },
    rules: { 'wording/no-literal-wording': 'error' },
  },
  {
    // Links in the console do not prefetch unless they say so (components/ui/link.tsx).
    files: ['app/**', 'components/**'],
    ignores: ['components/ui/link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NEXT_LINK] }],
    },
  },
  {
    // Client code never reaches the server-only layer.
    files: ['components/**', '**/*-form.tsx'],
    ignores: ['components/ui/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NEXT_LINK],
          patterns: [
            {
              group: ['@/lib/server', '@/lib/server/**', '**/lib/server', '**/lib/server/**'],
              message: 'lib/server is server-only',
            },
          ],
        },
      ],
    },
  },
]);
