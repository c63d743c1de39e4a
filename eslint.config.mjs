// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Import rules keep the layers apart (docs/architecture.md):
 * lib/components -> features -> app, features never import each other,
 * the app never imports the server, the server never imports the app.
 */
/** Every folder of src/features/, read at lint time: a new feature is fenced in at once. */
const featureNames = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Server domains (one folder each) reach each other only through their public module,
 * `index.ts`; db/ and plugins/ are the shared machinery every domain may use.
 */
const serverDomains = [
  'activity',
  'admin',
  'app-config',
  'athlete',
  'backup',
  'event',
  'health',
  'identity',
  'integration',
  'leaderboard',
  'live',
  'metrics',
  'profile',
  'reference',
  'report',
  'roster',
  'seed',
  'store',
  'user',
  'webhook',
  'workspace',
];
const serverZones = [...serverDomains, 'db', 'plugins'].flatMap((target) =>
  serverDomains
    .filter((domain) => domain !== target)
    .map((domain) => ({
      target: `./server/${target}`,
      from: `./server/${domain}`,
      except: ['./index.ts'],
      message: `Another server domain is reached through its public module: '../${domain}' (server/${domain}/index.ts).`,
    })),
);

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'dist/**',
      'data/**',
      'coverage/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    // Without a resolver that knows .ts/.tsx, no relative import resolves and the
    // restricted-paths zones below silently never fire.
    settings: {
      // no-cycle reads the imported modules: it needs to know how to parse TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      // Our modules only: the bundled packages are not ours to untangle (and pglite's
      // chunks overflow the parser's stack).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: './server',
              message: 'The app talks to the server over HTTP only.',
            },
            { target: './server', from: './src', message: 'The server does not import the app.' },
            {
              target: './contract',
              from: ['./src', './server'],
              message: 'contract/ depends on nothing of ours.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'lib/ and components/ are below features.',
            },
            {
              target: './src/features',
              from: './src/app',
              message:
                'app/ is the shell above every feature: features take the typed hooks and the route table from lib/.',
            },
            ...serverZones,
            ...featureNames.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other; share through lib/ or components/.',
            })),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (an unhandled rejection ends
    // the server; in the app it vanishes). `void promise` says the loss is meant.
    files: ['{src,server,contract,bench,e2e,__tests__}/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.server.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
