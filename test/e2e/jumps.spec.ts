import type { APIRequestContext, Page } from '@playwright/test';
import { dateInZone } from '../../shared/dates';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test, type DeskUnderTest } from './fixtures';
import { BookingDetail } from './pages/booking-detail';
import { FilmersScreen } from './pages/filmers';
import { FilmerJumpsScreen, JumpCardScreen } from './pages/jumps';

/** The seed's dropzone keeps Amsterdam's day; the server runs on the real clock. */
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

/** A booking that jumped today with the Videographer product (its camera requirement: videographer). */
async function bookingJumpedToday(request: APIRequestContext, desk: DeskUnderTest, externalId: string): Promise<void> {
  const response = await request.post(`${desk.url}/api/f1/sync/bookings`, {
    headers: { authorization: `Bearer ${desk.token}` },
    data: { external_id: externalId, name: 'Tess Today', jump_on: today(), camera_package: 'Video' },
  });
  expect(response.status()).toBe(201);
}

/** Nothing sticks out sideways, and the element is wholly on screen. */
async function fitsTheWindow(page: Page, element: ReturnType<Page['getByRole']>): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

test('a jump recorded on the booking page, with a warning, shows on the filmer’s page, and deleting the filmer is refused with the count; a delivered booking’s jump cannot be changed', async ({
  page,
  desk,
  request,
}) => {
  await test.step('a jump recorded on the booking page, with a warning, shows on the filmer’s page; deleting the filmer is refused with the count', async () => {
    await bookingJumpedToday(request, desk, 'JUMP-TODAY');
    await desk.open(page, BookingDetail.route('JUMP-TODAY'));
    const jump = new JumpCardScreen(page);
    await expect(page.getByTestId('jump-none')).toBeVisible();

    await jump.recordButton().click();
    await expect(jump.dialog()).toHaveAccessibleName('Record jump: Tess Today');
    await expect(jump.cameraChoice('Selfie')).toBeChecked();
    // A disabled Save says what is missing: by the button, and next to the name field.
    await expect(jump.saveButton()).toBeDisabled();
    await expect(jump.missingToSave()).toHaveText('To save, give a filmer and your name.');
    await expect(jump.nameMissing()).toHaveText('Needed to save: the jump is recorded under your name');
    await expectAccessible(page, 'the jump dialog saying what is missing', '[role="dialog"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'the jump dialog saying what is missing, in dark mode', '[role="dialog"]');
    await saveScreenshot(page, 'jump-dialog-missing-1440-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Only tandem instructors can wear the handcam: Fay (a videographer) is listed but cannot be picked.
    await jump.handcamSelect().click();
    await expect(jump.option('Fay Filmer (not a tandem instructor)')).toBeDisabled();
    await jump.option('Ivo Internal').click();
    await expect(jump.warnings()).toContainText(
      "the booking's camera requirement is videographer: a selfie jump does not meet it",
    );
    await expect(jump.saveButton()).toBeDisabled(); // no name yet
    await expect(jump.missingToSave()).toHaveText('To save, give your name.');
    await jump.nameField().fill('Rita Reception');
    await expect(jump.saveButton()).toBeEnabled();
    await expect(jump.missingToSave()).toHaveCount(0);
    await expect(jump.nameMissing()).toHaveCount(0);
    await fitsTheWindow(page, jump.saveButton());
    await saveScreenshot(page, 'jump-dialog-1440');
    await jump.saveButton().click();

    await expect(jump.dialog()).toBeHidden();
    await expect(page.getByText('Jump recorded')).toBeVisible();
    await expect(jump.camera()).toHaveText('Selfie');
    await expect(jump.filmer()).toHaveText('Ivo Internal');
    await expect(jump.date()).toHaveText(today());
    await expect(jump.recordButton()).toHaveText('Change jump');

    // The filmer's name opens their jumps beside the Filmers list (once the toast is gone: it would cover the drawer's title).
    await expect(page.getByText('Jump recorded')).toBeHidden({ timeout: 10_000 });
    await jump.filmer().click();
    const detail = new FilmerJumpsScreen(page);
    await expect(detail.drawer()).toHaveAccessibleName('Jumps of Ivo Internal');
    await expect(detail.count()).toHaveText('1 jump');
    await expect(detail.rows()).toHaveCount(1);
    await expect(detail.rows().first()).toContainText(today());
    await expect(detail.rows().first()).toContainText('Tess Today');
    await expect(detail.rows().first()).toContainText('Handcam');
    await saveScreenshot(page, 'filmer-jumps-1440');

    // The grid's count says the same; deleting Ivo is refused with it.
    await page.keyboard.press('Escape');
    await expect(detail.drawer()).toBeHidden();
    const filmers = new FilmersScreen(page);
    await filmers.includeAll().click();
    await expect(detail.countLink('Ivo Internal')).toHaveText('1');
    await filmers.deleteButton('Ivo Internal').click();
    await filmers.confirmDelete().click();
    await expect(filmers.refusal()).toContainText('Cannot delete record because dependent jumps exist');
    await expect(filmers.refusal()).toContainText('the filmer is on 1 recorded jump');
    await saveScreenshot(page, 'filmer-delete-refused-count');
  });

  await test.step('a delivered booking’s jump cannot be changed here, and says why', async () => {
    await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
    const jump = new JumpCardScreen(page);
    await expect(jump.camera()).toHaveText('Videographer');
    await expect(page.getByTestId('jump-closed')).toContainText(
      'The album is delivered_paid: it was made from the recorded jump',
    );
    await expect(jump.recordButton()).toHaveCount(0);
  });
});

test('at 1024×768: a both jump needs two filmers; the dialog and the filmer’s jumps fit the window', async ({
  page,
  desk,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await bookingJumpedToday(request, desk, 'JUMP-BOTH');
  // A second person who can film from outside, so both is possible with the seed's Ivo on the handcam.
  const made = await request.post(`${desk.url}/api/f1/sync/filmers`, {
    headers: { authorization: `Bearer ${desk.token}` },
    data: { name: 'Vic Video', email: 'vic@example.com', videographer: true },
  });
  expect(made.status()).toBe(201);
  await desk.open(page, BookingDetail.route('JUMP-BOTH'));
  const jump = new JumpCardScreen(page);
  await jump.recordButton().click();
  await jump.cameraChoice('Both').check();
  await jump.pick(jump.handcamSelect(), 'Ivo Internal');
  await expect(jump.videographerSelect()).toBeVisible();
  await jump.nameField().fill('Rita Reception');
  await expect(jump.saveButton()).toBeDisabled(); // the videographer is still missing
  await expect(jump.dialog()).toContainText('needs a second filmer');
  await jump.pick(jump.videographerSelect(), 'Vic Video');
  await expect(jump.saveButton()).toBeEnabled();
  await expect(jump.warnings()).toBeHidden(); // both meets a videographer requirement
  await fitsTheWindow(page, jump.saveButton());
  await saveScreenshot(page, 'jump-dialog-both-1024');
  await jump.saveButton().click();
  await expect(jump.dialog()).toBeHidden();
  await expect(jump.camera()).toHaveText('Selfie + videographer');
  await expect(jump.secondFilmer()).toHaveText('Vic Video');

  // The toast would cover the drawer's title in the screenshot.
  await expect(page.getByText('Jump recorded')).toBeHidden({ timeout: 10_000 });
  await jump.secondFilmer().click();
  const detail = new FilmerJumpsScreen(page);
  await expect(detail.drawer()).toHaveAccessibleName('Jumps of Vic Video');
  await expect(detail.count()).toHaveText('1 jump');
  await expect(detail.rows().first()).toContainText('Videographer');
  await fitsTheWindow(page, page.getByRole('button', { name: 'Close the filmer’s jumps' }));
  await saveScreenshot(page, 'filmer-jumps-1024');

  // The grid with its Jumps column fits too: no sideways scrolling in the page or in the grid.
  await page.keyboard.press('Escape');
  const filmers = new FilmersScreen(page);
  await filmers.includeAll().click();
  await expect(detail.countLink('Vic Video')).toHaveText('1');
  await fitsTheWindow(page, filmers.deleteButton('Vic Video'));
  const gridOverflow = await filmers.grid().evaluate((grid) => grid.scrollWidth - grid.clientWidth);
  expect(gridOverflow, 'the grid does not scroll sideways').toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'filmers-jump-count-1024');
  await detail.countLink('Vic Video').click();
  await expect(detail.drawer()).toHaveAccessibleName('Jumps of Vic Video');

  // Back on the booking, the jump can be removed again (nothing was delivered from it).
  await detail.rows().first().getByRole('link', { name: 'Tess Today' }).click();
  await jump.removeButton().click();
  await expect(jump.removeDialog()).toBeVisible();
  await expect(jump.removeDialog().getByRole('textbox', { name: 'Your name' })).toHaveValue('Rita Reception');
  await jump.removeDialog().getByRole('button', { name: 'Remove jump' }).click();
  await expect(page.getByTestId('jump-none')).toBeVisible();
});
