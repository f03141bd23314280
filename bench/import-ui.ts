/**
 * The import wizard's figures for `npm run bench` (how fast a large import goes): a bookings CSV
 * from the moment the file is chosen to every row's result on screen, clicking through Columns,
 * Check and Send as a person would. With a 50,000-row file it also records the page's long tasks
 * (main-thread work over 50 ms, the browser's own measure of "the page froze") per step, to show
 * the page stays usable.
 */
import type { Browser, Page } from '@playwright/test';
import Papa from 'papaparse';
import { performance } from 'node:perf_hooks';
import { launchChromium } from './chromium';

export interface ImportRunFigures {
  rows: number;
  totalMs: number;
  /** Choosing the file until the Columns step shows it (read and parsed in the worker). */
  readMs: number;
  /** "Check rows" until the counts show. */
  checkMs: number;
  /** "Send" until every result is on screen. */
  sendMs: number;
  /** Longest main-thread task per phase (ms), 0 when none passed 50 ms. */
  longestTaskMs: { read: number; check: number; send: number };
  /** Main-thread time in long tasks over the whole run (ms), the file hand-over excluded. */
  blockedMs: number;
  /** Longest task while the test harness hands the file to the page (not the app's doing). */
  handOverMs: number;
}

/** Bookings as a European spreadsheet would save them: `;`, DD.MM.YYYY, a BOM. */
export function bookingsCsv(
  bookings: readonly {
    external_id: string;
    name: string;
    email: string;
    mobile: string;
    jump_on: string;
    language: string;
    camera_package: string | null;
  }[],
): Buffer {
  const data = bookings.map((b) => {
    const [y, m, d] = b.jump_on.split('-');
    return [b.external_id, b.name, b.email, b.mobile, `${d}.${m}.${y}`, b.language, b.camera_package ?? ''];
  });
  const csv = Papa.unparse(
    { fields: ['Booking ID', 'Name', 'E-mail', 'Phone', 'Jump date', 'Language', 'Package'], data },
    { delimiter: ';', newline: '\r\n' },
  );
  return Buffer.from(`\uFEFF${csv}\r\n`, 'utf8');
}

/** Long tasks since the last call: the browser reports each task that held the main thread over 50 ms. */
async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    const taken = w.__longTasks;
    w.__longTasks = [];
    return taken;
  });
}

async function oneRun(
  browser: Browser,
  url: string,
  token: string,
  fileName: string,
  csv: Buffer,
  rows: number,
): Promise<ImportRunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  try {
    await page.goto(`${url}/?token=${token}#/import/bookings`);
    await page.getByTestId('import-file-input').waitFor({ state: 'attached' });
    await takeLongTasks(page);

    const started = performance.now();
    await page.getByTestId('import-file-input').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: csv });
    // Handing a file to the page through the DevTools protocol blocks the page itself for a
    // while (a person's file pick does not): that time counts in the total, not in the page's tasks.
    const pickTasks = await takeLongTasks(page);
    await page.getByTestId('import-mapping-table').waitFor();
    const read = performance.now();
    const readTasks = await takeLongTasks(page);

    await page.getByTestId('import-next').click();
    await page
      .getByTestId('count-ready')
      .filter({ hasText: `${rows.toLocaleString('en')} will be sent` })
      .waitFor();
    const checked = performance.now();
    const checkTasks = await takeLongTasks(page);

    await page.getByTestId('import-next').click();
    await page.getByTestId('import-send').click();
    await page.getByTestId('import-results').waitFor();
    const created = page.getByTestId('outcome-count-created');
    await created.filter({ hasText: `Created: ${rows.toLocaleString('en')}` }).waitFor();
    await page.getByRole('grid', { name: 'Import results' }).locator('[role="row"][data-row-number="1"]').waitFor();
    const done = performance.now();
    const sendTasks = await takeLongTasks(page);

    const longest = (tasks: number[]) => Math.round(Math.max(0, ...tasks));
    const all = [...readTasks, ...checkTasks, ...sendTasks];
    return {
      rows,
      totalMs: done - started,
      readMs: read - started,
      checkMs: checked - read,
      sendMs: done - checked,
      longestTaskMs: { read: longest(readTasks), check: longest(checkTasks), send: longest(sendTasks) },
      blockedMs: Math.round(all.reduce((a, b) => a + b, 0)),
      handOverMs: longest(pickTasks),
    };
  } finally {
    await context.close();
  }
}

/** Runs the wizard `runs` times over `files` (one per run: fresh external ids each time, so every row is created). */
export async function benchImportUi(
  url: string,
  token: string,
  files: readonly { name: string; csv: Buffer; rows: number }[],
): Promise<ImportRunFigures[]> {
  const browser = await launchChromium();
  try {
    const figures: ImportRunFigures[] = [];
    for (const file of files) figures.push(await oneRun(browser, url, token, file.name, file.csv, file.rows));
    return figures;
  } finally {
    await browser.close();
  }
}
