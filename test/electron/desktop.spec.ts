import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BookingsScreen } from '../e2e/pages/bookings';
import { FilmersScreen } from '../e2e/pages/filmers';
import { Shell } from '../e2e/pages/shell';
import { tokenMadeInSettings } from '../e2e/scenarios/api-tokens';
import { deliveredBookingDetail } from '../e2e/scenarios/booking-detail';
import { createBookingThroughForm, editBookingByHand } from '../e2e/scenarios/bookings';
import { catalogueProducts } from '../e2e/scenarios/catalogue';
import { cspIsEnforced } from '../e2e/scenarios/csp';
import { createFilmer, refusedFilmerDelete } from '../e2e/scenarios/filmers';
import { importSmallBookingsCsv } from '../e2e/scenarios/import';
import { environment, expect, launchedWithoutOsSandbox, test } from './fixtures';

test.skip(!environment.runnable, environment.runnable ? '' : environment.reason);

/*
 * The desk's screens in the app, through the browser e2e's own scenarios (test/e2e/scenarios/,
 * each also run by a browser spec): the same page modules and assertions, on app://desk, with
 * the API relayed by main to the server's utility process.
 */
test.describe('the browser e2e scenarios, in the app', () => {
  test('bookings: create one through the form, then edit one by hand past the sync locks', async ({ desktop }) => {
    const desk = await desktop.scenarioDesk();
    await createBookingThroughForm(desktop.window, desk);
    await editBookingByHand(desktop.window, desk);
  });

  test('a booking detail with its finance timeline and chart', async ({ desktop }) => {
    await deliveredBookingDetail(desktop.window, await desktop.scenarioDesk());
  });

  test('the catalogue: products, prices and versions', async ({ desktop, request }) => {
    await catalogueProducts(desktop.window, await desktop.scenarioDesk(), request);
  });

  test('filmers: one created; deleting one with jumps refused with the reason', async ({ desktop, request }) => {
    const desk = await desktop.scenarioDesk();
    await createFilmer(desktop.window, desk, request);
    await refusedFilmerDelete(desktop.window, desk, request);
  });

  test('Settings: a booking system token made, copied (the clipboard permission), used and revoked', async ({
    desktop,
    request,
  }) => {
    await tokenMadeInSettings(desktop.window, await desktop.scenarioDesk(), request);
  });

  test('import: a small CSV through the wizard (the parse worker and the batches on app://)', async ({
    desktop,
    request,
  }) => {
    await importSmallBookingsCsv(desktop.window, await desktop.scenarioDesk(), request);
  });
});

test('Chromium enforces the relayed CSP under app://desk: no injected inline script, no eval', async ({ desktop }) => {
  await cspIsEnforced(desktop.window);
});

test('the desk opens on its own origin, signed in, and works like the browser desk', async ({ desktop }) => {
  const { window: page } = desktop;
  expect(page.url()).toMatch(/^app:\/\/desk\//);
  const bookings = new BookingsScreen(page);
  await expect(bookings.grid()).toBeVisible();
  await expect(bookings.rows().first()).toBeVisible();
  const shell = new Shell(page);
  await shell.nav('Settings').click();
  await expect(shell.statusMode()).toHaveText('Local store');
  // Booking systems need the server's real address, not the window's app:// origin.
  await expect(page.getByTestId('settings-sync-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/api\/f1\/sync$/);
});

test('remembered UI settings survive a restart (one origin across launches)', async ({ desktop }) => {
  await desktop.window.evaluate(() => localStorage.setItem('electron-e2e-probe', 'kept'));
  const { window: page } = await desktop.relaunch();
  expect(await page.evaluate(() => localStorage.getItem('electron-e2e-probe'))).toBe('kept');
});

test('the page is sandboxed, isolated and has no Node', async ({ desktop }) => {
  const { app, window: page } = desktop;
  const globals = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    module: typeof (globalThis as { module?: unknown }).module,
    ipc: typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer,
  }));
  expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', ipc: 'undefined' });
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    // getLastWebPreferences() is in Electron's WebContents, not in its typings.
    const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as {
      getLastWebPreferences(): Record<string, unknown> | null;
    };
    const prefs = contents.getLastWebPreferences();
    return {
      sandbox: prefs?.sandbox,
      contextIsolation: prefs?.contextIsolation,
      nodeIntegration: prefs?.nodeIntegration,
      webSecurity: prefs?.webSecurity,
    };
  });
  expect(prefs).toEqual({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true });
  // As root (containers) Chromium's OS-level sandbox cannot start and the app runs with
  // --no-sandbox, so the process-level check only means something for a normal user.
  test.info().annotations.push({
    type: 'os-sandbox',
    description: launchedWithoutOsSandbox ? 'not checked: running as root with --no-sandbox' : 'checked',
  });
  if (!launchedWithoutOsSandbox) {
    const renderersSandboxed = await app.evaluate(({ app }) =>
      app
        .getAppMetrics()
        .filter((metric) => metric.type === 'Tab')
        .map((metric) => metric.sandboxed),
    );
    expect(renderersSandboxed.length).toBeGreaterThan(0);
    expect(renderersSandboxed.every(Boolean)).toBe(true);
  }
});

test('the preload exposes exactly apiBase, token and version, frozen', async ({ desktop }) => {
  const desk = await desktop.window.evaluate(() => {
    const value = (window as unknown as { desk: Record<string, unknown> }).desk;
    return {
      keys: Object.keys(value).sort(),
      frozen: Object.isFrozen(value),
      apiBase: value.apiBase,
      tokenShape: /^dzd_/.test(String(value.token)),
    };
  });
  expect(desk).toEqual({
    keys: ['apiBase', 'token', 'version'],
    frozen: true,
    apiBase: 'app://desk',
    tokenShape: true,
  });
});

test('the page carries the CSP, and leaving the app is refused (external links go to the system browser)', async ({
  desktop,
}) => {
  const { app, window: page } = desktop;
  const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
  expect(csp).toContain("script-src 'self'");
  // Stub the system browser in the main process (nothing leaves the machine) and record calls.
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { opened?: string[] }).opened = opened;
    shell.openExternal = async (url: string) => void opened.push(url);
  });
  const opened = () => app.evaluate(() => (globalThis as { opened?: string[] }).opened ?? []);
  // A refusal is written to the shell's log as the navigation is prevented: the moment to look.
  const logFile = join(await app.evaluate(({ app }) => app.getPath('logs')), 'main.log');
  const shellLog = () => readFileSync(logFile, 'utf8');

  const popup = await page.evaluate(() => window.open('https://example.com/help') === null);
  expect(popup).toBe(true);
  await expect.poll(opened).toEqual(['https://example.com/help']);
  expect(await page.evaluate(() => window.open('file:///etc/passwd') === null)).toBe(true);

  const before = page.url();
  await page.evaluate(() => {
    window.location.href = 'https://example.org/elsewhere';
  });
  await expect.poll(opened).toEqual(['https://example.com/help', 'https://example.org/elsewhere']);
  // Chromium itself may refuse a file: URL before the shell is asked: either refusal is the moment to look.
  const localLoadRefused = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('Not allowed to load local resource'),
    timeout: 10_000,
  });
  await page.evaluate(() => {
    window.location.href = 'file:///etc/passwd';
  });
  await Promise.any([
    localLoadRefused,
    expect.poll(shellLog, { timeout: 10_000 }).toContain('refused navigation to file:'),
  ]);
  expect(page.url()).toBe(before);
  expect(await opened()).toEqual(['https://example.com/help', 'https://example.org/elsewhere']);
  // The desk's own server, with the token in the URL: refused, and never handed to a browser.
  const { url: serverUrl, token } = await desktop.scenarioDesk();
  await page.evaluate((target) => {
    window.location.href = target;
  }, `${serverUrl}/?token=${token}`);
  expect(await page.evaluate((target) => window.open(target) === null, `${serverUrl}/#/settings`)).toBe(true);
  const serverOrigin = new URL(serverUrl).origin;
  await expect.poll(shellLog).toContain(`refused navigation to ${serverOrigin}`);
  await expect.poll(shellLog).toContain(`refused window.open of ${serverOrigin}`);
  expect(page.url()).toBe(before);
  expect(await opened()).toEqual(['https://example.com/help', 'https://example.org/elsewhere']);
  expect(app.windows()).toHaveLength(1);
});

test('a crash of the server is reported and the server comes back', async ({ desktop }) => {
  const { app, window: page } = desktop;
  // Answer the crash dialog from the test (Bruno's habit: native dialogs are stubbed).
  await app.evaluate(({ dialog }) => {
    const shown: string[] = [];
    (globalThis as { shown?: string[] }).shown = shown;
    dialog.showMessageBox = (async (...args: unknown[]) => {
      const options = (args.length > 1 ? args[1] : args[0]) as { message: string };
      shown.push(options.message);
      return { response: 0, checkboxChecked: false };
    }) as typeof dialog.showMessageBox;
  });
  const serverPid = await app.evaluate(
    ({ app }) =>
      app
        .getAppMetrics()
        .find(
          (metric) => metric.type === 'Utility' && /Dropzone Desk server/.test(metric.serviceName ?? metric.name ?? ''),
        )?.pid,
  );
  expect(serverPid).toBeGreaterThan(0);
  process.kill(serverPid!, 'SIGKILL');
  await expect
    .poll(() => app.evaluate(() => (globalThis as { shown?: string[] }).shown ?? []))
    .toEqual(['The desk server stopped unexpectedly']);
  const shell = new Shell(page);
  await shell.nav('Filmers').click();
  // The page keeps its token and origin: the restarted server (new port) answers the same app://desk.
  await expect(new FilmersScreen(page).rows().first()).toBeVisible();
});
