import type { Page } from '@playwright/test';
import { seriousFindings } from './axe';
import { expect, saveScreenshot, readOnlyTest as test, type DeskUnderTest } from './fixtures';

/**
 * The API reference (Settings → Booking systems → API reference): the desk's OpenAPI document drawn
 * by the bundled Swagger UI, out of the main bundle, nothing fetched from anywhere but the desk,
 * and "try it" answered by this desk with the window's session.
 */

/** Opens the reference from Settings at `viewport`, checks it with axe, and opens one operation (listProducts). */
async function referenceFromSettings(page: Page, desk: DeskUnderTest, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  const elsewhere: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(desk.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await desk.open(page, '/settings');
  const link = page.getByTestId('settings-api-reference');
  await expect(link).toBeVisible();
  // Swagger UI is not part of what every screen loads: only this screen fetches its chunk.
  expect(scripts.filter((path) => /draw-swagger/.test(path))).toEqual([]);
  await link.click();
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  const reference = page.getByTestId('api-reference-document');
  await expect(reference.locator('.info .title')).toContainText('Dropzone Desk API', { timeout: 45_000 });
  await expect(reference.locator('[data-path="/api/f1/sync/bookings"]').first()).toBeVisible();
  expect(scripts.some((path) => /draw-swagger/.test(path))).toBe(true);
  await saveScreenshot(page, `api-reference-${viewport.width}`);
  expect(await seriousFindings(page), 'axe on the API reference').toEqual([]);
  // An operation opened, as a developer reads one.
  await reference.locator('#operations-Sync_API-listProducts').getByRole('button').first().click();
  await expect(reference.getByText('Try it out')).toBeVisible();
  // What opening added: the rest of the page was analysed just above.
  expect(await seriousFindings(page, '#operations-Sync_API-listProducts'), 'axe on an open operation').toEqual([]);
  expect(elsewhere).toEqual([]);
}

test('the reference opens from Settings at 1440×900, with no serious axe finding; "try it" calls this desk with the window’s session and shows its answer', async ({
  page,
  desk,
}) => {
  // axe reads every operation of a long document: more than the usual 30 s on two cores.
  test.setTimeout(180_000);
  await test.step('the reference opens from Settings at 1440×900, with no serious axe finding', async () => {
    await referenceFromSettings(page, desk, { width: 1440, height: 900 });
  });

  await test.step('"try it" calls this desk with the window’s session and shows its answer', async () => {
    const operation = page.getByTestId('api-reference-document').locator('#operations-Sync_API-listProducts');
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/f1/sync/products'));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${desk.token}`);
    await expect(operation.locator('.live-responses-table')).toContainText('200');
    await expect(operation.locator('.live-responses-table')).toContainText('"products"');
    await saveScreenshot(page, 'api-reference-try-it');
  });
});

test('the reference opens from Settings at 1024×768, with no serious axe finding', async ({ page, desk }) => {
  // axe reads every operation of a long document: more than the usual 30 s on two cores.
  test.setTimeout(180_000);
  await referenceFromSettings(page, desk, { width: 1024, height: 768 });
});
