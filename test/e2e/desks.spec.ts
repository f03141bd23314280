import { joinMainDesk } from '../../electron/desks/join';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports';
import { LanClient } from '../support/lan-client';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { AdminDialog } from './pages/admin';
import { DesksCard } from './pages/desks';

test('Settings → Desks: let other desks join, pair one with the code shown, see it, remove it', async ({
  page,
  desk,
  request,
}) => {
  test.setTimeout(120_000);
  // Loopback and a free port: the test's LAN listener stays on this computer and off other runs' ports.
  const port = await freePort();
  const saved = await request.put(`${desk.url}/api/desk/desks/lan`, {
    headers: await desk.adminHeaders(),
    data: { enabled: false, port, address: '127.0.0.1' },
  });
  expect(saved.status()).toBe(200);

  await desk.open(page, '/settings');
  const desks = new DesksCard(page);
  await desks.card().scrollIntoViewIfNeeded();
  await expect(desks.lanOff()).toBeVisible();
  await expect(desks.none()).toBeVisible();
  await expect(desks.pairButton()).toBeDisabled();

  await desks.lanSwitch().click({ force: true });
  await new AdminDialog(page).complete();
  const url = `https://127.0.0.1:${port}`;
  await expect(desks.lanUrls()).toHaveText([url]);
  await expect(desks.fingerprint()).toHaveText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  const fingerprint = (await desks.fingerprint().textContent()) as string;

  await desks.pairButton().click();
  await expect(desks.code()).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  await expect(desks.codePanel()).toContainText('min left');
  await expect(desks.codePanel()).toContainText(`--join ${url} --code`);
  const code = (await desks.code().textContent()) as string;

  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-joiner-'));
  const lan = new LanClient(url, fingerprint);
  try {
    const pairing = await joinMainDesk({ url, code, name: 'Video desk', dataDir });
    expect((await lan.call('GET', '/api/desk/session', { credential: pairing.credential })).status).toBe(200);
    await page.reload();
    await expect(desks.row('Video desk')).toContainText('127.0.0.1');
    await desks.card().evaluate((card) => {
      card.scrollIntoView({ block: 'start' });
      // Below the sticky header: the card's title in view too.
      window.scrollBy(0, -64);
    });
    await page.mouse.move(1300, 10);
    await saveScreenshot(page, 'settings-desks-1440');
    await expectAccessible(page, 'Settings → Desks', '[data-testid="settings-desks"]');
    await page.setViewportSize({ width: 1024, height: 768 });
    await desks.card().evaluate((card) => {
      card.scrollIntoView({ block: 'start' });
      // Below the sticky header: the card's title in view too.
      window.scrollBy(0, -64);
    });
    await saveScreenshot(page, 'settings-desks-1024');
    await expectAccessible(page, 'Settings → Desks at 1024×768', '[data-testid="settings-desks"]');

    // The reload ended the window's administrator unlock: the passphrase is asked again.
    await desks.pairButton().click();
    await new AdminDialog(page).complete();
    await expect(desks.codePanel()).toBeVisible();
    await desks.card().evaluate((card) => {
      card.scrollIntoView({ block: 'start' });
      // Below the sticky header: the card's title in view too.
      window.scrollBy(0, -64);
    });
    await saveScreenshot(page, 'settings-desks-code-1024');

    await desks.removeButton('Video desk').click();
    await expect(desks.removeDialog()).toBeVisible();
    await expectAccessible(page, 'the remove dialog', '[role="dialog"]');
    await desks.confirmRemove().click();
    await expect(desks.rows()).toHaveCount(0);
    await expect(desks.none()).toBeVisible();
    const refused = await lan.call('GET', '/api/desk/session', { credential: pairing.credential });
    expect([refused.status, refused.body.code]).toEqual([401, 'desk_revoked']);

    await desks.lanSwitch().click({ force: true });
    await expect(desks.lanOff()).toBeVisible();
  } finally {
    await lan.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
