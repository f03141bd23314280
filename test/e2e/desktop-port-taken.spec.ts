import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDesk } from '../../electron/start';
import { freePort, occupy } from '../support/ports';
import { expect, saveScreenshot, test } from './fixtures';
import { E2E_SEED } from './seed';

/**
 * The desktop app's server (startDesk as electron/shell/server-entry.ts runs it: no --port, a
 * random port when the kept one is taken), started here in the test's own process because
 * Electron cannot run on our machines; the page is the same one the window shows.
 */
test('when the kept port is taken at start, the desk still opens and says so in the status bar and in Settings', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-port-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(E2E_SEED));
  let blocker: Awaited<ReturnType<typeof occupy>> | undefined;
  try {
    // First start: keep a port, as a person would in Settings.
    const first = await startDesk({ dataDir: dir, seedFile, randomIfSavedPortBusy: true, logErrors: false });
    const kept = await freePort();
    const put = await fetch(`${first.url}/api/desk/listen`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${first.sessionToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fixed_port: kept }),
    });
    expect(put.status).toBe(200);
    await first.close();

    // Another program takes it before the next start.
    blocker = await occupy(kept);
    const desk = await startDesk({ dataDir: dir, randomIfSavedPortBusy: true, logErrors: false });
    try {
      expect(desk.port).not.toBe(kept);
      await page.goto(`${desk.url}/?token=${desk.sessionToken}#/bookings`);
      const badge = page.getByTestId('status-port-taken');
      await expect(badge).toHaveText(`Port ${kept} taken: booking systems cannot sync`);
      await badge.click();
      await expect(page).toHaveURL(/#\/settings$/);
      await expect(page.getByTestId('listen-busy')).toContainText(`so it listens on ${desk.port} for now`);
      await page.getByTestId('settings-booking-systems').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'settings-port-taken');
    } finally {
      await desk.close();
    }
  } finally {
    blocker?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
