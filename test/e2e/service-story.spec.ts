import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dateInZone } from '../../shared/dates';
import { startServe, type ServeProcess } from '../support/serve-process';
import { expectAccessible } from './axe';
import { saveScreenshot } from './fixtures';
import { AdminDialog } from './pages/admin';
import { ApiTokensCard } from './pages/api-tokens';
import { AlbumActions } from './pages/booking-actions';
import { BookingDetail } from './pages/booking-detail';
import { CatalogueScreen } from './pages/catalogue';
import { FilmersScreen } from './pages/filmers';
import { JumpCardScreen } from './pages/jumps';

/**
 * The service behind the API (albums and the ledger), its whole story on a desk started with **no
 * seed**, as a new dropzone meets it: the catalogue set up at the desk, a booking system syncing
 * through the Sync API, jumps with a filmer, a prospect previewed and converted, a manual credit, a
 * delivery; then everything read back through the Sync API's show response, as the booking system
 * sees it.
 */

let serve: ServeProcess;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-e2e-story-'));
  serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data')]);
});

test.afterAll(async () => {
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${serve.url}/?token=${serve.token}#${route}`);
  await expect(page.getByTestId('status-dropzone')).toHaveText('My dropzone');
}

const sync = (request: APIRequestContext, token: string) => ({
  post: (path: string, data: object) =>
    request.post(`${serve.url}/api/f1/sync${path}`, { headers: { authorization: `Bearer ${token}` }, data }),
  show: async (externalId: string) =>
    (
      await request.get(`${serve.url}/api/f1/sync/bookings/${externalId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json(),
});

test('a new dropzone, no seed: catalogue, sync, jumps, preview and conversion, manual credit, delivery, all read back through the Sync API', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('desk.import.operator', 'Rita Reception'));

  // 1. The catalogue, set up at the desk: the first administrator action sets the passphrase.
  await open(page, '/catalogue/products');
  const catalogue = new CatalogueScreen(page);
  await catalogue.addButton('product').click();
  await catalogue.formField('Name').fill('Handcam video + photos');
  await catalogue.formField('Booking system name').fill('Handcam');
  await catalogue.formField('Price (EUR)').fill('89');
  await catalogue.formField('Credits').fill('1.5');
  await catalogue.choose('Video', 'Main edit');
  await catalogue.choose('Camera', 'Selfie (handcam)');
  await catalogue.formField('Photos', 'checkbox').check();
  await catalogue.productForm().getByRole('button', { name: 'Create product' }).click();
  const admin = new AdminDialog(page);
  await admin.settled();
  await saveScreenshot(page, 'story-admin-set-up');
  await admin.setUp();
  await expect(catalogue.row(catalogue.productsGrid(), 'Handcam video + photos')).toBeVisible();

  // 2. A token for the booking system, made in Settings (still unlocked: no second question).
  await open(page, '/settings');
  // A reload asks again: the unlock lives in the window's memory only.
  const tokens = new ApiTokensCard(page);
  const token = await tokens.create('Booking system', true);
  const adminCard = page.getByTestId('admin-card');
  await adminCard.scrollIntoViewIfNeeded();
  await expect(adminCard.getByTestId('admin-state')).toHaveText(/^Unlocked in this window until/);
  await saveScreenshot(page, 'story-settings-administrator');
  const api = sync(request, token);
  const timezone = (
    await (
      await request.get(`${serve.url}/api/desk/session`, { headers: { authorization: `Bearer ${serve.token}` } })
    ).json()
  ).dropzone.timezone;
  const today = dateInZone(new Date(), timezone);

  // 3. The booking system syncs: a booked customer (matched), a prospect (no package), a filmer.
  expect(
    (
      await api.post('/bookings', {
        external_id: 'SKB-1',
        name: 'Ann Booked',
        jump_on: today,
        camera_package: 'Handcam video 2026',
      })
    ).status(),
  ).toBe(201);
  expect((await api.post('/bookings', { external_id: 'SKB-2', name: 'Pete Prospect', jump_on: today })).status()).toBe(
    201,
  );
  expect(
    (
      await api.post('/filmers', { name: 'Ivo Instructor', email: 'ivo@example.com', tandem_instructor: true })
    ).status(),
  ).toBe(201);
  const matched = await api.show('SKB-1');
  expect(matched.finance_events.map((e: { event_type: string }) => e.event_type)).toEqual(['unspecified']);

  // 4. Both jumps, with the filmer.
  for (const externalId of ['SKB-1', 'SKB-2']) {
    await open(page, BookingDetail.route(externalId));
    const jump = new JumpCardScreen(page);
    await jump.recordButton().click();
    await expect(jump.cameraChoice('Selfie')).toBeChecked();
    await jump.pick(jump.handcamSelect(), 'Ivo Instructor');
    await expect(jump.nameField()).toHaveValue('Rita Reception');
    if (externalId === 'SKB-1') await saveScreenshot(page, 'story-jump');
    await jump.saveButton().click();
    await expect(jump.dialog()).toBeHidden();
    await expect(jump.filmer()).toHaveText('Ivo Instructor');
  }

  // 5. The filmer has jumps now: the Sync API's own rule refuses the delete; the desk's jump counts say how many.
  await open(page, '/filmers');
  const filmers = new FilmersScreen(page);
  await filmers.includeAll().click();
  await filmers.deleteButton('Ivo Instructor').click();
  await filmers.confirmDelete().click();
  await expect(filmers.refusal()).toContainText('the filmer is on 2 recorded jumps');
  await saveScreenshot(page, 'story-filmer-delete-refused');

  // 6. The prospect: a free preview, then converted at reception.
  await open(page, BookingDetail.route('SKB-2'));
  const prospect = new AlbumActions(page);
  const preview = await prospect.open('send_preview');
  await expect(preview.eventType()).toHaveText('preview');
  await preview.confirm().click();
  await expect(prospect.album()).toHaveText('Free preview sent');
  const convert = await prospect.open('convert');
  await convert.choice().click();
  await page.getByRole('option', { name: /Handcam video \+ photos/ }).click();
  await expect(convert.eventType()).toHaveText('reception_conversion');
  await expect(convert.total()).toContainText('0 → 1.5');
  await saveScreenshot(page, 'story-convert');
  await convert.confirm().click();
  await expect(prospect.album()).toHaveText('Delivered · paid');

  // 7. The booked customer: a manual credit (an administrator's; a new page asks for the passphrase again), then delivery.
  await open(page, BookingDetail.route('SKB-1'));
  const booked = new AlbumActions(page);
  const credit = await booked.open('manual_credit');
  await credit.credits().fill('0.5');
  await credit.comment().fill('Goodwill: the upload was late');
  await expect(credit.total()).toContainText('0 → 0.5');
  await credit.confirm().click();
  await admin.settled();
  await saveScreenshot(page, 'story-admin-unlock');
  await admin.unlock();
  await expect(booked.credits()).toHaveText('0.5 credits');
  const deliver = await booked.open('deliver');
  await expect(deliver.eventType()).toHaveText('regular');
  await expect(deliver.total()).toContainText('0.5 → 2');
  await deliver.confirm().click();
  await expect(booked.album()).toHaveText('Delivered · paid');
  await saveScreenshot(page, 'story-booking-delivered');
  await expectAccessible(page, 'the delivered booking');

  // 8. What the booking system reads back: types, entitlements, running totals, order, album state.
  const ann = await api.show('SKB-1');
  expect(ann.album_status_raw).toBe('delivered_paid');
  expect(ann.jump).toMatchObject({ camera: 'selfie', jumped_on: today });
  expect(
    ann.finance_events.map((e: { event_type: string; centi_credit_change: number; centi_total_credits: number }) => [
      e.event_type,
      e.centi_credit_change,
      e.centi_total_credits,
    ]),
  ).toEqual([
    ['unspecified', 0, 0],
    ['manual_credit', 50, 50],
    ['regular', 150, 200],
  ]);
  const delivered = ann.finance_events[2];
  expect(delivered).toMatchObject({
    video_entitlement: 'main',
    camera_requirement: 'selfie',
    photos: true,
    has_4k: false,
    raw_footage: false,
    selfie: true,
    socials: false,
  });
  expect(ann.finance_events[1].comment).toBe('Goodwill: the upload was late');
  const order = ann.finance_events.map((e: { created_at: string; id: number }) => [e.created_at, e.id]);
  expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)));

  const pete = await api.show('SKB-2');
  expect(pete.album_status_raw).toBe('delivered_paid');
  expect(pete.product_id).toBe(matched.product_id);
  expect(
    pete.finance_events.map((e: { event_type: string; video_entitlement: string; centi_total_credits: number }) => [
      e.event_type,
      e.video_entitlement,
      e.centi_total_credits,
    ]),
  ).toEqual([
    ['preview', 'none', 0],
    ['reception_conversion', 'main', 150],
  ]);
});
