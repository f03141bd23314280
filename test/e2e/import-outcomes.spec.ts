import type { APIRequestContext } from '@playwright/test';
import { addDays, dateInZone } from '../../shared/dates';
import { saveScreenshot, type DeskUnderTest } from './fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from './pages/import';
import { expect, test } from './proxied-desk';

const today = () => dateInZone(new Date(), 'Europe/Amsterdam');
const api = (desk: DeskUnderTest, request: APIRequestContext) => {
  const headers = { authorization: `Bearer ${desk.token}` };
  return {
    get: (path: string) => request.get(`${desk.url}/api/f1/sync${path}`, { headers }),
  };
};

test('bookings: an existing booking is updated (ok), a new one created; the grid is driven from the keyboard', async ({
  page,
  desk,
  request,
}) => {
  const sync = api(desk, request);
  const csv = [
    'External id,Name,Jump date',
    `NO-PRODUCT,Nina Renamed,${addDays(today(), 6)}`,
    `KEY-NEW,Kees New,${addDays(today(), 6)}`,
    `,Nobody,${addDays(today(), 6)}`,
  ].join('\n');
  await desk.open(page, ImportWizardScreen.route('bookings'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({ name: 'update.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await wizard.next().click();
  const grid = wizard.checkGrid();
  await expect(wizard.countReady()).toHaveText('2 will be sent');
  await expect(wizard.countProblem()).toHaveText('1 with problems (not sent until fixed)');
  // The row with a problem is not ticked: it will not be sent as it is.
  await expect(wizard.sendToggle(wizard.row(grid, 3))).not.toBeChecked();
  await expect(wizard.sendToggle(wizard.row(grid, 1))).toBeChecked();

  // Keyboard: into the grid, down two rows to the row without an id, fix it with Enter, type, Enter.
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('[data-focused]')).toHaveAttribute('data-column', 'External id');
  await expect(wizard.focusMessage()).toContainText('Row 3: requires external id');
  await saveScreenshot(page, 'import-check-keyboard');
  await page.keyboard.press('Enter');
  await expect(wizard.cellEditor()).toBeFocused();
  await page.keyboard.type('KEY-FIXED');
  await page.keyboard.press('Enter');
  await expect(wizard.cell(wizard.row(grid, 3), 'External id')).toHaveText('KEY-FIXED');
  await expect(wizard.countReady()).toHaveText('3 will be sent');
  // Esc undoes an edit; F2 opens the editor too.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('F2');
  await page.keyboard.type(' extra');
  await page.keyboard.press('Escape');
  await expect(wizard.cell(wizard.row(grid, 3), 'Name')).toHaveText('Nobody');
  // Space leaves the row out and puts it back.
  await page.keyboard.press('Space');
  await expect(wizard.rowStatus(wizard.row(grid, 3))).toHaveText('Left out');
  await expect(wizard.countReady()).toHaveText('2 will be sent');
  await page.keyboard.press('Space');
  await expect(wizard.countReady()).toHaveText('3 will be sent');

  await wizard.next().click();
  await wizard.send().click();
  await expect(wizard.outcomeCount('ok')).toHaveText('Updated: 1');
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 2');
  expect((await (await sync.get('/bookings/NO-PRODUCT')).json()).name).toBe('Nina Renamed');
  expect((await sync.get('/bookings/KEY-FIXED')).status()).toBe(200);
});

test("filmers (proxy mode): a filmer another desk deletes on the remote between the look-up and the send comes back not_found, with the remote's words, in the results and the history", async ({
  page,
  desk,
  request,
  remote,
}) => {
  // The desk addresses an existing filmer by the id it looked up on the remote (a file never
  // carries the remote's ids: fields.ts). Another desk deleting that filmer meanwhile is how a
  // real import meets not_found; in local mode the look-up and the send are one transaction.
  await remote.connect(request, desk);
  const jo = (
    (await (await remote.get(request, '/filmers?include_all=true')).json()) as {
      id: number;
      external_id: string | null;
    }[]
  ).find((f) => f.external_id === 'F-3');
  expect(jo).toBeDefined();
  remote.act(async ({ method, url }) => {
    if (method === 'POST' && url.endsWith('/filmers/batch'))
      expect((await remote.delete(request, `/filmers/${jo!.id}`)).status()).toBe(204);
  });

  const csv = ['Name,Email,External ID', 'Jo Jumper,jo@example.com,F-3', 'Nell New,nell@example.com,F-90'].join('\n');
  await desk.open(page, ImportWizardScreen.route('filmers'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({ name: 'filmers-gone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await wizard.next().click();
  await expect(wizard.countReady()).toHaveText('2 will be sent');
  await wizard.next().click();
  await wizard.send().click();
  await expect(wizard.outcomeCount('not_found')).toHaveText('Not found: 1');
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 1');
  await expect(wizard.rowMessage(wizard.row(wizard.resultsGrid(), 1))).toHaveText('filmer not found');
  await expect(wizard.retry()).toHaveText('Fix and retry failed rows (1)');

  await wizard.openHistory().click();
  const history = new ImportHistoryScreen(page);
  await expect(history.outcomeCount('not_found')).toHaveText('Not found: 1');
  await expect(history.gridRow(1).getByTestId('row-status')).toHaveText('Not found');
});
