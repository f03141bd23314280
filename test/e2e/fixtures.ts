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

/** Starts the real server on a temp store seeded with `seed`; `stop` ends it and removes the store. */
async function startDesk(
  seed: object,
  env: NodeJS.ProcessEnv,
): Promise<{ desk: DeskUnderTest; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  let serve: ServeProcess;
  try {
    serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile], env);
  } catch (error) {
    remove();
    throw error;
  }
  const { url, token } = serve;
  let admin: Record<string, string> | undefined;
  return {
    desk: {
      url,
      token,
      adminHeaders: async () => (admin ??= await unlockedHeaders(url, token)),
      open: async (page, route = '/bookings') => {
        await page.goto(`${url}/?token=${token}#${route}`);
        await expect(page.getByTestId('status-dropzone')).toHaveText('Test Dropzone');
      },
    },
    stop: async () => {
      try {
        await serve.stop();
      } finally {
        remove();
      }
    },
  };
}

/**
 * `desk`: the real server (`electron/serve.ts`, the entry `npm run serve` runs) on a temp store
 * seeded for this test alone, stopped and removed afterwards.
 */
export const test = base.extend<
  { desk: DeskUnderTest; deskSeed: object; deskEnv: NodeJS.ProcessEnv },
  { readOnlyDesk: DeskUnderTest }
>({
  /** The seed the desk starts from; a spec may `test.use({ deskSeed })` another (dates relative to TEST_TODAY). */
  deskSeed: [E2E_SEED, { option: true }],
  /** Environment for the desk's process on top of the test's own (DESK_COPY_TODAY_MS, say). */
  deskEnv: [{}, { option: true }],
  desk: async ({ deskSeed, deskEnv }, use) => {
    const { desk, stop } = await startDesk(deskSeed, deskEnv);
    try {
      await use(desk);
    } finally {
      await stop();
    }
  },
  /** One desk on E2E_SEED for all the tests of a worker that use `readOnlyTest` (below). */
  readOnlyDesk: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { desk, stop } = await startDesk(E2E_SEED, {});
      try {
        await use(desk);
      } finally {
        await stop();
      }
    },
    { scope: 'worker' },
  ],
});

/**
 * `test` whose `desk` is shared by every test of the worker that uses this one (the default seed
 * and environment; `deskSeed` and `deskEnv` do not apply): one desk start instead of one a test.
 * Only for tests that change nothing another test could see: nothing saved on the desk (what a
 * browser keeps, localStorage say, is the test's own, as each test has a browser context of its
 * own); a test that writes, or reads what others may write (the Log), uses `test`.
 */
export const readOnlyTest = test.extend({
  desk: async ({ readOnlyDesk }, use) => {
    await use(readOnlyDesk);
  },
});

export { expect };

/** Saves a screenshot of what the user sees, as a test artifact (test-results/screenshots). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screenshots', `${name}.png`), fullPage: false });
}
