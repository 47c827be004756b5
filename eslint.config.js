// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import importX from 'eslint-plugin-import-x';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { noImportCycles } from './scripts/lint/no-import-cycles.js';

/**
 * The layers of ../shared/ARCHITECTURE.md, as import rules:
 *   domain ← client / server ← shared ← features / admin ← pages
 * `shared` is browser and build code several features use (src/shared, src/i18n, src/site);
 * `pages` is everything Astro renders (src/pages, src/components, src/layouts, src/loaders).
 * Features never import each other. Scripts and tests may import any layer; no layer imports them.
 */
const LAYERS = {
  domain: ['./src/domain'],
  client: ['./src/client'],
  server: ['./src/server'],
  shared: ['./src/shared', './src/i18n', './src/site'],
  features: ['./src/features'],
  admin: ['./src/admin'],
  pages: ['./src/pages', './src/components', './src/layouts', './src/loaders', './src/content.config.ts'],
  outside: ['./scripts', './tests'],
};

/** Each layer and the layers it must not import. */
const FORBIDDEN = {
  domain: ['client', 'server', 'shared', 'features', 'admin', 'pages', 'outside'],
  client: ['server', 'shared', 'features', 'admin', 'pages', 'outside'],
  server: ['client', 'shared', 'features', 'admin', 'pages', 'outside'],
  shared: ['server', 'features', 'admin', 'pages', 'outside'],
  features: ['server', 'admin', 'pages', 'outside'],
  admin: ['server', 'features', 'pages', 'outside'],
  pages: ['server', 'admin', 'outside'],
};

const layerZones = Object.entries(FORBIDDEN).flatMap(([layer, banned]) =>
  LAYERS[/** @type {keyof typeof LAYERS} */ (layer)].map((target) => ({
    target,
    from: banned.flatMap((b) => LAYERS[/** @type {keyof typeof LAYERS} */ (b)]),
    message: `The ${layer} layer must not import this (layers: domain ← client/server ← shared ← features/admin ← pages; see docs/architecture.md).`,
  })),
);

/** One zone per feature folder: it may import itself, never a sibling feature. */
const featureZones = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `./src/features/${d.name}`,
    from: './src/features',
    except: [`./${d.name}`],
    message: 'Features do not import each other: move what both need to src/shared (see docs/architecture.md).',
  }));

/** The clock ban of src/server (see its block below), kept as one list because a block that sets `no-restricted-syntax` replaces it. */
const CLOCK_BAN = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the time from the clock (src/server/platform/clock.ts): clockOf(deps).now(), ctx.clock.now() or a clock option.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read the time from the clock (src/server/platform/clock.ts): clockOf(deps).now().getTime(), ctx.clock.now() or a clock option.',
  },
];

/** Where SQL goes instead. */
const NO_SQL_HERE =
  'Handlers, routes and wiring hold no SQL: call a named function of the module\'s queries or command file (docs/architecture.md, "Server: one folder per concept").';

/** Issue 22: the query builder's entry points and the `sql` tag, banned where a module answers HTTP. */
const SQL_BAN = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)$/]',
    message: NO_SQL_HERE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: NO_SQL_HERE },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', '.astro/', 'test-results/', 'playwright-report/', 'public/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      'max-len': [
        'error',
        { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true, ignoreComments: false },
      ],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
  {
    // import-x/no-cycle skips type-only imports; this one counts them too (scripts/lint/no-import-cycles.js).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { local: { rules: { 'no-import-cycles': noImportCycles } } },
    rules: { 'local/no-import-cycles': 'error' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      // These two check code for the React Compiler, which the islands do not use: effects that
      // reset local state when their inputs change are the documented pattern without it.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    // Every time on the server comes from the injectable clock (src/server/platform/clock.ts: `clockOf(deps)`,
    // a content context's `clock`, a `clock` option), so tests can set it; reading the machine's time
    // directly is an error.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...CLOCK_BAN],
    },
  },
  {
    // The exceptions, where no clock reaches or the machine's time is the point:
    files: [
      // the system clock itself;
      'src/server/platform/clock.ts',
      // the process's start time, answered by /api/version/ (module state, before any app exists);
      'src/server/modules/system/system.handlers.ts',
      // stale throwaway test clusters are judged against file modification times, which are the machine's;
      'src/server/db/embedded-postgres.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Migrations are frozen history that only the migrator runs: table types live in src/server/db/schema/.
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)migrations/\\d',
              message: 'Only the migrator (src/server/db/db.ts) imports migrations: take table types from src/server/db/schema/ (see docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/db/db.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Handlers only parse input, check permissions, call functions and answer: SQL lives in the module's
    // queries and command files (issue 22). The clock ban is repeated: this block replaces its options.
    files: ['src/server/modules/**/*.{handlers,routes,index}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: NO_SQL_HERE, allowTypeImports: true }] }],
      'no-restricted-syntax': ['error', ...CLOCK_BAN, ...SQL_BAN],
    },
  },
  {
    // The process's start time (see the clock exceptions above): the SQL ban only.
    files: ['src/server/modules/system/system.handlers.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_BAN] },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    // Astro frontmatter and its inline <script> blocks are parsed without type information.
    files: ['**/*.astro', '**/*.astro/*.ts', '*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.astro', '**/*.astro/*.ts', '*.astro/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
