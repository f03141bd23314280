import type { APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { door, startGate, type Gate, type GatedRequest } from '../support/gate-proxy';
import { REMOTE_SEED, REMOTE_TOKEN } from '../support/remote';
import { TEST_TODAY } from '../support/seed';
import { startServe, type ServeProcess } from '../support/serve-process';
import { expect, test as deskTest, type DeskUnderTest } from './fixtures';

export interface ProxiedRemote {
  /** The gate's address: what the desk under test is pointed at. */
  url: string;
  gate: Gate;
  /** Holds the n-th POST …/<kind>/batch from now on until the door opens. */
  holdBatch(n: number, kind?: 'bookings' | 'filmers'): ReturnType<typeof door>;
  /** Runs before each request reaches the remote (another desk acting on it, say). */
  act(fn: (request: GatedRequest) => Promise<void> | void): void;
  /** GET on the remote's own Sync API, with its own token. */
  get(request: APIRequestContext, path: string): ReturnType<APIRequestContext['get']>;
  delete(request: APIRequestContext, path: string): ReturnType<APIRequestContext['delete']>;
  /** Switches a desk to proxy mode against this remote (through the gate). */
  connect(request: APIRequestContext, desk: Pick<DeskUnderTest, 'url' | 'adminHeaders'>): Promise<void>;
}

/**
 * `remote`: a second real server (our own, as `npm run serve` starts it) on its own store, behind a
 * gate in the test process that can hold a batch: the desk sends imports there in proxy mode, and
 * a held batch keeps an import surely mid-send while the test acts, as a slow network would.
 */
export const test = deskTest.extend<{ remote: ProxiedRemote }>({
  // eslint-disable-next-line no-empty-pattern
  remote: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-remote-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify({ dates_relative_to: TEST_TODAY, ...REMOTE_SEED }));
    let serve: ServeProcess | undefined;
    let gate: Gate | undefined;
    try {
      serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile]);
      let hold: (request: GatedRequest) => Promise<void> | void = () => undefined;
      gate = await startGate(serve.url, (request) => hold(request));
      const remoteUrl = serve.url;
      const headers = { authorization: `Bearer ${REMOTE_TOKEN}` };
      const openGate = gate;
      await use({
        url: openGate.url,
        gate: openGate,
        holdBatch(n, kind = 'bookings') {
          const d = door();
          let batches = 0;
          hold = async ({ method, url }) => {
            if (method === 'POST' && url.endsWith(`/${kind}/batch`) && ++batches === n) await d.hold();
          };
          return d;
        },
        act(fn) {
          hold = fn;
        },
        get: (request, path) => request.get(`${remoteUrl}/api/f1/sync${path}`, { headers }),
        delete: (request, path) => request.delete(`${remoteUrl}/api/f1/sync${path}`, { headers }),
        async connect(request, desk) {
          const res = await request.put(`${desk.url}/api/desk/connection`, {
            headers: await desk.adminHeaders(),
            data: { mode: 'proxy', remote_url: openGate.url, credentials: { kind: 'bearer', token: REMOTE_TOKEN } },
          });
          expect(res.status(), await res.text()).toBe(200);
        },
      });
    } finally {
      await gate?.close();
      await serve?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect };
