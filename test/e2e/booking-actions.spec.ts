import type { Page } from '@playwright/test';
import { TEST_TODAY } from '../support/seed';
import { SERVICE_SEED } from '../support/service-seed';
import { AdminDialog } from './pages/admin';
import { expect, saveScreenshot, test } from './fixtures';
import { AlbumActions, type ActionDialogPage } from './pages/booking-actions';
import { BookingDetail } from './pages/booking-detail';

/**
 * Album and credits on the booking page: each action's confirmation says what will be recorded
 * (event type and meaning, entitlements, credit change, new total, album), and recording it
 * refreshes the page. Screens checked at 1440x900 and 1024x768.
 */
test.use({ deskSeed: { dates_relative_to: TEST_TODAY, ...SERVICE_SEED } });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

/** At each size: no sideways scrolling, the dialog's buttons on screen, a screenshot. */
async function checkDialogAtSizes(page: Page, dialog: ActionDialogPage, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(dialog.confirm()).toBeInViewport();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways, `sideways scrolling at ${size.width}x${size.height}`).toBe(false);
    await saveScreenshot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[0]);
}

/** Every control of the dialog has an accessible name, and the dialog itself has one. */
async function checkNames(page: Page): Promise<void> {
  const unnamed = await page.getByRole('dialog').evaluate((dialog) => {
    const named = (el: Element) =>
      (el.getAttribute('aria-label') ?? '') !== '' ||
      el.getAttribute('aria-labelledby') !== null ||
      (el.id !== '' && dialog.ownerDocument.querySelector(`label[for="${el.id}"]`) !== null) ||
      (el.textContent ?? '').trim() !== '';
    return [...dialog.querySelectorAll('input:not([type=hidden]), textarea, button, select')]
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(unnamed).toEqual([]);
  expect(await page.getByRole('dialog').getAttribute('aria-labelledby')).not.toBeNull();
}

test("album and credit actions, each confirmed with what it records: a booked customer delivered and upgraded, a prospect previewed and converted, an administrator's credit and its correction", async ({
  page,
  desk,
}) => {
  await test.step('a booked customer: paid content delivered, then upgraded at reception', async () => {
    await desk.open(page, BookingDetail.route('JUMPED-PAID'));
    const actions = new AlbumActions(page);
    const deliver = await actions.open('deliver');
    // No name remembered yet: the dialog asks for it before anything can be recorded.
    await expect(deliver.confirm()).toBeDisabled();
    await deliver.operator().fill('Dave Desk');
    await expect(deliver.eventType()).toHaveText('regular');
    await expect(deliver.eventMeaning()).toContainText('First delivery of paid content');
    // Matching gave the entitlements already (no credit): delivery keeps them and brings the credits.
    await expect(deliver.entitlements()).toContainText('Main edit');
    await expect(deliver.entitlements().locator('[data-change="gained"]')).toHaveCount(0);
    await expect(deliver.creditChange()).toHaveText('+1');
    await expect(deliver.total()).toContainText('0 → 1');
    await checkDialogAtSizes(page, deliver, 'action-deliver');
    await deliver.confirm().click();
    await expect(actions.album()).toHaveText('Delivered · paid');
    await expect(actions.credits()).toHaveText('1 credits');

    const upgrade = await actions.open('reception_upgrade');
    await expect(upgrade.choice()).toHaveValue('Photos add-on');
    await expect(upgrade.eventType()).toHaveText('reception_upgrade');
    await expect(upgrade.entitlements()).toContainText('+ Photos');
    await expect(upgrade.creditChange()).toHaveText('+0.5');
    await expect(upgrade.total()).toContainText('1 → 1.5');
    await expect(upgrade.album()).toContainText('(unchanged)');
    await checkNames(page);
    await checkDialogAtSizes(page, upgrade, 'action-reception-upgrade');
    await upgrade.confirm().click();
    await expect(actions.credits()).toHaveText('1.5 credits');
    const detail = new BookingDetail(page);
    await expect(detail.events()).toHaveCount(3);
    await expect(detail.financeTotal()).toHaveText('1.5');
  });

  await test.step('a prospect: a free preview, then converted at reception, each confirmed with what it records', async () => {
    await page.addInitScript(() => localStorage.setItem('desk.import.operator', 'Rosa Reception'));
    await desk.open(page, BookingDetail.route('JUMPED-PROSPECT'));
    const actions = new AlbumActions(page);
    await expect(actions.album()).toHaveText('No album yet');
    await expect(actions.notPossible('deliver')).toContainText('no paid product');

    const preview = await actions.open('send_preview');
    await expect(preview.eventType()).toHaveText('preview');
    await expect(preview.eventMeaning()).toContainText('Free preview/watermarked delivery');
    await expect(preview.creditChange()).toHaveText('±0');
    await expect(preview.total()).toContainText('0 → 0');
    await expect(preview.album()).toHaveText('No album yet → Free preview sent');
    await expect(preview.operator()).toHaveValue('Rosa Reception');
    await checkNames(page);
    await checkDialogAtSizes(page, preview, 'action-send-preview');
    await preview.confirm().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(actions.album()).toHaveText('Free preview sent');

    const convert = await actions.open('convert');
    await convert.choice().click();
    await page.getByRole('option', { name: 'Selfie video + photos' }).click();
    await expect(convert.eventType()).toHaveText('reception_conversion');
    await expect(convert.eventMeaning()).toContainText('staff assigned a paid product after a free preview');
    await expect(convert.entitlements()).toContainText('+ Photos');
    await expect(convert.creditChange()).toHaveText('+1.5');
    await expect(convert.total()).toContainText('0 → 1.5');
    await expect(convert.album()).toHaveText('Free preview sent → Delivered · paid');
    await expect(convert.product()).toContainText('none → Selfie video + photos');
    await checkNames(page);
    await checkDialogAtSizes(page, convert, 'action-convert');
    await convert.confirm().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const detail = new BookingDetail(page);
    await expect(actions.album()).toHaveText('Delivered · paid');
    await expect(detail.productName()).toHaveText('Selfie video + photos');
    await expect(detail.events()).toHaveCount(2);
    await expect(detail.event(1).type()).toHaveText('reception_conversion');
    await expect(detail.event(1).root.getByTestId('event-recorded-by')).toHaveText('Recorded by Rosa Reception');
  });

  await test.step('administrator actions are marked; a correction names the event it corrects and the timeline links them', async () => {
    await page.addInitScript(() => localStorage.setItem('desk.import.operator', 'Ada Admin'));
    await desk.open(page, BookingDetail.route('DELIVERED-SELFIE'));
    const actions = new AlbumActions(page);
    const credit = await actions.open('manual_credit');
    await expect(credit.adminBadge()).toHaveText('Administrator action');
    await credit.credits().fill('-0.3');
    await credit.comment().fill('Goodwill refund: late upload');
    await expect(credit.eventType()).toHaveText('manual_credit');
    await expect(credit.creditChange()).toHaveText('−0.3');
    await expect(credit.total()).toContainText('1 → 0.7');
    await checkNames(page);
    await checkDialogAtSizes(page, credit, 'action-manual-credit');
    await credit.confirm().click();
    // The first administrator action of this window: the desk asks for its passphrase (none yet: set one).
    await new AdminDialog(page).complete();
    await expect(actions.credits()).toHaveText('0.7 credits');

    const correct = await actions.open('correct');
    await correct.comment().fill('typed the wrong amount');
    await expect(correct.creditChange()).toHaveText('+0.3');
    await expect(correct.root.getByTestId('plan-corrects')).toContainText('event #');
    await checkDialogAtSizes(page, correct, 'action-correct');
    await correct.confirm().click();
    await expect(actions.credits()).toHaveText('1 credits');

    const detail = new BookingDetail(page);
    const last = detail.event(3);
    await expect(last.comment()).toContainText('Corrects event');
    const link = last.root.getByTestId('event-link');
    await expect(link).toContainText('Corrects event #');
    await expect(detail.event(2).root.getByTestId('event-link')).toContainText('Corrected by event #');
    await link.click();
    await expect(detail.event(2).root).toBeFocused();
    await saveScreenshot(page, 'booking-ledger-correction');
  });
});
