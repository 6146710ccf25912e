// ESLint for the whole repository (flat config): `npm run lint`.
// TypeScript through typescript-eslint's recommended rules (syntax only, no type information: the
// type checker runs separately in `npm run typecheck`), React hooks rules for the frontends.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/.prerender/**',
      'tests/artifacts/**',
      'charts/**',
      '.keys/**',
      '.data/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names mark a parameter or element kept for its position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `catch {}` / `() => {}` that deliberately ignore are written as such; empty blocks elsewhere are not.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Node: services, packages, gateway, tests, scripts, configs.
  {
    files: ['**/*.{ts,js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // CommonJS files (configs, scripts) use require, and may name a module like the global it
  // replaces (`const crypto = require('node:crypto')`).
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  // Tests and test support: JSON bodies of answers under test may be typed `any`.
  {
    files: ['**/test/**', '**/test-support/**', 'tests/**', 'deploy/test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Frontends run in the browser; the React hooks rules apply.
  {
    files: [
      'frontends/*/src/**/*.{ts,tsx}',
      'frontends/*/test/**',
      'frontends/test-support/**',
      'packages/sdk/src/**/*.ts',
      'packages/sdk/test/**',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The classic hooks rules. The plugin's React-Compiler rules (set-state-in-effect, refs, …)
  // are left out: we do not compile with the React Compiler, and they flag the plain
  // load-on-mount effects the frontends use on purpose.
  {
    files: ['frontends/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The remotes build against @corestone/ui, never the shell's source (issue 29 §4).
  {
    files: ['frontends/student/**/*.{ts,tsx}', 'frontends/admin/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@corestone/frontend-shell', '@corestone/frontend-shell/*', '**/shell/src/**'],
              message: 'A remote builds against @corestone/ui (the frame, AntdRoot, Markdown…), never the shell.',
            },
          ],
        },
      ],
    },
  },
  // Code evaluated in the browser by Playwright (page.evaluate) and k6 scripts (their own runtime).
  {
    files: ['tests/browser/**', 'tests/support/browser.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['deploy/k6/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  // `domain/` holds pure rules (issue 29 §1): no store, messaging, peers, app or route imports, and
  // from the kit only its error vocabulary (the domain's errors, which the kit maps to HTTP once) and
  // types. Applied to the services already in the rooms (the list in scripts/check-rooms.js); the
  // others join when they are moved.
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@corestone/service-kit',
              // isUuid: a pure string check (no I/O), shared so every service reads ids the same way.
              // toCsv: pure text building (no I/O), shared so every export defuses formulas the same way.
              allowImportNames: [
                'HttpError',
                'isHttpError',
                'badRequest',
                'unauthorized',
                'forbidden',
                'notFound',
                'conflict',
                'unavailable',
                'isUuid',
                'toCsv',
              ],
              allowTypeImports: true,
              message: 'domain/ holds pure rules: from the kit only its errors (HttpError, badRequest, …) and types.',
            },
          ],
          patterns: [
            {
              group: [
                '**/store',
                '**/store/**',
                '**/messaging',
                '**/messaging/**',
                '**/peers',
                '**/peers/**',
                '**/app',
                '**/app/**',
                '**/routes',
                '**/routes/**',
              ],
              message: 'domain/ holds pure rules: no store, messaging, peers, app or routes imports (issue 29 §1).',
            },
          ],
        },
      ],
    },
  },
);
