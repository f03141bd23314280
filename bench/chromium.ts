import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium (Playwright's own browsers cannot be downloaded here), or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the UI figures cannot be taken here, or null when they can. */
export function uiBenchUnavailable(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/**
 * Chromium, headless, started as the e2e tests start it (test/e2e/chromium.sh): without the address
 * bar's popup that a headless Chromium draws for every browser context (~2 s of CPU each on two
 * cores, beside the page being timed). A desktop window of the app has no address bar at all, so
 * what the bench times is the desk's page, not the browser's own.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: fileURLToPath(new URL('../test/e2e/chromium.sh', import.meta.url)),
    env: { ...process.env, DESK_E2E_CHROMIUM: CHROMIUM },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
