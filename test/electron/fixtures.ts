import { _electron as electron, test as base, expect, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDesk } from '../../electron/start';
import { saveScreenshot } from '../e2e/fixtures';
import type { ScenarioDesk } from '../e2e/scenarios/desk';
import { E2E_SEED } from '../e2e/seed';
import { electronEnvironment, ROOT } from './environment';

export interface DesktopApp {
  app: ElectronApplication;
  window: Page;
  dataDir: string;
  /** Quits the app and starts it again on the same data folder. */
  relaunch(): Promise<{ app: ElectronApplication; window: Page }>;
  /** The running app as the browser e2e's scenarios (test/e2e/scenarios/) see a desk. */
  scenarioDesk(): Promise<ScenarioDesk>;
}

const environment = electronEnvironment();
/** Root cannot run Chromium's OS sandbox: Electron then needs --no-sandbox (the page's isolation stays on). */
export const launchedWithoutOsSandbox = process.getuid?.() === 0;

/** Starts the built app (out/main.cjs) on `dataDir`; resolves when the desk has signed in. */
export async function launchDesk(dataDir: string): Promise<{ app: ElectronApplication; window: Page }> {
  if (!environment.runnable) throw new Error(environment.reason);
  const env = { ...process.env, DESK_DATA_DIR: dataDir } as Record<string, string>;
  delete env.ELECTRON_RUN_AS_NODE;
  // As root in a container Chromium's own sandbox cannot start; the page's sandbox (renderer
  // isolation, no Node) is Electron's and stays on, which is what the tests check.
  const args = launchedWithoutOsSandbox ? ['--no-sandbox', ROOT] : [ROOT];
  const app = await electron.launch({ executablePath: environment.executable, args, cwd: ROOT, env });
  const window = await app.firstWindow();
  await expect(window.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
  return { app, window };
}

/**
 * The app's window as a scenario desk: the token the preload handed the page, the server's own
 * address from the session (Settings shows it to booking systems), screens opened by a reload at
 * their hash route on app://desk, the clipboard read in the main process (the page may only write
 * it: the app's permission handler allows clipboard-sanitized-write and nothing else).
 */
async function desktopScenarioDesk(app: ElectronApplication, page: Page): Promise<ScenarioDesk> {
  const token = await page.evaluate(() => (window as unknown as { desk: { token: string } }).desk.token);
  const session = await page.evaluate(
    async (bearer) =>
      (await fetch('/api/desk/session', { headers: { authorization: `Bearer ${bearer}` } })).json() as Promise<{
        sync_api_url: string;
      }>,
    token,
  );
  const url = session.sync_api_url.replace(/\/api\/f1\/sync$/, '');
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return {
    url,
    token,
    open: async (target, route = '/bookings') => {
      await target.evaluate((hash) => {
        window.location.hash = hash;
      }, route);
      await target.reload();
      await expect(target.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
    },
    allowClipboard: async () => undefined,
    readClipboard: () => app.evaluate(({ clipboard }) => clipboard.readText()),
    screenshot: (target, name) => saveScreenshot(target, `electron-${name}`),
  };
}

/**
 * `desktop`: the app on a temp data folder holding the browser e2e's seed (written by the real
 * startDesk under Node, then closed), quit and removed afterwards.
 */
export const test = base.extend<{ desktop: DesktopApp }>({
  // eslint-disable-next-line no-empty-pattern
  desktop: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-electron-'));
    const dataDir = join(dir, 'data');
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(E2E_SEED));
    const seeded = await startDesk({ dataDir, seedFile, logErrors: false });
    await seeded.close();
    let current = await launchDesk(dataDir);
    try {
      await use({
        get app() {
          return current.app;
        },
        get window() {
          return current.window;
        },
        dataDir,
        relaunch: async () => {
          await current.app.close();
          current = await launchDesk(dataDir);
          return current;
        },
        scenarioDesk: () => desktopScenarioDesk(current.app, current.window),
      });
    } finally {
      await current.app.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect, environment };
