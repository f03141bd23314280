import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { addDays, dateInZone } from '../../shared/dates';
import { renderImportFixture } from '../support/import-fixtures';
import { expect, saveScreenshot, test } from './fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from './pages/import';

/** Today where the seeded dropzone is (the server counts "too old" from it). */
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

test('a messy bookings CSV through every step; fix one row and retry; the results CSV; the history after a reload', async ({
  page,
  desk,
  request,
}) => {
  // The whole journey, then Retry from the history over a wizard with work: past 30 s beside another worker.
  test.slow();
  await desk.open(page, ImportWizardScreen.route('bookings'));
  const wizard = new ImportWizardScreen(page);
  const grid = wizard.checkGrid();
  const history = new ImportHistoryScreen(page);
  // Moved between screens inside the page: a new page load would drop the wizard.
  const go = (route: string) => page.evaluate((hash) => (window.location.hash = hash), route);
  await saveScreenshot(page, 'import-source');

  await test.step('1. Source: the file as a European spreadsheet writes it', async () => {
    await wizard.fileInput().setInputFiles({
      name: 'bookings-messy.csv',
      mimeType: 'text/csv',
      buffer: renderImportFixture('bookings-messy.csv', today()),
    });
  });

  await test.step('2. Columns: matched by name and synonyms; the date format guessed from the data', async () => {
    await expect(wizard.sourceSummary()).toContainText('bookings-messy.csv: 9 rows, 9 columns');
    await expect(wizard.sourceSummary()).toContainText('semicolon');
    await expect(wizard.fieldFor('Booking ID')).toHaveValue('External id (external_id)');
    await expect(wizard.fieldFor('Jump date')).toHaveValue('Jump date (jump_on)');
    await expect(wizard.fieldFor('Phone')).toHaveValue('Mobile (mobile)');
    await expect(wizard.fieldFor('Internal code')).toHaveValue('Ignore this column');
    await expect(wizard.fieldFor('Column 9')).toHaveValue('Ignore this column');
    await expect(wizard.dateFormat()).toHaveValue('DD.MM.YYYY');
    await saveScreenshot(page, 'import-columns');
    await wizard.next().click();
  });

  await test.step('3. Check: good rows ready; too old, missing id and the duplicate pair flagged with the reason', async () => {
    await expect(wizard.countReady()).toHaveText('5 will be sent');
    await expect(wizard.countProblem()).toHaveText('4 with problems (not sent until fixed)');
    await expect(wizard.rowMessage(wizard.row(grid, 3))).toContainText('booking is too old');
    await expect(wizard.rowMessage(wizard.row(grid, 4))).toHaveText('requires external id');
    await expect(wizard.cell(wizard.row(grid, 4), 'Booking ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.rowMessage(wizard.row(grid, 5))).toHaveText('External id BK-105 is also in row 6');
    await expect(wizard.cell(wizard.row(grid, 2), 'Notes')).toContainText('Line one');
    await saveScreenshot(page, 'import-check');
  });

  await test.step('4. Send what is ready; the rows with problems are recorded as left out', async () => {
    await wizard.next().click();
    await wizard.operator().fill('Rita');
    await expect(wizard.send()).toHaveText('Send 5 bookings');
    await wizard.send().click();
  });

  await test.step('5. Results, row by row', async () => {
    await expect(wizard.results()).toBeVisible();
    await expect(wizard.outcomeCount('created')).toHaveText('Created: 3');
    await expect(wizard.outcomeCount('partial_update')).toHaveText('Saved in part: 1');
    await expect(wizard.outcomeCount('conflict')).toHaveText('Conflict: 1');
    await expect(wizard.outcomeCount('left_out')).toHaveText('Left out: 4');
    const results = wizard.resultsGrid();
    await expect(wizard.rowMessage(wizard.row(results, 7))).toHaveText(
      'product locked, some changes ignored (kept: camera_package)',
    );
    await expect(wizard.rowMessage(wizard.row(results, 8))).toContainText('external_id cannot be reused');
    await saveScreenshot(page, 'import-results');
  });

  await test.step('Retry: fix the row without an id, leave one of the duplicates out, send only what failed', async () => {
    await wizard.retry().click();
    await expect(wizard.checkGrid()).toBeVisible();
    await wizard.cell(wizard.row(grid, 4), 'Booking ID').click();
    await wizard.cellEditor().fill('BK-104');
    await wizard.cellEditor().press('Enter');
    await expect(wizard.rowStatus(wizard.row(grid, 4))).toHaveText('Ready');
    // A row with a problem shows a dash (not sent until fixed); a click leaves it out.
    await expect(wizard.sendToggle(wizard.row(grid, 6))).not.toBeChecked();
    await wizard.sendToggle(wizard.row(grid, 6)).click();
    await expect(wizard.rowStatus(wizard.row(grid, 5))).toHaveText('Ready');
    // The conflict would only conflict again.
    await wizard.sendToggle(wizard.row(grid, 8)).uncheck();
    await expect(wizard.countReady()).toHaveText('2 will be sent');
    await saveScreenshot(page, 'import-retry-check');
    await wizard.next().click();
    await wizard.send().click();
    await expect(wizard.outcomeCount('created')).toHaveText('Created: 5');
    await expect(wizard.outcomeCount('left_out')).toHaveText('Left out: 3');
    await expect(wizard.outcomeCount('conflict')).toHaveCount(0);
  });

  await test.step('What the server holds: the retried rows once each, the fixed one under its new id', async () => {
    const get = (id: string) =>
      request.get(`${desk.url}/api/f1/sync/bookings/${id}`, { headers: { authorization: `Bearer ${desk.token}` } });
    expect((await get('BK-104')).status()).toBe(200);
    const dave = await (await get('BK-105')).json();
    expect(dave.name).toBe('Dave Visser');
    expect((await get('BK-103')).status()).toBe(404);
    const ben = await (await get('BK-102')).json();
    expect(ben.name).toBe('Ben "Big" Bakker');
    expect(ben.reference).toBe('Line one\r\nline two');
    expect(ben.jump_on).toBe(addDays(today(), 5));
  });

  await test.step("The results CSV: the file's columns, then status and message, row by row", async () => {
    const download = page.waitForEvent('download');
    await wizard.downloadResults().click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bookings-messy-results.csv');
    const csv = readFileSync((await file.path()) as string, 'utf8');
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([
      'Booking ID',
      'Name',
      'E-mail',
      'Jump date',
      'Camera package',
      'Phone',
      'Notes',
      'Internal code',
      'Column 9',
      'Import status',
      'Import message',
    ]);
    const statusOf = (id: string) => parsed.data.find((r) => r[0] === id)?.[9];
    expect(parsed.data.slice(1).map((r) => r[9])).toEqual([
      'created',
      'created',
      'left_out',
      'created',
      'created',
      'left_out',
      'partial_update',
      'left_out',
      'created',
    ]);
    expect(statusOf('BK-104')).toBe('created');
    expect(parsed.data[3]?.[10]).toContain('booking is too old');
  });

  await test.step('The history keeps it, also after a reload', async () => {
    await page.reload();
    await desk.open(page, ImportHistoryScreen.route);
    const entry = history.row('bookings-messy.csv');
    await expect(entry).toContainText('Rita');
    await expect(entry).toContainText('Finished');
    await expect(entry).toContainText('Created: 5');
    await saveScreenshot(page, 'import-history');
    await entry.click();
    await expect(history.fileName()).toHaveText('bookings-messy.csv');
    await expect(history.outcomeCount('partial_update')).toHaveText('Saved in part: 1');
    await expect(history.gridRow(4).getByTestId('row-status')).toHaveText('Created');
    await history.failedOnly().click();
    await expect(history.rowsGrid().locator('[role="row"][data-row-number]')).toHaveCount(3);
    await saveScreenshot(page, 'import-history-detail');
    const failedDownload = page.waitForEvent('download');
    await history.downloadFailed().click();
    const failedCsv = readFileSync((await (await failedDownload).path()) as string, 'utf8');
    expect(failedCsv.trim().split('\r\n')).toHaveLength(4);
  });

  await test.step('Retry from the history while a bookings wizard holds a pasted row not sent: asked first', async () => {
    await go(ImportWizardScreen.route('bookings'));
    await wizard.paste().fill(`External id\tName\tJump date\nHOLD-1\tHanna Held\t${addDays(today(), 3)}\n`);
    await wizard.usePasted().click();
    await expect(wizard.root()).toHaveAttribute('data-step', 'columns');
    await go(ImportHistoryScreen.route);
    await history.row('bookings-messy.csv').click();
    await history.retry().click();
    await expect(history.retryConfirm()).toContainText(
      'An import of bookings is open with 1 row not sent yet. Replace it with import',
    );
    // The picture once the dialog has faded in (Mantine's transition), not halfway.
    await expect(
      history.retryConfirm().locator('xpath=ancestor-or-self::*[contains(@class,"mantine-Modal-content")]'),
    ).toHaveCSS('opacity', '1');
    await saveScreenshot(page, 'import-history-retry-confirm');
    await history.retryKeep().click();
    await expect(history.retryConfirm()).toHaveCount(0);
    await expect(history.detail()).toBeVisible();
  });

  await test.step('Replaced: the import (dates DD.MM.YYYY) is read from the history once, not again as its date format is set', async () => {
    const reads: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/desk\/imports\/\d+(\/rows\?.*per_page=10000)?$/.test(req.url())) reads.push(req.url());
    });
    await history.retry().click();
    await history.retryReplace().click();
    await expect(wizard.root()).toHaveAttribute('data-step', 'check');
    await expect(wizard.countDone()).toHaveText('6 imported already');
    await go(ImportHistoryScreen.route);
    await expect(history.row('bookings-messy.csv')).toBeVisible();
    expect(reads.map((url) => url.replace(/^.*\/imports\//, ''))).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+\/rows\?/),
    ]);
  });
});

test('Import… on Bookings opens the wizard; a file that cannot be read says why; pasted cells work', async ({
  page,
  desk,
}) => {
  await desk.open(page, '/bookings');
  const wizard = new ImportWizardScreen(page);
  await wizard.openFromList('bookings');
  await expect(wizard.root()).toHaveAttribute('data-kind', 'bookings');
  await wizard.fileInput().setInputFiles({
    name: 'bookings.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
  });
  await expect(wizard.sourceError()).toContainText('spreadsheet workbook');
  await wizard.fileInput().setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(wizard.sourceError()).toContainText('The file is empty.');

  const cells = `External id\tName\tJump date\tNotes\nPASTE-1\tPia Paste\t${addDays(today(), 2)}\tcall first\n`;
  await wizard.paste().fill(cells);
  await wizard.usePasted().click();
  await expect(wizard.sourceSummary()).toContainText('Pasted cells: 1 rows, 4 columns');
  await expect(wizard.fieldFor('Notes')).toHaveValue('Reference (reference)');
  // A choice made by hand is remembered for the next file with these headers.
  await wizard.fieldFor('Notes').click();
  await wizard.option('Ignore this column').click();
  const remembered = page.waitForResponse(
    (r) => r.url().includes('/api/desk/import-mappings') && r.request().method() === 'PUT',
  );
  await wizard.next().click();
  expect((await remembered).status()).toBe(200);
  await expect(wizard.countReady()).toHaveText('1 will be sent');

  // Checked rows not sent yet would be lost: the page asks before it goes.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.accept())),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await desk.open(page, ImportWizardScreen.route('bookings'));
  await wizard.paste().fill(cells);
  await wizard.usePasted().click();
  await expect(wizard.fieldFor('Notes')).toHaveValue('Ignore this column');
  await expect(wizard.fieldFor('Name')).toHaveValue('Name (name)');
});
