import { readFileSync } from 'node:fs';
import { IMPORT_FIXTURES } from '../support/import-fixtures';
import { expect, saveScreenshot, test } from './fixtures';
import { ImportWizardScreen } from './pages/import';
import { storedFilmers } from './scenarios/filmers';

test('filmers: blank and invalid e-mails are caught before sending; an existing filmer is updated, never doubled; a fixed row goes on retry', async ({
  page,
  desk,
  request,
}) => {
  const stored = () => storedFilmers(request, desk);
  const before = await stored();

  await desk.open(page, ImportWizardScreen.route('filmers'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({
    name: 'filmers.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(`${IMPORT_FIXTURES}filmers.csv`),
  });
  await expect(wizard.fieldFor('Email')).toHaveValue('E-mail (email)');
  await expect(wizard.fieldFor('Tandem instructor')).toHaveValue('Tandem instructor (tandem_instructor)');
  await wizard.next().click();

  const grid = wizard.checkGrid();
  await expect(wizard.countReady()).toHaveText('3 will be sent');
  await expect(wizard.countProblem()).toHaveText('3 with problems (not sent until fixed)');
  await expect(wizard.rowMessage(wizard.row(grid, 3))).toHaveText("Email can't be blank");
  await expect(wizard.rowMessage(wizard.row(grid, 4))).toHaveText('Email is invalid');
  await expect(wizard.rowMessage(wizard.row(grid, 6))).toContainText('Videographer "maybe" must be yes or no');
  await saveScreenshot(page, 'import-filmers-check');

  // Fix the invalid e-mail in place; leave the rest for later.
  await wizard.cell(wizard.row(grid, 4), 'Email').click();
  await wizard.cellEditor().fill('ivan@example.com');
  await wizard.cellEditor().press('Enter');
  await expect(wizard.countReady()).toHaveText('4 will be sent');

  await wizard.next().click();
  await wizard.send().click();
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 3');
  await expect(wizard.outcomeCount('ok')).toHaveText('Updated: 1');
  await expect(wizard.outcomeCount('left_out')).toHaveText('Left out: 2');
  await saveScreenshot(page, 'import-filmers-results');

  // Retry: the blank e-mail filled in; only the failed rows go, so nothing is created twice.
  await wizard.retry().click();
  await wizard.cell(wizard.row(grid, 3), 'Email').click();
  await wizard.cellEditor().fill('hana@example.com');
  await wizard.cellEditor().press('Enter');
  await wizard.cell(wizard.row(grid, 6), 'Videographer').click();
  await wizard.cellEditor().fill('no');
  await wizard.cellEditor().press('Enter');
  await expect(wizard.countReady()).toHaveText('2 will be sent');
  await wizard.next().click();
  await wizard.send().click();
  await expect(wizard.outcomeCount('created')).toHaveText('Created: 5');
  await expect(wizard.outcomeCount('left_out')).toHaveCount(0);

  const after = await stored();
  expect(after.length).toBe(before.length + 5);
  for (const email of [
    'fay@example.com',
    'gus@example.com',
    'hana@example.com',
    'ivan@example.com',
    'jade@example.com',
    'kim@example.com',
  ]) {
    expect(
      after.filter((f) => f.email === email),
      email,
    ).toHaveLength(1);
  }
  expect(after.find((f) => f.external_id === 'F-20')?.videographer).toBe(true);
  expect(after.find((f) => f.external_id === 'F-24')?.name).toBe('Kim, the Flyer');
});
