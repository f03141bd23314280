import type { APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFaultProxy, type FaultMode } from '../support/fault-proxy';
import { door, startGate, type Gate, type GatedRequest } from '../support/gate-proxy';
import { REMOTE_SEED, REMOTE_TOKEN } from '../support/remote';
import { TEST_TODAY } from '../support/seed';
import { startServe, type ServeProcess } from '../support/serve-process';
import { expect, test as deskTest, type DeskUnderTest } from './fixtures';

export interface ProxiedRemote {
  /** The line's address (a fault proxy in front of the gate): what the desk under test is pointed at. */
  url: string;
  gate: Gate;
  /** Makes the line between the desk and the remote refuse, hang… and pass again (test/support/fault-proxy.ts). */
  setLine(mode: FaultMode): Promise<void>;
  /** Holds the n-th POST …/<kind>/batch from now on until the door opens. */
  holdBatch(n: number, kind?: 'bookings' | 'filmers'): ReturnType<typeof door>;
  /** Runs before each request reaches the remote (another desk acting on it, say). */
  act(fn: (request: GatedRequest) => Promise<void> | void): void;
  /** GET on the remote's own Sync API, with its own token. */
  get(request: APIRequestContext, path: string): ReturnType<APIRequestContext['get']>;
  post(request: APIRequestContext, path: string, data: unknown): ReturnType<APIRequestContext['post']>;
  delete(request: APIRequestContext, path: string): ReturnType<APIRequestContext['delete']>;
  /** Switches a desk to proxy mode against this remote (through the gate). */
  connect(request: APIRequestContext, desk: Pick<DeskUnderTest, 'url' | 'adminHeaders'>): Promise<void>;
}

/**
 * `remote`: a second real server (our own, as `npm run serve` starts it) on its own store, behind a
 * gate in the test process that can hold a batch: the desk sends imports there in proxy mode, and
 * a held batch keeps an import surely mid-send while the test acts, as a slow network would. In
 * front of the gate, a fault proxy: the line a test can make refuse (the remote down) and pass again.
 */
export const test = deskTest.extend<{ remote: ProxiedRemote; remoteSeed: object }>({
  /** The remote's store; a spec may `test.use({ remoteSeed })` another (dates relative to TEST_TODAY). */
  remoteSeed: [REMOTE_SEED, { option: true }],
  remote: async ({ remoteSeed }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-remote-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify({ dates_relative_to: TEST_TODAY, ...remoteSeed }));
    let serve: ServeProcess | undefined;
    let gate: Gate | undefined;
    let line: Awaited<ReturnType<typeof startFaultProxy>> | undefined;
    try {
      serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile]);
      let hold: (request: GatedRequest) => Promise<void> | void = () => undefined;
      gate = await startGate(serve.url, (request) => hold(request));
      line = await startFaultProxy(gate.url);
      const remoteUrl = serve.url;
      const headers = { authorization: `Bearer ${REMOTE_TOKEN}` };
      const openGate = gate;
      const lineUrl = line.url;
      await use({
        url: lineUrl,
        gate: openGate,
        setLine: line.set,
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
        post: (request, path, data) => request.post(`${remoteUrl}/api/f1/sync${path}`, { headers, data }),
        delete: (request, path) => request.delete(`${remoteUrl}/api/f1/sync${path}`, { headers }),
        async connect(request, desk) {
          const res = await request.put(`${desk.url}/api/desk/connection`, {
            headers: await desk.adminHeaders(),
            data: { mode: 'proxy', remote_url: lineUrl, credentials: { kind: 'bearer', token: REMOTE_TOKEN } },
          });
          expect(res.status(), await res.text()).toBe(200);
        },
      });
    } finally {
      await line?.close();
      await gate?.close();
      await serve?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect };
