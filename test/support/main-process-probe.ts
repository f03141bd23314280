import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fakeElectron } from './fake-electron';
import { nodeUtilityProcess } from './node-utility-process';
import { waitFor } from './wait-for';

/**
 * The built main process (out/main.cjs) under Node, with the recording stand-in answering
 * `require('electron')` and the real server bundle (out/server.cjs) as its utility process. It
 * relays a 10,000-booking import (20 batches of 500, as the import wizard sends them) through
 * app://desk, then says on its last output line, as JSON, what the main process had loaded and
 * how its event loop fared. Run by test/unit/electron-bundles.test.ts:
 *
 *   node --import tsx test/support/main-process-probe.ts <app folder holding out/> <data folder>
 */
const [appDir, dataDir] = process.argv.slice(2) as [string, string];
const fake = fakeElectron(join(dataDir, 'user-data'));
// Packaged: better-sqlite3 and its prebuilt addon come from node_modules, as in the installed app.
Object.assign(fake.api.app, { isPackaged: true, getAppPath: () => appDir });
fake.api.utilityProcess = nodeUtilityProcess();
process.env.DESK_DATA_DIR = dataDir;

const modules = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = modules._load;
modules._load = function (request: string, ...rest: unknown[]) {
  return request === 'electron' ? fake.api : load.call(this, request, ...rest);
};
const require = createRequire(import.meta.url);
require(join(appDir, 'out', 'main.cjs'));
fake.app.ready();
// main.cjs keeps its shell to itself: the app is set up once it has installed the app: protocol.
await waitFor(() => fake.protocolHandlers.has('app'), 'main.cjs to install the app: protocol', { intervalMs: 5 });

const relay = async (path: string, init: RequestInit = {}) =>
  fake.protocolHandlers.get('app')!(new Request(`app://desk${path}`, init));
const event = {
  senderFrame: { url: 'app://desk/', parent: null },
  returnValue: undefined as unknown as { token: string },
};
fake.ipc.get('desk:config')!(event);
const auth = { authorization: `Bearer ${event.returnValue.token}` };

const index = await relay('/');
const session = await relay('/api/desk/session', { headers: auth });

const BATCHES = 20;
const BATCH_SIZE = 500;
const delay = monitorEventLoopDelay({ resolution: 10 });
let ticks = 0;
const ticker = setInterval(() => ticks++, 5);
delay.enable();
const started = performance.now();
let created = 0;
const statuses: number[] = [];
for (let batch = 0; batch < BATCHES; batch++) {
  const bookings = Array.from({ length: BATCH_SIZE }, (_, i) => ({
    external_id: `PROBE-${batch * BATCH_SIZE + i}`,
    name: `Probe Jumper ${batch * BATCH_SIZE + i}`,
    email: `probe${batch * BATCH_SIZE + i}@example.com`,
    camera_package: 'Selfie',
  }));
  const response = await relay('/api/f1/sync/bookings/batch', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ bookings }),
  });
  statuses.push(response.status);
  const body = (await response.json()) as { results?: Array<{ status: string }> };
  created += body.results?.filter((result) => result.status === 'created').length ?? 0;
}
const importMs = performance.now() - started;
delay.disable();
clearInterval(ticker);

const loaded = Object.keys(require.cache).filter((file) =>
  /node_modules[\\/](better-sqlite3|fastify)[\\/]|electron[\\/](store|server|sync)[\\/]/.test(file),
);
const report = process.report.getReport() as unknown as { sharedObjects: string[] };
const nativeAddons = report.sharedObjects.filter((file) => file.endsWith('.node'));

fake.api.app.quit();
// A quit that never comes is reported below (quitted: false), for the test to say so.
await waitFor(() => fake.app.quitted, 'the app to quit').catch(() => undefined);

console.log(
  JSON.stringify({
    index: { status: index.status, csp: index.headers.get('content-security-policy') },
    sessionStatus: session.status,
    statuses,
    created,
    importMs: Math.round(importMs),
    ticks,
    maxEventLoopDelayMs: Math.round(delay.max / 1e6),
    loaded,
    nativeAddons,
    quitted: fake.app.quitted,
    dialogs: fake.dialogs.map((dialog) => dialog.message),
  }),
);
process.exit(0);
