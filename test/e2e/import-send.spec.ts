import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, dateInZone } from '../../shared/dates';
import { saveScreenshot, type DeskUnderTest } from './fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from './pages/import';
import { expect, test } from './proxied-desk';

const ROWS = 3_000;
const BATCH = 500;

/** A bookings file of `rows` rows (six batches for 3,000). */
function bigFile(prefix: string, rows = ROWS): Buffer {
  const jumpOn = addDays(dateInZone(new Date(), 'Europe/Amsterdam'), 10);
  const lines = ['External id,Name,Jump date'];
  for (let n = 1; n <= rows; n++) lines.push(`${prefix}-${n},Person ${n},${jumpOn}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Through Columns and Check to Send, as a person clicks. */
async function toSendStep(page: Page, desk: DeskUnderTest, prefix: string, fileName: string, rows = ROWS) {
  await desk.open(page, ImportWizardScreen.route('bookings'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: bigFile(prefix, rows) });
  await wizard.next().click();
  await expect(wizard.countReady()).toHaveText(`${rows.toLocaleString('en')} will be sent`);
  await wizard.next().click();
  await wizard.operator().fill('Sam');
  return wizard;
}

/**
 * Presses Send and waits until the desk has taken the rows: its answer to the hand-over, and the
 * page saying so (the desk is sending, closing does not stop it; or, already, the results).
 */
async function sendAndHandOver(page: Page, wizard: ImportWizardScreen): Promise<number> {
  const handedOver = page.waitForResponse(
    (r) => r.url().endsWith('/api/desk/imports') && r.request().method() === 'POST',
  );
  await wizard.send().click();
  const answer = await handedOver;
  expect(answer.status()).toBe(201);
  await expect(wizard.sendingNote().or(wizard.results())).toBeVisible();
  return (await answer.json()).id as number;
}

/** Clicks a Cancel and waits for the desk's answer: the page shows "stopping" before the desk has heard. */
async function cancelAndHeard(page: Page, cancel: Locator): Promise<void> {
  const heard = page.waitForResponse(
    (r) => /\/api\/desk\/imports\/\d+\/cancel$/.test(r.url()) && r.request().method() === 'POST',
  );
  await cancel.click();
  expect((await heard).status()).toBe(202);
}

const storedLocally = (desk: DeskUnderTest, request: APIRequestContext, id: string) =>
  request.get(`${desk.url}/api/f1/sync/bookings/${id}`, { headers: { authorization: `Bearer ${desk.token}` } });

test('the page closed as soon as the desk has the rows: every row lands, and the history (a new page) shows the import finished', async ({
  page,
  desk,
  request,
  context,
}) => {
  const rows = 5_000;
  const wizard = await toSendStep(page, desk, 'GONE', 'close-at-once.csv', rows);
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.accept();
  });
  await sendAndHandOver(page, wizard);
  // Closed at once, as a person closing the window would: the page is not asked to stay.
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(asked).toBe(false);

  const later = await context.newPage();
  await desk.open(later, ImportHistoryScreen.route);
  const history = new ImportHistoryScreen(later);
  const entry = history.row('close-at-once.csv');
  await expect(entry).toContainText('Finished', { timeout: 30_000 });
  await expect(entry).toContainText(`Created: ${rows.toLocaleString('en')}`);
  await entry.click();
  await expect(history.detail()).toHaveAttribute('data-state', 'finished');
  await expect(history.outcomeCount('created')).toHaveText(`Created: ${rows.toLocaleString('en')}`);
  await expect(history.outcomeCount('pending')).toHaveCount(0);
  for (const n of [1, 2_500, rows])
    expect((await storedLocally(desk, request, `GONE-${n}`)).status(), `GONE-${n}`).toBe(200);
});

test('Cancel mid-send: the batch on its way finishes, the rest is Not sent, in the results and the history', async ({
  page,
  desk,
  request,
  remote,
}) => {
  await remote.connect(request, desk);
  const held = remote.holdBatch(2);
  const wizard = await toSendStep(page, desk, 'CAN', 'cancel-me.csv');
  await sendAndHandOver(page, wizard);
  await held.reached;
  await expect(wizard.progressText()).toContainText(`500 of ${ROWS.toLocaleString('en')} sent`);
  await cancelAndHeard(page, wizard.cancel());
  await expect(wizard.progressText()).toContainText('stopping after the batch on its way');
  held.open();

  await expect(wizard.cancelledBanner()).toContainText(`Cancelled after 1,000 of ${ROWS.toLocaleString('en')} rows`);
  await expect(wizard.cancelledBanner()).toContainText('2,000 rows were not sent');
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 1,000');
  await expect(wizard.outcomeCount('not_sent')).toHaveText('Not sent: 2,000');
  await expect(wizard.rowStatus(wizard.row(wizard.resultsGrid(), 1))).toHaveText('Created');
  await saveScreenshot(page, 'import-cancelled');
  expect((await remote.get(request, `/bookings/CAN-${2 * BATCH}`)).status()).toBe(200);
  expect((await remote.get(request, `/bookings/CAN-${2 * BATCH + 1}`)).status()).toBe(404);
  expect((await remote.get(request, `/bookings/CAN-${ROWS}`)).status()).toBe(404);

  await wizard.openHistory().click();
  const history = new ImportHistoryScreen(page);
  await expect(history.fileName()).toHaveText('cancel-me.csv');
  await expect(history.detail()).toHaveAttribute('data-state', 'cancelled');
  await expect(history.outcomeCount('created')).toHaveText('Created: 1,000');
  await expect(history.outcomeCount('not_sent')).toHaveText('Not sent: 2,000');
  await expect(history.outcomeCount('pending')).toHaveCount(0);
});

test('leaving the wizard mid-send: the send goes on, the status bar shows it, coming back finds the progress and then the results', async ({
  page,
  desk,
  request,
  remote,
}) => {
  await remote.connect(request, desk);
  const held = remote.holdBatch(2);
  const wizard = await toSendStep(page, desk, 'NAV', 'navigate-away.csv');
  await sendAndHandOver(page, wizard);
  await held.reached;

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
  held.open();
  await expect(wizard.statusImporting()).toBeHidden({ timeout: 30_000 });
  expect((await remote.get(request, `/bookings/NAV-${ROWS}`)).status()).toBe(200);
  await page.keyboard.press('Alt+6');
  await expect(wizard.results()).toBeVisible();
  await expect(wizard.outcomeCount('created')).toHaveText(`Created: ${ROWS.toLocaleString('en')}`);
});

test("a second window follows the import the first one sends: the badge, the history's progress, then Finished; a reload of the first asks nothing", async ({
  page,
  desk,
  request,
  remote,
  context,
}) => {
  await remote.connect(request, desk);
  const held = remote.holdBatch(2);
  const wizard = await toSendStep(page, desk, 'TWO', 'two-windows.csv');
  const id = await sendAndHandOver(page, wizard);
  await held.reached;

  const second = await context.newPage();
  await desk.open(second, ImportHistoryScreen.route);
  const history = new ImportHistoryScreen(second);
  await expect(new ImportWizardScreen(second).statusImporting()).toHaveText(
    `Importing bookings… 500 / ${ROWS.toLocaleString('en')}`,
  );
  await expect(history.row('two-windows.csv')).toContainText('Running');
  // The second window's badge leads to the import in the history (the wizard that sent it is the first window's).
  await new ImportWizardScreen(second).statusImporting().click();
  await expect(second).toHaveURL(new RegExp(`#/imports/${id}$`));
  await expect(history.running()).toContainText(`500 of ${ROWS.toLocaleString('en')} sent`);
  await saveScreenshot(second, 'import-history-running');

  // The first window reloads: the desk has the rows, so nothing asks, and nothing stops.
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
  expect(asked).toBe(false);

  held.open();
  await expect(history.detail()).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  await expect(history.outcomeCount('created')).toHaveText(`Created: ${ROWS.toLocaleString('en')}`);
  await expect(new ImportWizardScreen(second).statusImporting()).toBeHidden();
});

test('a second window cancels an import the first one sends', async ({ page, desk, request, remote, context }) => {
  await remote.connect(request, desk);
  const held = remote.holdBatch(2);
  const wizard = await toSendStep(page, desk, 'STOP', 'stopped-elsewhere.csv');
  const id = await sendAndHandOver(page, wizard);
  await held.reached;

  const second = await context.newPage();
  await desk.open(second, ImportHistoryScreen.detailRoute(id));
  const history = new ImportHistoryScreen(second);
  await cancelAndHeard(second, history.cancel());
  await expect(history.running()).toContainText('Stopping after the batch on its way');
  // The first window hears it too.
  await expect(wizard.progressText()).toContainText('stopping after the batch on its way');
  held.open();
  await expect(history.detail()).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
  await expect(wizard.cancelledBanner()).toContainText(`Cancelled after 1,000 of ${ROWS.toLocaleString('en')} rows`);
});
