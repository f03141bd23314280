import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { FilmersScreen } from '../pages/filmers';
import type { Filmer } from '../../../shared/schemas/filmer';
import type { ScenarioDesk } from './desk';

/** Filmers scenarios shared by the browser e2e (filmers.spec.ts) and the desktop app's suite. */

/** What the server holds, read past the UI: proves a write happened (or did not). */
export async function storedFilmers(
  request: APIRequestContext,
  desk: Pick<ScenarioDesk, 'url' | 'token'>,
): Promise<Filmer[]> {
  const response = await request.get(`${desk.url}/api/f1/sync/filmers?include_all=true`, {
    headers: { authorization: `Bearer ${desk.token}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** N opens a new filmer form; the created filmer is listed and stored. */
export async function createFilmer(page: Page, desk: ScenarioDesk, request: APIRequestContext): Promise<void> {
  await desk.open(page, '/filmers');
  const filmers = new FilmersScreen(page);
  await expect(filmers.rows()).toHaveCount(2);
  await page.keyboard.press('n');
  await expect(filmers.form()).toBeVisible();
  await expect(filmers.field('Name')).toBeFocused();
  await filmers.fill({
    Name: 'Nora New',
    'E-mail': 'nora@example.com',
    'External id': 'F-9',
    'External service': 'skybook',
  });
  await filmers.flag('Videographer').check();
  await filmers.saveButton().click();

  await expect(filmers.form()).toBeHidden();
  await expect(page.getByText('Filmer created')).toBeVisible();
  await expect(filmers.row('Nora New')).toContainText('F-9');
  await expect(filmers.activeSwitch('Nora New')).toBeChecked();
  const nora = (await storedFilmers(request, desk)).find((f) => f.name === 'Nora New');
  expect(nora).toMatchObject({
    external_id: 'F-9',
    external_service: 'skybook',
    videographer: true,
    tandem_instructor: false,
    active: true,
  });
}

/** Deleting a filmer with jumps is refused with the server's reason; the filmer stays. */
export async function refusedFilmerDelete(page: Page, desk: ScenarioDesk, request: APIRequestContext): Promise<void> {
  await desk.open(page, '/filmers');
  const filmers = new FilmersScreen(page);
  await filmers.deleteButton('Fay Filmer').click();
  await expect(filmers.deleteDialog()).toHaveAccessibleName('Delete Fay Filmer?');
  await filmers.confirmDelete().click();

  await expect(filmers.refusal()).toContainText('Cannot delete record because dependent jumps exist');
  await expect(filmers.refusal()).toContainText('Fay Filmer was not deleted');
  await desk.screenshot(page, 'filmer-delete-refused');
  await page.keyboard.press('Escape');
  await expect(filmers.deleteDialog()).toBeHidden();
  await expect(filmers.row('Fay Filmer')).toBeVisible();
  expect((await storedFilmers(request, desk)).some((f) => f.id === 1)).toBe(true);
}
