import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * End-to-end tests: Debian's Chromium (Playwright's own browsers cannot be downloaded here)
 * driving the real server started as `npm run serve` would, on a seeded temp store per test.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
}
// Started through test/e2e/chromium.sh, which turns off the address bar's popup that a full
// Chromium draws for every window (each test's browser context) though nobody sees it: ~2 s of CPU a
// context, about 45 % of what a test's new context and first load of the desk cost on two cores.
process.env.DESK_E2E_CHROMIUM = chromium;

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
  // A failed test runs once more, traced (below); passing then does not make the run pass: a test
  // that fails once is flaky, and a flaky test fails the run as a failing one does.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // A failure keeps its screenshot and the page's ARIA snapshot (error-context.md) at once.
    screenshot: 'only-on-failure',
    // The trace (each step's DOM snapshot, the network, the console) is recorded on the retry of a
    // failed test, not on every run to be thrown away when it passes: recording it cost about a
    // fifth of the suite's CPU on two cores (booking-detail, catalogue and shell.spec: 128 → 100 s
    // of CPU, the mean of two runs each), the DOM snapshots most of it. Not the screencast either:
    // filming every paint cost ~11 % of the suite's time (bookings.spec 93 → 83 s).
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
    // No fade-ins or slides: a test sees each screen as it ends up, without waiting a guessed time.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: fileURLToPath(new URL('test/e2e/chromium.sh', import.meta.url)),
      // As root in a container Chromium needs --no-sandbox; the rest keeps it off the closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Without a GPU the compositor still ran in a process of its own, drawing in software and
        // passing every frame across: in the browser's process it took bookings.spec from 81 to 72 s.
        '--in-process-gpu',
        // No optimising compiler (TurboFan): a test's page lives seconds, and compiling its hot
        // code again, optimised, on two cores costs more than it saves (measured on two subsets,
        // interleaved: ~10 % less CPU beside the desk screens, ~5 % less beside axe's sweeps).
        '--js-flags=--no-opt',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
