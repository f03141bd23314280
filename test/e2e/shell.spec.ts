import { Shell } from './pages/shell';
import { expect, saveScreenshot, readOnlyTest as test } from './fixtures';
import { cspIsEnforced } from './scenarios/csp';

test('the start URL signs the page in, then leaves the address bar; Alt+1..5 move between screens', async ({
  page,
  desk,
}) => {
  await test.step('the start URL signs the page in, then leaves the address bar', async () => {
    await desk.open(page, '/settings');
    await expect(page).not.toHaveURL(/token=/);
    const shell = new Shell(page);
    await expect(shell.statusMode()).toHaveText('Local store');
    await expect(shell.statusHealth()).toHaveText('Online');
    await expect(shell.statusVersion()).toHaveText(/^v\d+\.\d+\.\d+$/);
    await expect(page.getByTestId('settings-sync-url')).toHaveText(`${desk.url}/api/f1/sync`);
    await saveScreenshot(page, 'settings');
  });

  await test.step('Alt+1..5 move between screens; the nav shows where you are', async () => {
    await desk.open(page);
    const shell = new Shell(page);
    await page.keyboard.press('Alt+2');
    await expect(page).toHaveURL(/#\/filmers$/);
    await expect(shell.nav('Filmers')).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('Alt+3');
    await expect(page).toHaveURL(/#\/catalogue/);
    await page.keyboard.press('Alt+4');
    await expect(page).toHaveURL(/#\/settings$/);
    await page.keyboard.press('Alt+5');
    await expect(page).toHaveURL(/#\/log$/);
    await expect(shell.nav('Log')).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('Alt+1');
    await expect(page).toHaveURL(/#\/bookings$/);
  });
});

test('without a token the page says how to get in, and takes the address pasted', async ({ page, desk }) => {
  const shell = new Shell(page);
  await page.goto(desk.url);
  await expect(shell.signIn()).toContainText('This page has no sign-in yet');
  await expect(shell.signIn()).toContainText('npm run url');
  await expect(shell.statusHealth()).toHaveText('Signed out');
  await shell.signInAddress().fill(`${desk.url}/?token=${desk.token}`);
  await shell.signIn().getByRole('button', { name: 'Sign in' }).click();
  await expect(shell.signIn()).toHaveCount(0);
  await expect(shell.statusDropzone()).toHaveText('Test Dropzone');
  await expect(shell.statusHealth()).toHaveText('Online');
});

test('the page is served with a strict Content-Security-Policy, and Chromium enforces it', async ({ page, desk }) => {
  await test.step('the page is served with a strict Content-Security-Policy', async () => {
    const response = await page.goto(`${desk.url}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  });

  await test.step('Chromium enforces the CSP: an injected inline script does not run and is reported; eval is refused', async () => {
    await desk.open(page, '/bookings');
    await cspIsEnforced(page);
  });
});
