// Lint: the recommended rules, plus the typed rules that catch a promise nobody awaits (a check that ends
// before its assertion, a report written after the process exits).
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The formatter's width: prettier lays code out within it, and max-len holds the rest (strings, comments) to it too. */
const { printWidth } = JSON.parse(readFileSync(new URL('.prettierrc.json', import.meta.url), 'utf8'));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'out/**', 'test-artifacts/**', 'test/fixtures/**', 'reports/assets/**/*.js'] },
  // Configuration files of tools that load them as CommonJS or plain Node scripts.
  { files: ['**/*.cjs', 'scripts/**/*.mjs'], languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      // The reports strip control characters from what an implementation sent: the pattern names them on purpose.
      'no-control-regex': 'off',
      // Names starting with _ are deliberately unused (destructuring a field away).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // No line past the formatter's width, strings and comments included, in every TypeScript file and script:
    // prettier cannot break a string, so a long message is split by hand into concatenated pieces. A URL alone may run past it.
    files: ['**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'max-len': ['error', { code: printWidth, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
);
