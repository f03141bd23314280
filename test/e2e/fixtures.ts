import { test as base, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type ServeProcess } from '../support/serve-process';
import { E2E_SEED } from './seed';

export interface DeskUnderTest {
  url: string;
  token: string;
  /** Opens the desk at a screen (hash route) with the session token, as a user would from the printed URL. */
  open(page: Page, route?: string): Promise<void>;
}

/**
 * `desk`: the real server (`electron/serve.ts`, the entry `npm run serve` runs) on a temp store
 * seeded for this test alone, stopped and removed afterwards.
 */
export const test = base.extend<{ desk: DeskUnderTest; deskSeed: object }>({
  /** The seed the desk starts from; a spec may `test.use({ deskSeed })` another (dates relative to TEST_TODAY). */
  deskSeed: [E2E_SEED, { option: true }],
  desk: async ({ deskSeed }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(deskSeed));
    let serve: ServeProcess | undefined;
    try {
      serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile]);
      const { url, token } = serve;
      await use({
        url,
        token,
        open: async (page, route = '/bookings') => {
          await page.goto(`${url}/?token=${token}#${route}`);
          await expect(page.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
        },
      });
    } finally {
      await serve?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect };

/** Saves a screenshot of what the user sees, as a test artifact (test-results/screenshots). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screenshots', `${name}.png`), fullPage: false });
}
