import type { APIRequestContext, Page, Route } from '@playwright/test';
import { addDays, dateInZone } from '../../shared/dates';
import { expect, saveScreenshot, test, type DeskUnderTest } from './fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from './pages/import';

const ROWS = 3_000;
const BATCH = 500;

/** A bookings file big enough to be caught mid-send: ROWS rows, six batches. */
function bigFile(prefix: string): Buffer {
  const jumpOn = addDays(dateInZone(new Date(), 'Europe/Amsterdam'), 10);
  const lines = ['External id,Name,Jump date'];
  for (let n = 1; n <= ROWS; n++) lines.push(`${prefix}-${n},Person ${n},${jumpOn}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * Holds the n-th batch request (of the real server's batch endpoint) until released, so the
 * test can act while a send is surely under way. What reaches the server is the page's own request.
 */
async function holdBatch(page: Page, n: number) {
  let calls = 0;
  let held: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (held = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/f1/sync/bookings/batch', async (route: Route) => {
    calls++;
    if (calls === n) {
      held();
      await released;
    }
    // The page may have gone (a reload) while the request was held.
    await route.continue().catch(() => undefined);
  });
  return { reached, release };
}

async function startSending(page: Page, desk: DeskUnderTest, prefix: string, fileName: string) {
  await desk.open(page, ImportWizardScreen.route('bookings'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: bigFile(prefix) });
  await wizard.next().click();
  await expect(wizard.countReady()).toHaveText(`${ROWS.toLocaleString('en')} will be sent`);
  await wizard.next().click();
  await wizard.operator().fill('Sam');
  await wizard.send().click();
  return wizard;
}

const stored = (desk: DeskUnderTest, request: APIRequestContext, id: string) =>
  request.get(`${desk.url}/api/f1/sync/bookings/${id}`, { headers: { authorization: `Bearer ${desk.token}` } });

test('Cancel mid-send: what was sent stays sent, the rest is Not sent, in the results and the history', async ({ page, desk, request }) => {
  const gate = await holdBatch(page, 2);
  const wizard = await startSending(page, desk, 'CAN', 'cancel-me.csv');
  await gate.reached;
  await expect(wizard.progressText()).toContainText(`500 of ${ROWS.toLocaleString('en')} sent`);
  await wizard.cancel().click();
  await expect(wizard.progressText()).toContainText('stopping after the batch on its way');
  gate.release();

  // The batch on its way when Cancel was pressed went in; nothing after it.
  await expect(wizard.cancelledBanner()).toContainText(`Cancelled after 1,000 of ${ROWS.toLocaleString('en')} rows`);
  await expect(wizard.cancelledBanner()).toContainText('2,000 rows were not sent');
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 1,000');
  await expect(wizard.outcomeCount('not_sent')).toHaveText('Not sent: 2,000');
  await expect(wizard.rowStatus(wizard.row(wizard.resultsGrid(), 1))).toHaveText('Created');
  await saveScreenshot(page, 'import-cancelled');
  expect((await stored(desk, request, `CAN-${2 * BATCH}`)).status()).toBe(200);
  expect((await stored(desk, request, `CAN-${2 * BATCH + 1}`)).status()).toBe(404);
  expect((await stored(desk, request, `CAN-${ROWS}`)).status()).toBe(404);

  await wizard.openHistory().click();
  const history = new ImportHistoryScreen(page);
  await expect(history.fileName()).toHaveText('cancel-me.csv');
  await expect(history.detail()).toHaveAttribute('data-state', 'cancelled');
  await expect(history.outcomeCount('created')).toHaveText('Created: 1,000');
  await expect(history.outcomeCount('not_sent')).toHaveText('Not sent: 2,000');
  await expect(history.outcomeCount('pending')).toHaveCount(0);
});

test('leaving the wizard mid-send: the send goes on, the status bar shows it, coming back finds the progress and then the results', async ({ page, desk, request }) => {
  const gate = await holdBatch(page, 2);
  const wizard = await startSending(page, desk, 'NAV', 'navigate-away.csv');
  await gate.reached;

  const nav = (name: RegExp) => page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name });
  await nav(/^Bookings/).click();
  await expect(page.getByTestId('import-wizard')).toBeHidden();
  await expect(wizard.statusImporting()).toHaveText(`Importing bookings… 500 / ${ROWS.toLocaleString('en')}`);
  await saveScreenshot(page, 'import-status-bar-badge');

  // The badge leads back to the send, still under way, with its Cancel.
  await wizard.statusImporting().click();
  await expect(wizard.progressText()).toContainText(`500 of ${ROWS.toLocaleString('en')} sent`);
  await expect(wizard.cancel()).toBeEnabled();

  // Away again while it finishes; back to the results.
  await nav(/^Filmers/).click();
  gate.release();
  await expect(wizard.statusImporting()).toBeHidden({ timeout: 30_000 });
  expect((await stored(desk, request, `NAV-${ROWS}`)).status()).toBe(200);
  await page.keyboard.press('Alt+6');
  await expect(wizard.results()).toBeVisible();
  await expect(wizard.outcomeCount('created')).toHaveText(`Created: ${ROWS.toLocaleString('en')}`);
});

test('a reload mid-send asks first; the import is then interrupted in the history with every row, and its unsent rows are retried from there', async ({ page, desk, request }) => {
  const gate = await holdBatch(page, 3);
  await startSending(page, desk, 'INT', 'interrupted.csv');
  await gate.reached;

  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.accept())));
  await page.reload();
  expect(await asked).toBe('beforeunload');
  gate.release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await desk.open(page, ImportHistoryScreen.route);
  const history = new ImportHistoryScreen(page);
  await expect(history.row('interrupted.csv')).toContainText('Interrupted');
  await saveScreenshot(page, 'import-history-interrupted');
  await history.row('interrupted.csv').click();
  await expect(history.detail()).toHaveAttribute('data-state', 'interrupted');
  await expect(history.interrupted()).toContainText('2,000 rows');
  await expect(history.outcomeCount('created')).toHaveText('Created: 1,000');
  await expect(history.outcomeCount('pending')).toHaveText('Not sent yet: 2,000');
  await expect(history.gridRow(1).getByTestId('row-status')).toHaveText('Created');
  await history.failedOnly().click();
  await expect(history.gridRow(1001).getByTestId('row-status')).toHaveText('Not sent yet');
  await saveScreenshot(page, 'import-history-interrupted-detail');
  expect((await stored(desk, request, 'INT-1001')).status()).toBe(404);

  // Retry failed rows: the import back in the wizard at Check, only what did not go in to send.
  await history.retry().click();
  const wizard = new ImportWizardScreen(page);
  await expect(wizard.countReady()).toHaveText('2,000 will be sent');
  await expect(wizard.countDone()).toHaveText('1,000 imported already');
  await wizard.next().click();
  await wizard.send().click();
  await expect(wizard.outcomeCount('created')).toHaveText(`Created: ${ROWS.toLocaleString('en')}`);
  expect((await stored(desk, request, `INT-${ROWS}`)).status()).toBe(200);
  await wizard.openHistory().click();
  await expect(history.detail()).toHaveAttribute('data-state', 'finished');
  await expect(history.outcomeCount('pending')).toHaveCount(0);
});
