import type { APIRequestContext, Page } from '@playwright/test';
import { dateInZone } from '../../../shared/dates';
import { renderImportFixture } from '../../support/import-fixtures';
import { expect } from '../fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from '../pages/import';
import type { ScenarioDesk } from './desk';

/**
 * A small bookings CSV (test/fixtures/import/bookings-small.csv) through the whole wizard: the
 * file read by the parse worker, the columns matched, the check, the send in a batch and the
 * history. In the desktop app this is the riskiest path under app:// (a module worker loaded from
 * a custom scheme, batches relayed to the server); small-import.spec.ts runs the same scenario in
 * the browser, so the scenario itself is proven wherever Electron is not.
 */
export async function importSmallBookingsCsv(
  page: Page,
  desk: ScenarioDesk,
  request: APIRequestContext,
): Promise<void> {
  const today = dateInZone(new Date(), 'Europe/Amsterdam');
  await desk.open(page, ImportWizardScreen.route('bookings'));
  const wizard = new ImportWizardScreen(page);
  await wizard.fileInput().setInputFiles({
    name: 'bookings-small.csv',
    mimeType: 'text/csv',
    buffer: renderImportFixture('bookings-small.csv', today),
  });

  await expect(wizard.sourceSummary()).toContainText('bookings-small.csv: 4 rows, 5 columns');
  await expect(wizard.fieldFor('External id')).toHaveValue('External id (external_id)');
  await expect(wizard.fieldFor('Jump date')).toHaveValue('Jump date (jump_on)');
  await expect(wizard.dateFormat()).toHaveValue('DD.MM.YYYY');
  await wizard.next().click();

  const grid = wizard.checkGrid();
  // Counts by number: the badges' wording belongs to the wizard, not to this scenario.
  await expect(wizard.countReady()).toHaveText(/^3\b/);
  await expect(wizard.countProblem()).toHaveText(/^1\b/);
  await expect(wizard.rowMessage(wizard.row(grid, 3))).toContainText('requires external id');
  await wizard.next().click();
  await wizard.operator().fill('Sam');
  await expect(wizard.send()).toContainText('3 bookings');
  await wizard.send().click();

  await expect(wizard.results()).toBeVisible();
  await expect(wizard.outcomeCount('created')).toHaveText(/\b3$/);
  await expect(wizard.outcomeCount('left_out')).toHaveText(/\b1$/);
  await desk.screenshot(page, 'import-small-results');

  // Stored, past the UI.
  const stored = await request.get(`${desk.url}/api/f1/sync/bookings/SM-4`, {
    headers: { authorization: `Bearer ${desk.token}` },
  });
  expect(stored.status()).toBe(200);
  expect((await stored.json()).name).toBe('Uma Unit');

  await desk.open(page, ImportHistoryScreen.route);
  const entry = new ImportHistoryScreen(page).row('bookings-small.csv');
  await expect(entry).toContainText('Sam');
  await expect(entry).toContainText(/Created: 3(?!\d)/);
}
