import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Tests read JSON bodies loosely on purpose: the assertions are the type check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The Sync API rules stay free of HTTP and SQL: each rule has one home (docs/architecture.md).
    files: ['electron/sync/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'fastify', message: 'Sync rules must not depend on the HTTP layer.' },
          { name: 'better-sqlite3', message: 'Sync rules reach the store through repositories only.' },
        ],
      }],
    },
  },
);
