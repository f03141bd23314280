import { readFileSync } from 'node:fs';
import { addDays, dateInZone, daysBetween } from '../../shared/dates';
import { dottedDate, IMPORT_FIXTURES } from '../support/import-fixtures';
import { TEST_TODAY } from '../support/seed';
import { expect, saveScreenshot, test } from './fixtures';
import { ImportWizardScreen } from './pages/import';
import { storedFilmers } from './scenarios/filmers';

/** Today where the seeded dropzone is (the server counts "too old" from it). */
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

test('real files: a First name/Last name/Email sheet of existing filmers updates them; a too-old jump date a booking already has is ready, another is too old', async ({
  page,
  desk,
  request,
}) => {
  await test.step('filmers: a First name/Last name/Email sheet of existing filmers (all with external ids but one) updates them, never a second filmer', async () => {
    const stored = () => storedFilmers(request, desk);
    const before = await stored();

    await desk.open(page, ImportWizardScreen.route('filmers'));
    const wizard = new ImportWizardScreen(page);
    await wizard.fileInput().setInputFiles({
      name: 'filmers-reimport.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(`${IMPORT_FIXTURES}filmers-reimport.csv`),
    });
    await expect(wizard.fieldFor('First name')).toHaveValue('Name: first part (name_first)');
    await expect(wizard.fieldFor('Last name')).toHaveValue('Name: last part (name_last)');
    await expect(page.getByTestId('import-name-parts')).toHaveText(
      'The name is sent as First name + Last name, joined with a space (first row: “Fay Filmer”).',
    );
    await saveScreenshot(page, 'import-filmers-name-parts');
    await wizard.next().click();

    await expect(wizard.countReady()).toHaveText(/^4 /);
    await wizard.next().click();
    await wizard.send().click();
    await expect(wizard.outcomeCount('ok')).toHaveText('Updated: 3');
    await expect(wizard.outcomeCount('created')).toHaveText('Created: 1');

    const after = await stored();
    expect(after.length).toBe(before.length + 1);
    for (const email of ['fay@example.com', 'jo@example.com', 'ivo@example.com', 'new.person@example.com']) {
      expect(
        after.filter((f) => f.email.toLowerCase() === email),
        email,
      ).toHaveLength(1);
    }
    expect(after.find((f) => f.email.toLowerCase() === 'fay@example.com')?.external_id).toBe('F-1');
    expect(after.find((f) => f.email === 'new.person@example.com')?.name).toBe('New Person');
  });

  await test.step('bookings: a too-old jump date the booking already has is ready (looked up by the desk, in one call); another old date is too old, also after a fix', async () => {
    // The seed's DELIVERED-OLD jumped 2026-03-01, moved to today like every seeded date.
    const stored = addDays(today(), daysBetween(TEST_TODAY, '2026-03-01'));
    const file = [
      'Booking ID;Name;Jump date',
      `DELIVERED-OLD;Dora Delivered;${dottedDate(stored)}`,
      `BK-OLD;Olaf Old;${dottedDate(stored)}`,
      `BK-NEW;Nina New;${dottedDate(addDays(today(), 3))}`,
      '',
    ].join('\r\n');

    await desk.open(page, ImportWizardScreen.route('bookings'));
    const wizard = new ImportWizardScreen(page);
    await wizard.fileInput().setInputFiles({ name: 'old-export.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect(wizard.dateFormat()).toHaveValue('DD.MM.YYYY');
    const lookUps: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/f1\/sync\/bookings\/|\/api\/desk\/imports\/stored-jump-dates/.test(request.url()))
        lookUps.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await wizard.next().click();

    const grid = wizard.checkGrid();
    await expect(wizard.rowMessage(wizard.row(grid, 1))).toHaveText('jump date unchanged (too old to change, kept)');
    // Both too-old rows' bookings in one call to the desk; none fetched one by one from the page.
    expect(lookUps).toEqual(['POST /api/desk/imports/stored-jump-dates']);
    await expect(wizard.row(grid, 1)).toHaveAttribute('data-state', 'ready');
    await expect(wizard.rowMessage(wizard.row(grid, 2))).toContainText('booking is too old');
    await expect(wizard.countReady()).toHaveText(/^2 /);
    await saveScreenshot(page, 'import-check-kept-old-date');

    // A fix to the kept row's date: it changes the old date, so it is too old now.
    await wizard.cell(wizard.row(grid, 1), 'Jump date').click();
    await wizard.cellEditor().fill(dottedDate(addDays(stored, 1)));
    await wizard.cellEditor().press('Enter');
    await expect(wizard.rowMessage(wizard.row(grid, 1))).toContainText('booking is too old');
    // Back to the stored date: ready again.
    await wizard.cell(wizard.row(grid, 1), 'Jump date').click();
    await wizard.cellEditor().fill(dottedDate(stored));
    await wizard.cellEditor().press('Enter');
    await expect(wizard.rowMessage(wizard.row(grid, 1))).toHaveText('jump date unchanged (too old to change, kept)');
    // A fix to the other row's id, to a booking stored with that date: looked up, then ready.
    await wizard.cell(wizard.row(grid, 2), 'Booking ID').click();
    await wizard.cellEditor().fill('DELIVERED-OLD');
    await wizard.cellEditor().press('Enter');
    await expect(wizard.rowMessage(wizard.row(grid, 2))).toContainText('is also in row 1');
    await expect(wizard.rowMessage(wizard.row(grid, 2))).not.toContainText('too old');
  });
});
