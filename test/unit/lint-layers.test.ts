import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { MAIN_LAYERS } from '../../eslint/layers.js';

/**
 * The lint rules that keep the layers (eslint/layers.js), run through ESLint's own API on small
 * sources placed, in memory, as if they were files of the repository: the project's real config
 * decides, as `npm run lint` would. The rules judge the file an import resolves to, so each
 * refusal is tried under several spellings of the same file.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

interface Problem {
  rule: string;
  message: string;
}

/** The layer problems ESLint reports for `source` as the file `path` (relative to the root). */
async function layerProblems(path: string, source: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, path) });
  assert.ok(result, `ESLint linted ${path}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${path} parsed`);
  return result.messages
    .filter((m) => m.ruleId?.startsWith('boundaries/'))
    .map((m) => ({ rule: m.ruleId!, message: m.message }));
}

const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;
const importingType = (specifier: string) => `import type { X } from '${specifier}';\nexport type Y = X;\n`;
const reExporting = (specifier: string) => `export { x } from '${specifier}';\n`;
const importingLater = (specifier: string) => `export const later = () => import('${specifier}');\n`;

async function refused(path: string, specifier: string, why: RegExp, source = importing(specifier)): Promise<void> {
  const problems = await layerProblems(path, source);
  assert.equal(problems.length, 1, `${path} importing ${specifier} should fail lint; got ${JSON.stringify(problems)}`);
  assert.match(problems[0]!.message, why, `${path} importing ${specifier}`);
}

/** The same file, reached from `path` by every spelling given: each one fails with the same reason. */
async function refusedEverySpelling(path: string, specifiers: string[], why: RegExp): Promise<void> {
  for (const specifier of specifiers) await refused(path, specifier, why);
}

async function allowed(path: string, specifier: string, source = importing(specifier)): Promise<void> {
  assert.deepEqual(await layerProblems(path, source), [], `${path} may import ${specifier}`);
}

describe('the main side: an import against the arrows fails, however it is spelled', () => {
  test('electron/sync importing electron/server', async () => {
    await refusedEverySpelling(
      'electron/sync/probe.ts',
      [
        '../server/app',
        '../../electron/server/app',
        `${ROOT}/electron/server/app`,
        '../sync/../server/app',
        './../server/app.ts',
      ],
      /electron\/sync \(.*\) may not import electron\/server\/app\.ts/,
    );
    await refused('electron/sync/deeper/probe.ts', '../../server/routes/sync-api', /may not import electron\/server/);
    await refused(
      'electron/sync/probe.ts',
      '../server/app',
      /may not import electron\/server/,
      importingType('../server/app'),
    );
    await refused(
      'electron/sync/probe.ts',
      '../server/app',
      /may not import electron\/server/,
      reExporting('../server/app'),
    );
    await refused(
      'electron/sync/probe.ts',
      '../server/app',
      /may not import electron\/server/,
      importingLater('../server/app'),
    );
  });

  test('electron/store importing anything above it', async () => {
    await refusedEverySpelling(
      'electron/store/repos/probe.ts',
      ['../../sync/booking-factory', '../../../electron/sync/booking-factory', `${ROOT}/electron/sync/booking-factory`],
      /electron\/store \(.*\) may not import electron\/sync\/booking-factory\.ts/,
    );
    for (const above of [
      'seed/seed',
      'proxy/connection',
      'server/auth',
      'shell/window',
      'cli/token',
      'imports/hand-over',
    ]) {
      await refused('electron/store/probe.ts', `../${above}`, /electron\/store \(.*\) may not import electron\//);
    }
    await refused('electron/store/probe.ts', '../start', /may not import electron\/start\.ts/);
    await refused('electron/store/probe.ts', '../../electron/serve', /may not import electron\/serve\.ts/);
  });

  test('siblings: sync and proxy, server and shell, cli and the rest', async () => {
    await refusedEverySpelling(
      'electron/proxy/probe.ts',
      ['../sync/bookings', '../../electron/sync/bookings'],
      /electron\/proxy .* may not import electron\/sync/,
    );
    await refusedEverySpelling(
      'electron/sync/probe.ts',
      ['../proxy/forwarder', '../../electron/proxy/forwarder'],
      /electron\/sync .* may not import electron\/proxy/,
    );
    await refused('electron/server/probe.ts', '../shell/relay', /electron\/server .* may not import electron\/shell/);
    await refused('electron/server/routes/probe.ts', '../../cli/token', /may not import electron\/cli/);
    await refused('electron/shell/probe.ts', '../store/store', /electron\/shell .* may not import electron\/store/);
    await refused(
      'electron/common/probe.ts',
      '../store/store',
      /electron\/common, electron\/version\.ts .* may not import electron\/store/,
    );
    await refused('electron/imports/probe.ts', '../server/app', /electron\/imports .* may not import electron\/server/);
    await refused(
      'electron/readers/probe.ts',
      '../imports/hand-over',
      /electron\/readers .* may not import electron\/imports/,
    );
    await refused(
      'electron/seed/probe.ts',
      '../../electron/server/app',
      /electron\/seed .* may not import electron\/server/,
    );
  });

  test('cli works on the store alone: no server, no remote, no entry point', async () => {
    await refusedEverySpelling(
      'electron/cli/probe.ts',
      ['../server/auth', '../../electron/server/auth', `${ROOT}/electron/server/auth`],
      /electron\/cli .* may not import electron\/server/,
    );
    await refused('electron/cli/probe.ts', '../proxy/connection', /electron\/cli .* may not import electron\/proxy/);
    await refused('electron/cli/probe.ts', '../start', /electron\/cli .* may not import electron\/start\.ts/);
  });

  test("electron/'s own files have a layer each: the entries, the composition root, version.ts", async () => {
    await refused(
      'electron/start.ts',
      './shell/window',
      /electron\/start\.ts, electron\/bootstrap\.ts .* may not import electron\/shell/,
    );
    await refused('electron/bootstrap.ts', '../electron/cli/token', /may not import electron\/cli/);
    await refused('electron/serve.ts', './shell/desk-shell', /electron\/serve\.ts.* may not import electron\/shell/);
    await refused('electron/main.ts', './server/app', /electron\/main\.ts.* may not import electron\/server/);
    await refused(
      'electron/version.ts',
      './store/store',
      /electron\/common, electron\/version\.ts .* may not import electron\/store/,
    );
    await refused('electron/server/probe.ts', '../main', /electron\/server .* may not import electron\/main\.ts/);
  });

  test('a file in no layer fails, and so does an import of one', async () => {
    const unplaced = await layerProblems('electron/loose.ts', 'export const x = 1;\n');
    assert.deepEqual(
      unplaced.map((p) => p.rule),
      ['boundaries/no-unknown-files'],
    );
    const unplacedPage = await layerProblems('renderer/src/features/loose.ts', 'export const x = 1;\n');
    assert.deepEqual(
      unplacedPage.map((p) => p.rule),
      ['boundaries/no-unknown-files'],
    );
    await refused('electron/sync/probe.ts', './no-such-file', /resolves to no file with a layer/);
  });
});

describe('electron/desk: above sync, below the server, beside offline, imports, readers and seed', () => {
  // The folder may not exist yet; the rule judges a real file, so the test puts one there for its run.
  const deskDir = join(ROOT, 'electron', 'desk');
  const deskFile = join(deskDir, `lint-probe-${process.pid}.ts`);
  let madeDir = false;
  before(() => {
    madeDir = !existsSync(deskDir);
    mkdirSync(deskDir, { recursive: true });
    writeFileSync(deskFile, 'export const x = 1;\n');
  });
  after(() => {
    rmSync(deskFile, { force: true });
    if (madeDir) rmSync(deskDir, { recursive: true, force: true });
  });

  test('sync never imports desk; desk never imports the server or the imports', async () => {
    const probe = `lint-probe-${process.pid}`;
    await refusedEverySpelling(
      'electron/sync/probe.ts',
      [`../desk/${probe}`, `../../electron/desk/${probe}`, `${ROOT}/electron/desk/${probe}`],
      /electron\/sync .* may not import electron\/desk\//,
    );
    await refused('electron/store/probe.ts', `../desk/${probe}`, /electron\/store .* may not import electron\/desk\//);
    await refused('electron/desk/probe.ts', '../server/app', /electron\/desk .* may not import electron\/server/);
    await refused(
      'electron/desk/probe.ts',
      '../imports/hand-over',
      /electron\/desk .* may not import electron\/imports/,
    );
    await allowed('electron/desk/probe.ts', '../sync/bookings');
    await allowed('electron/desk/probe.ts', '../store/store');
    await allowed('electron/server/probe.ts', `../desk/${probe}`);
    for (const sibling of ['offline', 'imports', 'readers', 'seed'])
      await refused(
        `electron/${sibling}/probe.ts`,
        `../desk/${probe}`,
        new RegExp(`electron/${sibling} .* may not import electron/desk/`),
      );
    await refused('electron/desk/probe.ts', '../offline/outbox', /electron\/desk .* may not import electron\/offline/);
  });
});

describe('the page: app → features → components → lib → api, no feature into another', () => {
  test('a feature importing a sibling feature', async () => {
    await refusedEverySpelling(
      'renderer/src/features/filmers/probe.ts',
      [
        '../bookings/detail/time',
        '../../features/bookings/detail/time',
        '../../../../renderer/src/features/bookings/detail/time',
        `${ROOT}/renderer/src/features/bookings/detail/time`,
      ],
      /renderer\/src\/features\/filmers may not import renderer\/src\/features\/bookings\/detail\/time\.ts: a feature never imports another/,
    );
    await allowed('renderer/src/features/bookings/list/probe.ts', '../detail/time');
  });

  test('lower zones importing higher ones', async () => {
    await refusedEverySpelling(
      'renderer/src/components/probe.ts',
      ['../features/bookings/detail/time', `${ROOT}/renderer/src/features/bookings/detail/time`],
      /renderer\/src\/components .* may not import renderer\/src\/features\//,
    );
    await refused(
      'renderer/src/components/grid/probe.ts',
      '../../app/nav-items',
      /renderer\/src\/components .* may not import renderer\/src\/app\//,
    );
    await refused(
      'renderer/src/lib/probe.ts',
      '../components/icons',
      /renderer\/src\/lib .* may not import renderer\/src\/components\//,
    );
    await refused(
      'renderer/src/api/probe.ts',
      '../components/icons',
      /renderer\/src\/api .* may not import renderer\/src\/components\//,
    );
    await refused(
      'renderer/src/features/bookings/probe.ts',
      '../../app/nav-items',
      /renderer\/src\/features .* may not import renderer\/src\/app\//,
    );
  });

  test('the page importing the main side, Node or its packages', async () => {
    await refusedEverySpelling(
      'renderer/src/features/bookings/probe.ts',
      ['../../../../electron/sync/bookings', `${ROOT}/electron/sync/bookings`],
      /may not import electron\/sync\/bookings\.ts: .*shares code with the main side only through shared\//,
    );
    await refused('renderer/src/app/probe.tsx', '../../../electron/shell/origin', /only through shared\//);
    await refused('renderer/src/api/probe.ts', 'node:fs', /The renderer runs in the page: no Node modules/);
    await refused('renderer/src/features/bookings/probe.ts', 'better-sqlite3', /SQLite is the store's/);
  });

  test('along the arrows passes', async () => {
    await allowed('renderer/src/app/probe.tsx', '../features/bookings/detail/time');
    await allowed('renderer/src/features/bookings/probe.ts', '../../components/icons');
    await allowed('renderer/src/features/bookings/probe.ts', '../../api/client');
    await allowed('renderer/src/features/bookings/probe.ts', '../../lib/format');
    await allowed('renderer/src/components/probe.ts', '../lib/format');
    await allowed('renderer/src/components/probe.ts', '../api/client');
    // A helper hook builds on the API client; the client never reaches up into the helpers.
    await allowed('renderer/src/lib/probe.ts', '../api/client');
    await refused(
      'renderer/src/api/probe.ts',
      '../lib/format',
      /renderer\/src\/api .* may not import renderer\/src\/lib\//,
    );
    await allowed('renderer/src/features/bookings/probe.ts', '../../../../shared/rules/booking-age');
  });
});

describe('shared/: both sides run it, so it imports neither, nor Node', () => {
  test('shared/ importing electron/ or the renderer', async () => {
    await refusedEverySpelling(
      'shared/probe.ts',
      ['../electron/store/store', `${ROOT}/electron/store/store`, './rules/../../electron/store/store'],
      /shared\/ .* may not import electron\/store\/store\.ts: it imports neither electron\/ nor renderer\//,
    );
    await refused(
      'shared/rules/probe.ts',
      '../../renderer/src/api/client',
      /imports neither electron\/ nor renderer\//,
    );
  });

  test('shared/ importing Node or a main-side package', async () => {
    await refused('shared/probe.ts', 'node:fs', /runs in the browser too/);
    await refused('shared/probe.ts', 'fs', /runs in the browser too/);
    await refused('shared/probe.ts', 'fastify', /HTTP is the server's/);
  });

  test('shared/ within itself, and packages both sides have', async () => {
    await allowed('shared/rules/probe.ts', '../dates');
    await allowed('shared/probe.ts', 'zod');
  });
});

describe('inside shared/: api → rules, service → schemas → the root files', () => {
  test('a schema importing a rule or a fact of the service', async () => {
    await refusedEverySpelling(
      'shared/schemas/probe.ts',
      ['../service/jumps', '../../shared/service/jumps', `${ROOT}/shared/service/jumps`, './../rules/../service/jumps'],
      /shared\/schemas \(the schemas\) may not import shared\/service\/jumps\.ts: shared\/ points api → rules, service → schemas/,
    );
    await refused(
      'shared/schemas/imports/probe.ts',
      '../../rules/desk-search',
      /may not import shared\/rules\/desk-search\.ts/,
    );
    await refused(
      'shared/schemas/probe.ts',
      '../api/route',
      /shared\/schemas .* may not import shared\/api\/route\.ts/,
    );
  });

  test('the root files importing a schema, and the rules and the service importing each other or the route tables', async () => {
    await refused('shared/probe.ts', './schemas/booking', /shared\/\* .* may not import shared\/schemas\/booking\.ts/);
    await refused('shared/probe.ts', './rules/email', /shared\/\* .* may not import shared\/rules\/email\.ts/);
    await refused('shared/rules/probe.ts', '../service/album', /rules and service never import each other/);
    await refused('shared/service/probe.ts', '../rules/email', /rules and service never import each other/);
    await refused('shared/service/probe.ts', '../api/desk-routes', /shared\/service .* may not import shared\/api\//);
  });

  test('down the order passes, and a new folder of shared/ has no layer', async () => {
    await allowed('shared/api/probe.ts', '../service/album');
    await allowed('shared/api/probe.ts', '../schemas/booking');
    await allowed('shared/rules/probe.ts', '../schemas/filmer');
    await allowed('shared/service/probe.ts', '../schemas/finance');
    await allowed('shared/schemas/imports/probe.ts', '../../limits');
    await allowed('shared/schemas/probe.ts', './text');
    const unplaced = await layerProblems('shared/loose/probe.ts', 'export const x = 1;\n');
    assert.deepEqual(
      unplaced.map((p) => p.rule),
      ['boundaries/no-unknown-files'],
    );
  });
});

describe('each package in its own layer', () => {
  test("SQLite in the store, HTTP in the server, Electron's API in main and the preload", async () => {
    await refused('electron/sync/probe.ts', 'better-sqlite3', /SQLite is the store's/);
    await refused('electron/cli/probe.ts', 'better-sqlite3', /SQLite is the store's/);
    await refused('electron/start.ts', 'better-sqlite3', /SQLite is the store's/);
    await refused('electron/store/probe.ts', 'fastify', /HTTP is the server's/);
    await refused('electron/shell/probe.ts', 'electron', /imports types only/);
    await refused('electron/serve.ts', 'electron', /Only electron\/main\.ts and the preload import electron/);
    await allowed('electron/shell/probe.ts', 'electron', importingType('electron'));
    await allowed('electron/main.ts', 'electron');
    await allowed('electron/store/probe.ts', 'better-sqlite3');
    await allowed('electron/server/probe.ts', 'fastify');
  });
});

describe('the main side: along the arrows passes', () => {
  test('down the layers', async () => {
    await allowed('electron/shell/probe.ts', '../server/guards/csp');
    await allowed('electron/shell/probe.ts', '../proxy/settings');
    await allowed('electron/shell/probe.ts', '../start');
    await allowed('electron/server/routes/probe.ts', '../../sync/bookings');
    await allowed('electron/server/probe.ts', '../proxy/connection');
    await allowed('electron/server/probe.ts', '../store/store');
    await allowed('electron/server/probe.ts', '../version');
    await allowed('electron/sync/probe.ts', '../store/records');
    await allowed('electron/proxy/probe.ts', '../store/store');
    await allowed('electron/seed/probe.ts', '../sync/booking-factory');
    await allowed('electron/cli/probe.ts', '../store/store');
    await allowed('electron/cli/probe.ts', '../common/desk-session');
    await allowed('electron/start.ts', './server/app');
    await allowed('electron/serve.ts', './start');
    await allowed('electron/main.ts', './shell/desk-shell');
  });

  test('within a layer, and to common/ and shared/ from anywhere', async () => {
    await allowed('electron/store/repos/probe.ts', '../records');
    await allowed('electron/sync/probe.ts', './booking-rules');
    for (const [layer, { files }] of Object.entries(MAIN_LAYERS)) {
      const probe = files?.find((file) => !file.includes('*')) ?? `electron/${layer}/probe.ts`;
      const up = probe.split('/').length - 1;
      await allowed(probe, `${'../'.repeat(up - 1) || './'}common/tokens`);
      await allowed(probe, `${'../'.repeat(up)}shared/rules/email`);
    }
  });

  test('tests may reach any layer', async () => {
    await allowed('test/unit/probe.test.ts', '../../electron/store/store');
    await allowed('test/unit/probe.test.ts', '../../renderer/src/features/bookings/detail/time');
  });
});

describe('electron/offline: the server reaches it through its entry only', () => {
  test('the server imports the copy in force and the proxied Sync API, nothing behind them', async () => {
    await allowed('electron/server/routes/probe.ts', '../../offline/offline-copy');
    await allowed('electron/server/routes/probe.ts', '../../offline/proxied-sync-api');
    await refusedEverySpelling(
      'electron/server/routes/probe.ts',
      ['../../offline/outbox', '../../../electron/offline/outbox', `${ROOT}/electron/offline/outbox`],
      /electron\/server .* may not import electron\/offline\/outbox\.ts/,
    );
    await refused(
      'electron/server/probe.ts',
      '../offline/copy-reads',
      /may not import electron\/offline\/copy-reads\.ts/,
    );
  });

  test('behind the entry, offline/ never reaches up to it, nor to the server', async () => {
    await allowed('electron/offline/offline-copy.ts', './outbox');
    await refused(
      'electron/offline/probe.ts',
      './proxied-sync-api',
      /electron\/offline \(.*\) may not import electron\/offline\/proxied-sync-api\.ts/,
    );
    await refused('electron/offline/probe.ts', '../server/app', /may not import electron\/server/);
    await allowed('electron/start.ts', './offline/outbox-timing');
  });
});

test('every folder under electron/ has its place in the picture', () => {
  const folders = readdirSync(join(ROOT, 'electron'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const placed = new Set(
    Object.entries(MAIN_LAYERS).flatMap(([name, { files }]) =>
      files ? files.map((pattern) => pattern.split('/')[1]) : [name],
    ),
  );
  assert.deepEqual(
    folders.filter((folder) => !placed.has(folder)),
    [],
    'add it to MAIN_LAYERS in eslint/layers.js and to docs/architecture.md',
  );
});
