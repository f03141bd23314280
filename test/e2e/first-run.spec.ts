import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe } from '../support/serve-process';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test } from './fixtures';

/**
 * The desktop app's first run (docs/desks.md): "Start as the main desk, or join one?" before
 * anything else. `serve` asks it with DESK_FIRST_RUN_QUESTION=1, as the app's server always does.
 */
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`first run at ${viewport.width}×${viewport.height}: a wrong code is refused in words; "main desk" opens the desk`, async ({
    browser,
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-first-run-'));
    const serve = await startServe(['--port', '0', '--data-dir', dataDir], { DESK_FIRST_RUN_QUESTION: '1' });
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      await page.goto(`${serve.url}/?token=${serve.token}#/bookings`);
      const panel = page.getByTestId('first-run-panel');
      await expect(panel.getByRole('heading', { name: 'Start as the main desk, or join one?' })).toBeVisible();
      await saveScreenshot(page, `first-run-${viewport.width}`);
      // The panel itself (the empty Bookings grid behind it is axe-checked by its own specs).
      await expectAccessible(page, 'the first-run question', '[data-testid="first-run-panel"]');
      const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(noSideways).toBe(true);

      await panel.getByLabel('Main desk address').fill('https://127.0.0.1:1');
      await panel.getByLabel('Pairing code').fill('ABCD-EFGH-JKMN-PQRS');
      await panel.getByLabel("This desk's name").fill('Video desk');
      await panel.getByRole('button', { name: 'Join' }).click();
      await expect(panel.getByTestId('first-run-problem')).toContainText(/cannot be reached|code/);

      await panel.getByRole('button', { name: 'Start as the main desk' }).click();
      await expect(panel).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('first-run-panel')).toBeHidden();
    } finally {
      await context.close();
      await serve.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
