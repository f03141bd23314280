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
  /** Headers for an administrator route called directly (the passphrase is set up on first use). */
  adminHeaders(): Promise<Record<string, string>>;
}

/** The administrator passphrase the e2e desks get when a test first needs one. */
export const E2E_ADMIN_PASSPHRASE = 'e2e administrator passphrase';

/** Sets up (or gives) the administrator passphrase through the desk API; the unlock's headers. */
export async function unlockedHeaders(url: string, token: string): Promise<Record<string, string>> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const state = (await (await fetch(`${url}/api/desk/admin`, { headers: auth })).json()) as { passphrase_set: boolean };
  const res = await fetch(`${url}/api/desk/admin/${state.passphrase_set ? 'unlock' : 'passphrase'}`, {
    method: state.passphrase_set ? 'POST' : 'PUT',
    headers: auth,
    body: JSON.stringify({ passphrase: E2E_ADMIN_PASSPHRASE }),
  });
  if (res.status !== 200) throw new Error(`could not unlock as an administrator: ${res.status} ${await res.text()}`);
  const { admin_token: adminToken } = (await res.json()) as { admin_token: string };
  return { authorization: `Bearer ${token}`, 'X-Desk-Admin': adminToken };
}

/**
 * `desk`: the real server (`electron/serve.ts`, the entry `npm run serve` runs) on a temp store
 * seeded for this test alone, stopped and removed afterwards.
 */
export const test = base.extend<{ desk: DeskUnderTest; deskSeed: object; deskEnv: NodeJS.ProcessEnv }>({
  /** The seed the desk starts from; a spec may `test.use({ deskSeed })` another (dates relative to TEST_TODAY). */
  deskSeed: [E2E_SEED, { option: true }],
  /** Environment for the desk's process on top of the test's own (DESK_COPY_TODAY_MS, say). */
  deskEnv: [{}, { option: true }],
  desk: async ({ deskSeed, deskEnv }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(deskSeed));
    let serve: ServeProcess | undefined;
    try {
      serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile], deskEnv);
      const { url, token } = serve;
      let admin: Record<string, string> | undefined;
      await use({
        url,
        token,
        adminHeaders: async () => (admin ??= await unlockedHeaders(url, token)),
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
