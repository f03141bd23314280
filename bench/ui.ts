/**
 * The desk UI's figures for `npm run bench` (how fast the screens answer): with 100,000 bookings in
 * the store, (d) time from navigating to Bookings to the first rows visible, and (e) from typing a
 * name into the search box to the filtered rows shown. Debian's Chromium, headless, as the e2e
 * tests use it.
 */
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { launchChromium } from './chromium';

const FIRST_ROW = '[data-testid="bookings-grid"] [role="row"][aria-rowindex="2"]';

export interface UiFigures {
  /** Cold: a fresh page loads the app at #/bookings until the first row shows. */
  coldMs: number[];
  /** Warm: the app is open on another screen; a click on Bookings until the first row shows. */
  warmMs: number[];
  /** Typing a name (one input event) until the grid shows only matching rows. */
  filterMs: number[];
}

/** Builds the UI where the bench's server serves it from: DESK_UI_DIR when set (as the e2e setup does). */
export function buildRenderer(): void {
  const outDir = process.env.DESK_UI_DIR ? ['--outDir', process.env.DESK_UI_DIR, '--emptyOutDir'] : [];
  execFileSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn', ...outDir], {
    stdio: 'inherit',
  });
}

async function timeUntilFirstRow(page: Page, start: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await start();
  await page.locator(FIRST_ROW).waitFor({ state: 'visible' });
  return performance.now() - started;
}

/** Waits until every visible row's name cell contains the needle and the count has settled. */
async function timeUntilFiltered(page: Page, needle: string): Promise<number> {
  const search = page.getByTestId('bookings-search');
  const started = performance.now();
  await search.fill(needle);
  await page.waitForFunction(
    ([selector, wanted]) => {
      const rows = [...document.querySelectorAll(`${selector} [role="row"]`)].slice(1);
      return rows.length > 0 && rows.every((row) => (row.textContent ?? '').toLowerCase().includes(wanted));
    },
    ['[data-testid="bookings-grid"]', needle.toLowerCase()] as const,
    { polling: 'raf' },
  );
  return performance.now() - started;
}

export async function benchUi(url: string, token: string, needles: readonly string[], runs = 5): Promise<UiFigures> {
  const browser = await launchChromium();
  const figures: UiFigures = { coldMs: [], warmMs: [], filterMs: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      figures.coldMs.push(await timeUntilFirstRow(page, () => page.goto(`${url}/?token=${token}#/bookings`)));

      await page.keyboard.press('Alt+4');
      await page.getByTestId('settings-sync-url').waitFor();
      figures.warmMs.push(await timeUntilFirstRow(page, () => page.getByRole('link', { name: /^Bookings/ }).click()));

      const needle = needles[i % needles.length] as string;
      figures.filterMs.push(await timeUntilFiltered(page, needle));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
