import { defineConfig } from '@playwright/test';

/**
 * The desktop app end to end: Playwright's _electron driving the built app (out/) on a temp data
 * folder, with the browser e2e's page modules. Where no Electron executable is installed (it
 * cannot be downloaded on our build machines) every test is reported SKIPPED with the reason;
 * none passes without having run. npm test runs this after the browser e2e.
 */
export default defineConfig({
  testDir: 'test/electron',
  globalSetup: './test/electron/global-setup.ts',
  outputDir: 'test-results/electron',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One app at a time: each launch is a whole Electron with its own server process.
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: { screenshot: 'only-on-failure', trace: 'retain-on-failure' },
});
