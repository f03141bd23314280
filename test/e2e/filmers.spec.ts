import { FilmersScreen } from './pages/filmers';
import { expect, readOnlyTest, saveScreenshot, test } from './fixtures';
import { browserDesk } from './scenarios/desk';
import { createFilmer, refusedFilmerDelete, storedFilmers } from './scenarios/filmers';

readOnlyTest(
  'the list, and what the server refuses: a blank name and e-mail, deleting a filmer with jumps, an Active change it cannot take',
  async ({ page, desk, request }) => {
    await test.step('the list shows filmers with an external id; the toggle adds the others', async () => {
      await desk.open(page, '/filmers');
      const filmers = new FilmersScreen(page);
      await expect(filmers.names()).toHaveText(['Fay Filmer', 'Jo Jumper']);
      await expect(filmers.row('Fay Filmer')).toContainText('fay@example.com');
      await expect(filmers.row('Fay Filmer')).toContainText('F-1');
      await expect(filmers.activeSwitch('Jo Jumper')).not.toBeChecked();

      await filmers.includeAll().click();
      await expect(filmers.names()).toHaveText(['Fay Filmer', 'Ivo Internal', 'Jo Jumper']);
      await expect(filmers.row('Ivo Internal')).toContainText('none');
      await expect(filmers.count()).toHaveText('3');
      await filmers.grid().focus();
      await saveScreenshot(page, 'filmers');

      await filmers.includeAll().click();
      await expect(filmers.row('Ivo Internal')).toHaveCount(0);
    });

    await test.step('a blank name and e-mail are both named by the server beside their fields', async () => {
      await desk.open(page, '/filmers');
      const filmers = new FilmersScreen(page);
      await filmers.newButton().click();
      await filmers.fill({ 'External id': 'F-11' });
      await filmers.saveButton().click();
      await expect(filmers.field('Name')).toHaveAccessibleDescription(/Name can't be blank/);
      await expect(filmers.field('E-mail')).toHaveAccessibleDescription(/Email can't be blank/);
      await expect(filmers.field('External id')).toHaveValue('F-11');
    });

    await test.step('deleting a filmer with jumps is refused with the server’s reason; the filmer stays', async () => {
      await refusedFilmerDelete(page, browserDesk(desk), request);
    });

    await test.step('when the server cannot take the Active change, the switch flips back and says why', async () => {
      await desk.open(page, '/filmers');
      const filmers = new FilmersScreen(page);
      await page.route('**/api/f1/sync/filmers', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ status: 'internal_error', error: 'disk full' }),
            })
          : route.fallback(),
      );
      await filmers.toggleActive('Fay Filmer');
      await expect(page.getByText('Fay Filmer is still active')).toBeVisible();
      await expect(page.getByText(/disk full/)).toBeVisible();
      await expect(filmers.activeSwitch('Fay Filmer')).toBeChecked();
      expect((await storedFilmers(request, desk)).find((f) => f.id === 1)?.active).toBe(true);
    });
  },
);

test('N opens a new filmer form; the created filmer is listed', async ({ page, desk, request }) => {
  await createFilmer(page, browserDesk(desk), request);
});

test('a filmer without external id is created into a list that shows it; one without jumps is deleted (Delete key, then confirm)', async ({
  page,
  desk,
  request,
}) => {
  await test.step('a filmer without external id is created into a list that shows it', async () => {
    await desk.open(page, '/filmers');
    const filmers = new FilmersScreen(page);
    await filmers.newButton().click();
    await filmers.fill({ Name: 'Desk Only', 'E-mail': 'desk@example.com' });
    await filmers.saveButton().click();
    await expect(filmers.includeAll()).toBeChecked();
    await expect(filmers.row('Desk Only')).toBeVisible();
  });

  await test.step('deleting a filmer without jumps removes them (Delete key, then confirm)', async () => {
    await desk.open(page, '/filmers');
    const filmers = new FilmersScreen(page);
    await filmers.grid().focus();
    await page.keyboard.press('End');
    await expect(filmers.selectedRow()).toContainText('Jo Jumper');
    await page.keyboard.press('Delete');
    await expect(filmers.deleteDialog()).toHaveAccessibleName('Delete Jo Jumper?');
    await filmers.confirmDelete().click();

    await expect(filmers.deleteDialog()).toBeHidden();
    await expect(page.getByText('Filmer deleted')).toBeVisible();
    await expect(filmers.row('Jo Jumper')).toHaveCount(0);
    await expect(filmers.names()).toHaveText(['Fay Filmer']);
    expect((await storedFilmers(request, desk)).some((f) => f.id === 3)).toBe(false);
  });
});

test('an invalid e-mail is refused beside its field; the input stays and nothing is created', async ({
  page,
  desk,
  request,
}) => {
  await desk.open(page, '/filmers');
  const filmers = new FilmersScreen(page);
  await filmers.newButton().click();
  await filmers.fill({ Name: 'Bad Mail', 'E-mail': 'not-an-email', 'External id': 'F-10' });
  await filmers.saveButton().click();

  await expect(filmers.field('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(filmers.field('E-mail')).toHaveAccessibleDescription(/Email is invalid/);
  await expect(filmers.field('E-mail')).toBeFocused();
  await expect(filmers.form()).toBeVisible();
  await expect(filmers.field('Name')).toHaveValue('Bad Mail');
  await expect(filmers.field('E-mail')).toHaveValue('not-an-email');
  await expect(filmers.field('External id')).toHaveValue('F-10');
  await saveScreenshot(page, 'filmer-form-invalid');
  expect((await storedFilmers(request, desk)).map((f) => f.name)).toEqual(['Fay Filmer', 'Ivo Internal', 'Jo Jumper']);

  // Fixing the field clears its message, and the same form then saves.
  await filmers.field('E-mail').fill('bad.mail@example.com');
  await expect(filmers.field('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await filmers.saveButton().click();
  await expect(filmers.row('Bad Mail')).toBeVisible();
});

test('the Active switch turns a filmer off and on again; arrow keys and Enter open a filmer, and the edited name is saved', async ({
  page,
  desk,
  request,
}) => {
  await test.step('the Active switch turns a filmer off and on again', async () => {
    await desk.open(page, '/filmers');
    const filmers = new FilmersScreen(page);
    const fay = filmers.activeSwitch('Fay Filmer');
    await expect(fay).toBeChecked();

    await filmers.toggleActive('Fay Filmer');
    await expect(fay).not.toBeChecked();
    await expect(page.getByText('Fay Filmer is inactive')).toBeVisible();
    await expect.poll(async () => (await storedFilmers(request, desk)).find((f) => f.id === 1)?.active).toBe(false);
    await expect(filmers.form()).toBeHidden();

    await filmers.toggleActive('Fay Filmer');
    await expect(fay).toBeChecked();
    await expect.poll(async () => (await storedFilmers(request, desk)).find((f) => f.id === 1)?.active).toBe(true);
  });

  await test.step('arrow keys and Enter open a filmer; the edited name is saved', async () => {
    await desk.open(page, '/filmers');
    const filmers = new FilmersScreen(page);
    // The grid is one tab stop: coming in, the keyboard is on the first row.
    await filmers.grid().focus();
    await expect(filmers.selectedRow()).toContainText('Fay Filmer');
    await page.keyboard.press('ArrowDown');
    await expect(filmers.grid()).toBeFocused();
    await expect(filmers.row('Jo Jumper')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');

    await expect(filmers.form()).toHaveAccessibleName('Edit Fay Filmer');
    await expect(filmers.field('Name')).toHaveValue('Fay Filmer');
    await filmers.field('Name').fill('Fay Filmer-Smith');
    await page.keyboard.press('Enter');

    await expect(filmers.form()).toBeHidden();
    await expect(filmers.row('Fay Filmer-Smith')).toBeVisible();
    await expect(filmers.row('Fay Filmer-Smith')).toContainText('F-1');
    expect((await storedFilmers(request, desk)).find((f) => f.id === 1)?.name).toBe('Fay Filmer-Smith');

    // Escape closes the form without saving.
    await filmers.row('Fay Filmer-Smith').click();
    await filmers.field('Name').fill('Not saved');
    await page.keyboard.press('Escape');
    await expect(filmers.form()).toBeHidden();
    await expect(filmers.row('Fay Filmer-Smith')).toBeVisible();
  });
});
