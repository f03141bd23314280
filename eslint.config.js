import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-results/', 'playwright-report/'] },
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
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer talks to the server through its API client only (one place for auth and errors).
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'better-sqlite3', message: 'The renderer never touches the store.' },
          { name: 'fastify', message: 'The renderer never imports server code.' },
        ],
        patterns: [{ group: ['**/electron/**'], message: 'The renderer shares code with the main side only through shared/.' }],
      }],
    },
  },
  {
    // Tests read JSON bodies loosely on purpose: the assertions are the type check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The desktop shell gets the electron API injected, so its logic runs in unit tests against a
    // stand-in (docs/electron.md); only electron/main.ts and the preload import electron itself.
    // It reaches the store and HTTP only through the server process.
    files: ['electron/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'electron', allowTypeImports: true, message: 'Take the electron API as a parameter (ElectronApi); import types only.' },
          { name: 'better-sqlite3', message: 'The shell never opens the store; the server process does.' },
          { name: 'fastify', message: 'The shell never runs HTTP routes; the server process does.' },
        ],
      }],
    },
  },
  {
    // The Sync API rules stay free of HTTP and SQL: each rule has one home (docs/architecture.md).
    // So do proxy mode's rules (the remote connection knows no Fastify and no SQLite) and the
    // import runner (it reaches the store through repositories, and is no HTTP route).
    files: ['electron/sync/**/*.ts', 'electron/proxy/**/*.ts', 'electron/imports/**/*.ts', 'shared/**/*.ts'],
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
