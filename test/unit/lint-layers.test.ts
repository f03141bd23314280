import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { MAIN_LAYERS } from '../../eslint/layers.js';

/**
 * The lint rules that keep the layers (eslint/layers.js), run through ESLint's own API on small
 * sources placed, in memory, as if they were files in each folder: the project's real config
 * decides, as `npm run lint` would.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The import problems ESLint reports for `source` as the file `path` (relative to the root). */
async function importProblems(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, path) });
  assert.ok(result, `ESLint linted ${path}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${path} parsed`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;
const importingType = (specifier: string) => `import type { X } from '${specifier}';\nexport type Y = X;\n`;

async function refused(path: string, specifier: string, why: RegExp, source = importing(specifier)): Promise<void> {
  const problems = await importProblems(path, source);
  assert.equal(problems.length, 1, `${path} importing ${specifier} should fail lint; got ${JSON.stringify(problems)}`);
  assert.match(problems[0]!, why);
}

async function allowed(path: string, specifier: string): Promise<void> {
  assert.deepEqual(await importProblems(path, importing(specifier)), [], `${path} may import ${specifier}`);
}

describe('the layers the linter keeps: against the arrows fails', () => {
  test('electron/sync importing electron/server', async () => {
    await refused('electron/sync/probe.ts', '../server/app', /electron\/sync .* may not import electron\/server/);
    await refused('electron/sync/deeper/probe.ts', '../../server/routes/sync-api', /may not import electron\/server/);
    await refused(
      'electron/sync/probe.ts',
      '../server/app',
      /may not import electron\/server/,
      importingType('../server/app'),
    );
  });

  test("electron/sync importing electron/desk: the desk's rules sit on the Sync API's, never under them", async () => {
    await refused('electron/sync/probe.ts', '../desk/desk-list', /electron\/sync .* may not import electron\/desk/);
    await refused('electron/store/probe.ts', '../desk/jumps', /electron\/store .* may not import electron\/desk/);
  });

  test('electron/store importing electron/sync (or anything above it)', async () => {
    await refused('electron/store/probe.ts', '../sync/bookings', /electron\/store .* may not import electron\/sync/);
    await refused('electron/store/repos/probe.ts', '../../sync/booking-factory', /may not import electron\/sync/);
    for (const above of ['seed/seed', 'proxy/connection', 'server/auth', 'shell/window', 'cli/token']) {
      await refused('electron/store/probe.ts', `../${above}`, /electron\/store .* may not import electron\//);
    }
    await refused('electron/store/probe.ts', '../start', /may not import an entry point/);
  });

  test('the renderer importing electron/', async () => {
    await refused(
      'renderer/src/features/probe.ts',
      '../../../electron/sync/bookings',
      /renderer shares code with the main side only through shared/,
    );
    await refused('renderer/src/probe.tsx', '../../electron/shell/origin', /only through shared/);
    await refused('renderer/src/probe.ts', 'better-sqlite3', /never touches the store/);
  });

  test('shared/ importing electron/, the renderer, or Node', async () => {
    await refused('shared/probe.ts', '../electron/store/store', /only through shared/);
    await refused(
      'shared/rules/probe.ts',
      '../../renderer/src/api/client',
      /imports neither electron\/ nor renderer\//,
    );
    await refused('shared/probe.ts', 'node:fs', /runs in the browser too/);
  });

  test('siblings and the rest of the picture', async () => {
    await refused('electron/proxy/probe.ts', '../sync/bookings', /electron\/proxy .* may not import electron\/sync/);
    await refused('electron/sync/probe.ts', '../proxy/forwarder', /electron\/sync .* may not import electron\/proxy/);
    await refused('electron/server/probe.ts', '../shell/relay', /electron\/server .* may not import electron\/shell/);
    await refused('electron/server/routes/probe.ts', '../../cli/token', /may not import electron\/cli/);
    await refused('electron/cli/probe.ts', '../server/auth', /electron\/cli .* may not import electron\/server/);
    await refused('electron/shell/probe.ts', '../store/store', /electron\/shell .* may not import electron\/store/);
    await refused('electron/common/probe.ts', '../store/store', /electron\/common .* may not import electron\/store/);
    await refused('electron/sync/probe.ts', '../../renderer/src/api/client', /never imports the renderer/);
  });

  test("each package in its own layer: SQLite in the store, HTTP in the server, Electron's API in main and preload", async () => {
    await refused('electron/sync/probe.ts', 'better-sqlite3', /SQLite is the store's/);
    await refused('electron/cli/probe.ts', 'better-sqlite3', /SQLite is the store's/);
    await refused('electron/store/probe.ts', 'fastify', /HTTP is the server's/);
    await refused('electron/shell/probe.ts', 'electron', /imports types only/);
    assert.deepEqual(await importProblems('electron/shell/probe.ts', importingType('electron')), []);
  });
});

describe('the layers the linter keeps: along the arrows passes', () => {
  test('down the layers', async () => {
    await allowed('electron/shell/probe.ts', '../server/guards/csp');
    await allowed('electron/shell/probe.ts', '../proxy/secret-store');
    await allowed('electron/shell/probe.ts', '../start');
    await allowed('electron/server/routes/probe.ts', '../../sync/bookings');
    await allowed('electron/server/probe.ts', '../proxy/connection');
    await allowed('electron/server/probe.ts', '../store/store');
    await allowed('electron/sync/probe.ts', '../store/records');
    await allowed('electron/server/routes/probe.ts', '../../desk/desk-list');
    await allowed('electron/desk/probe.ts', '../sync/bookings');
    await allowed('electron/desk/probe.ts', '../store/store');
    await allowed('electron/proxy/probe.ts', '../store/store');
    await allowed('electron/seed/probe.ts', '../sync/booking-factory');
    await allowed('electron/cli/probe.ts', '../store/store');
    await allowed('electron/store/probe.ts', 'better-sqlite3');
    await allowed('electron/server/probe.ts', 'fastify');
  });

  test('within a layer, and to common/ and shared/ from anywhere', async () => {
    await allowed('electron/store/repos/probe.ts', '../records');
    await allowed('electron/sync/probe.ts', './booking-rules');
    for (const layer of Object.keys(MAIN_LAYERS)) {
      await allowed(`electron/${layer}/probe.ts`, '../common/tokens');
      await allowed(`electron/${layer}/probe.ts`, '../../shared/rules/email');
    }
    await allowed('renderer/src/features/probe.ts', '../../../shared/rules/booking-age');
    await allowed('shared/rules/probe.ts', '../dates');
    await allowed('shared/probe.ts', 'zod');
  });
});

test('every folder under electron/ has its place in the picture', () => {
  const folders = readdirSync(join(ROOT, 'electron'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(
    folders.filter((folder) => !(folder in MAIN_LAYERS)),
    [],
    'add it to MAIN_LAYERS in eslint/layers.js and to docs/architecture.md',
  );
});
