// Flat config: TypeScript-aware recommended rules for the console, the server and the tests.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['dist/', 'dist-demo/', 'dist-json-server/', 'build/', 'coverage/', 'node_modules/', 'data/', '.scratch/', 'test-results/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The console reaches a backend only through its providers (README, "Plugging in another backend"):
    // screens call useDataProvider(), never the HTTP client or fetch.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/providers/http'],
              importNames: ['apiFetch', 'apiUpload', 'buildUrl'],
              message: 'Screens reach the server through the data provider (useDataProvider); give it a method in src/providers/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self|global)$/]",
          message: 'No fetch outside src/providers/: give the data provider a method and call it through useDataProvider().',
        },
        {
          selector: "NewExpression[callee.name='XMLHttpRequest']",
          message: 'No XMLHttpRequest outside src/providers/: give the data provider a method and call it through useDataProvider().',
        },
      ],
    },
  },
);
