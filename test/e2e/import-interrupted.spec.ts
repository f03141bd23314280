import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, dateInZone } from '../../shared/dates';
import { startServe, type ServeProcess } from '../support/serve-process';
import { saveScreenshot, unlockedHeaders, type DeskUnderTest } from './fixtures';
import { ImportHistoryScreen, ImportWizardScreen } from './pages/import';
import { expect, test } from './proxied-desk';
import { E2E_SEED } from './seed';

const ROWS = 3_000;

function bigFile(): Buffer {
  const jumpOn = addDays(dateInZone(new Date(), 'Europe/Amsterdam'), 10);
  const lines = ['External id,Name,Jump date'];
  for (let n = 1; n <= ROWS; n++) lines.push(`INT-${n},Person ${n},${jumpOn}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const deskOf = (serve: ServeProcess): DeskUnderTest => ({
  url: serve.url,
  token: serve.token,
  open: async (page: Page, route = '/bookings') => {
    await page.goto(`${serve.url}/?token=${serve.token}#${route}`);
    await expect(page.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
  },
  adminHeaders: () => unlockedHeaders(serve.url, serve.token),
});

test('the desk dies mid-send: after its restart the import is Interrupted in the history with every row, and its unsent rows are retried from there', async ({
  page,
  request,
  remote,
}) => {
  // A desk of this test's own, on a data folder that outlives it: it is killed and started again.
  test.slow();
  const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-interrupted-'));
  const dataDir = join(dir, 'data');
  writeFileSync(join(dir, 'seed.json'), JSON.stringify(E2E_SEED));
  let serve: ServeProcess | undefined;
  try {
    serve = await startServe(['--port', '0', '--data-dir', dataDir, '--seed', join(dir, 'seed.json')]);
    const first = deskOf(serve);
    await remote.connect(request, first);
    const held = remote.holdBatch(3);
    await first.open(page, ImportWizardScreen.route('bookings'));
    const wizard = new ImportWizardScreen(page);
    await wizard.fileInput().setInputFiles({ name: 'interrupted.csv', mimeType: 'text/csv', buffer: bigFile() });
    await wizard.next().click();
    await wizard.next().click();
    await wizard.send().click();
    await held.reached;

    // The desk crashes with batch 3 on its way; that batch still reaches the remote, its answer is lost.
    await serve.stop('SIGKILL');
    held.open();
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
    const again = deskOf(serve);

    await again.open(page, ImportHistoryScreen.route);
    const history = new ImportHistoryScreen(page);
    await expect(history.row('interrupted.csv')).toContainText('Interrupted');
    await saveScreenshot(page, 'import-history-interrupted');
    await history.row('interrupted.csv').click();
    await expect(history.detail()).toHaveAttribute('data-state', 'interrupted');
    await expect(history.interrupted()).toContainText('The desk was closed or crashed');
    await expect(history.interrupted()).toContainText('2,000 rows');
    await expect(history.outcomeCount('created')).toHaveText('Created: 1,000');
    await expect(history.outcomeCount('pending')).toHaveText('Not sent yet: 2,000');
    await history.failedOnly().click();
    await expect(history.gridRow(1001).getByTestId('row-status')).toHaveText('Not sent yet');
    await saveScreenshot(page, 'import-history-interrupted-detail');

    // Retry failed rows: the import back in the wizard at Check, only what did not go in to send.
    await history.retry().click();
    await expect(wizard.countReady()).toHaveText('2,000 will be sent');
    await expect(wizard.countDone()).toHaveText('1,000 imported already');
    await wizard.next().click();
    await wizard.send().click();
    // The batch whose answer was lost is updated, not doubled.
    await expect(wizard.outcomeCount('created')).toHaveText('Created: 2,500');
    await expect(wizard.outcomeCount('ok')).toHaveText('Updated: 500');
    expect((await remote.get(request, `/bookings/INT-${ROWS}`)).status()).toBe(200);
    await wizard.openHistory().click();
    await expect(history.detail()).toHaveAttribute('data-state', 'finished');
    await expect(history.outcomeCount('pending')).toHaveCount(0);
  } finally {
    await serve?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
