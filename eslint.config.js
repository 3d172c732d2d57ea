// ESLint 9 flat config. typescript-eslint's recommended set (not the type-checked one, so the whole run stays
// fast), React's rules of hooks and jsx-a11y for the screens, Prettier alone decides the layout
// (eslint-config-prettier), and the layers of ../shared/ARCHITECTURE.md as import rules.
// `npm run lint` runs it together with `prettier --check`; tests/unit/lintLayers.test.ts proves the layer rules fire.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** An import of a top-level folder of the repository, reached by a relative path (`../../src/App`). */
const folder = (name) => `^(\\.\\./)+${name}(/|$)`;
const layer = (regex, message) => ({ regex, message });

const SERVER_NO_UI = layer(folder('(src|resources|dataProvider)'), 'server/ never imports the UI (src/, resources/, dataProvider/).');
const SERVER_NO_FAKE = layer(folder('fake-api'), 'server/ never imports the fake-api.');
const INFRA_NO_MODULES = layer(
  '^(\\.\\./)+(server/)?modules(/|$)',
  'server/http/ and server/db/ never import server/modules/: a module plugs in (a Fastify plugin, its index.ts, its demo.ts).',
);
const FAKE_NO_SERVER = layer(folder('server'), 'fake-api/ imports contract/ and the i18n/ texts only, never server/.');
const FAKE_NO_UI = layer(
  folder('(src|resources|dataProvider)'),
  'fake-api/ imports contract/ and the i18n/ texts only, never the UI (src/, resources/, dataProvider/).',
);
// the one file of the fake that reads the resource definitions (plain data) to derive its route table
const FAKE_DEFINITIONS_ONLY = layer(
  '^\\.\\./(src|dataProvider)(/|$)|^\\.\\./resources/(?!definitionsFromFolder$)',
  'fake-api/definitions.ts imports the resource definitions (plain data) and nothing else of the UI.',
);
const LIST_IDIOM =
  "A list is react-admin's List/ListBase with Datagrid (src/components/PagedList), which pages it: no hand-made MUI Pagination/TablePagination under resources/.";
const BROWSER_NO_SERVER = layer(folder('(server|fake-api)'), 'Browser code never imports server/ or fake-api/.');

export default defineConfig(
  { ignores: ['dist/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // TypeScript knows the globals of .ts files (no-undef is off for them); the .js/.mjs files are Node scripts
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // the API reference page's script runs in the browser, after Swagger UI's bundle
    files: ['server/http/apiDocs/*.js'],
    languageOptions: { globals: { ...globals.browser, SwaggerUIBundle: 'readonly' } },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // the house's way to drop a key or an argument is a `_` name (`const { password: _password, ...shown }`), as tsc's noUnused* allow
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // only the rules of hooks: 7.x's recommended set adds the React Compiler's rules, written for code the compiler
    // compiles (this project does not use it), and they alone took three quarters of the lint time
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}', 'dataProvider/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // our inputs autofocus only a dialog's first field (WAI-ARIA's dialog pattern) and the one form of a sign-in page; raw DOM elements still may not
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // the contract refuses control characters in names and addresses on purpose
    files: ['contract/**/*.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // a test reads any JSON reply; the contract's zod schemas check its shape
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's needs from its first parameter's pattern: `async ({}, testInfo)` is its idiom
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },

  // ---- the layers (../shared/ARCHITECTURE.md): contract <- everything; i18n <- everything; server -/-> UI; fake-api -> contract, i18n ----
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NO_UI, SERVER_NO_FAKE] }] },
  },
  {
    // the infrastructure points down: the modules use it, it never names a module
    files: ['server/http/**/*.ts', 'server/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NO_UI, SERVER_NO_FAKE, INFRA_NO_MODULES] }] },
  },
  {
    files: ['fake-api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FAKE_NO_SERVER, FAKE_NO_UI] }] },
  },
  {
    files: ['fake-api/definitions.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FAKE_NO_SERVER, FAKE_DEFINITIONS_ONLY] }] },
  },
  {
    // the text catalogues are read by the browser, the server and the fake alike
    files: ['i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(folder('(src|resources|dataProvider|server|fake-api)'), 'i18n/ holds texts only: it never imports the UI, server/ or fake-api/.'),
          ],
        },
      ],
    },
  },
  // zod, and date-fns for the Bangkok calendar days of contract/clock.ts: pure libraries that run in the browser and the server
  // alike; a relative import may climb only as many folders as the file sits deep in contract/
  ...[0, 1, 2].map((depth) => ({
    files: [`contract/${'*/'.repeat(depth)}*.ts`],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              `^(?!(zod|date-fns|@date-fns/tz)(/|$)|\\./${depth ? `|(\\.\\./){1,${depth}}(?!\\.\\./)` : ''})`,
              'contract/ imports nothing but zod, date-fns and its own files: everything else imports it.',
            ),
          ],
        },
      ],
    },
  })),
  {
    // the data provider's route table is built from the resources' plain definitions (README, "Adding a resource"),
    // and it reads the session's token; it never imports a component or a view
    files: ['dataProvider/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BROWSER_NO_SERVER,
            layer('^(\\.\\./)+src/(?!auth/session$)', 'dataProvider/ never imports src/ (components, pages): only src/auth/session.'),
            layer(
              '^(\\.\\./)+resources/(?!(definitions|types|[a-z-]+(/[a-z-]+)?/definition)$)',
              'dataProvider/ never imports resources/: only their plain definitions (resources/definitions, resources/types).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BROWSER_NO_SERVER] }] },
  },
  {
    // one idiom (../shared/CONVENTIONS.md): react-admin pages a list (List/ListBase + Datagrid, PagedList) and
    // react-hook-form holds a form (react-admin's <Form> with the contract's schema), never a hand-made pager or a `tried` flag
    files: ['resources/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BROWSER_NO_SERVER, layer('^@mui/material/(Table)?Pagination$', LIST_IDIOM)],
          paths: [{ name: '@mui/material', importNames: ['Pagination', 'TablePagination'], message: LIST_IDIOM }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "VariableDeclarator[init.callee.name='useState'][id.elements.0.name='tried']",
          message:
            "A form keeps its state in react-admin's <Form> with the contract's zod schema as resolver (it knows what was submitted), not in useState with a 'tried' flag.",
        },
      ],
    },
  },
  {
    // a definition declares its custom calls by merging them into `DefinedCalls` (resources/types.ts)
    files: ['resources/**/definition.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },

  prettier,
);
