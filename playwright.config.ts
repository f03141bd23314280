import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * End-to-end tests: Debian's Chromium (Playwright's own browsers cannot be downloaded here)
 * driving the real server started as `npm run serve` would, on a seeded temp store per test.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
}

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // A 2-core CI machine runs two workers, each with a desk server and Chromium: a test that takes
  // 10 s alone can take three times that there, and a screen swept by axe twice took 66 s in a
  // loaded run. The limits catch a hang, not a slow machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: each step's DOM snapshot, the network, the console. Not the
    // screencast: filming every paint of every test cost ~11 % of the suite's time on two cores
    // (bookings.spec 93 → 83 s; the screenshot at the failure stays).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // No fade-ins or slides: a test sees each screen as it ends up, without waiting a guessed time.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromium,
      // As root in a container Chromium needs --no-sandbox; the rest keeps it off the closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Without a GPU the compositor still ran in a process of its own, drawing in software and
        // passing every frame across: in the browser's process it took bookings.spec from 81 to 72 s.
        '--in-process-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
