import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';

/**
 * Too old a Node (better-sqlite3 needs 22; on 20 the desk dies with a bare segmentation fault) is
 * turned away in one line by the launcher, by the npm scripts that run the desk's code, and by
 * npm ci (engine-strict). Run with a real older Node when the machine has one (CI runs the suite
 * under Node 22 while the system's Node 20 stays on disk); skipped, saying why, when it has none.
 */
const NEEDED =
  /^Dropzone Desk needs Node\.js 22\.12 or newer \(this is (\d+\.\d+\.\d+)\): install Node 22 LTS from https:\/\/nodejs\.org or with your version manager \(nvm install 22\)\n$/;

const dir = mkdtempSync(join(tmpdir(), 'desk-node-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The first Node older than 22 on PATH or in the usual places, with its version. */
function olderNode(): { path: string; version: string } | undefined {
  const places = [...(process.env.PATH ?? '').split(delimiter), '/usr/local/bin', '/usr/bin', '/bin'];
  for (const place of places) {
    const path = join(place, 'node');
    if (!place || !existsSync(path)) continue;
    const run = spawnSync(path, ['--version'], { encoding: 'utf8' });
    const version = /^v(\d+)\.\d+\.\d+/.exec(run.stdout ?? '');
    if (version && Number(version[1]) < 22) return { path, version: run.stdout.trim().slice(1) };
  }
  return undefined;
}

const old = olderNode();
const NO_OLD_NODE = 'no Node older than 22 on this machine (looked on PATH, in /usr/local/bin, /usr/bin and /bin)';

/**
 * npm's own script, run with the Node under test (npm 11 runs on Node 20 too): the one running
 * these tests, the one beside this Node, or the `npm` on PATH (a link to its npm-cli.js).
 */
function findNpmCli(): string | undefined {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .map((place) => join(place, 'npm'))
    .filter((path) => existsSync(path))
    .map((path) => realpathSync(path));
  return [
    process.env.npm_execpath,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    ...onPath,
  ].find((path): path is string => !!path && path.endsWith('.js') && existsSync(path));
}
const npmCli = findNpmCli();
const NO_NPM = 'no npm-cli.js found (npm_execpath, beside this Node, or npm on PATH)';

function npm(node: string, npmScript: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(node, [npmScript, ...args], {
    cwd,
    encoding: 'utf8',
    // The scripts' own `node` is the one npm runs on, as for a user whose PATH has that Node.
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
    timeout: 120_000,
  });
}

/** An empty project with the checkout's package.json, lock file and .npmrc: npm ci there touches nothing of ours. */
function projectCopy(name: string): string {
  const copy = join(dir, name);
  mkdirSync(copy);
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(file, join(copy, file));
  return copy;
}

test('the launcher on an older Node: one line saying what is needed, exit 1, nothing in the data folder', (t) => {
  if (!old) return t.skip(NO_OLD_NODE);
  const data = join(dir, 'data');
  for (const command of ['serve', 'token', 'backup']) {
    const run: SpawnSyncReturns<string> = spawnSync(old.path, ['bin/dropzone-desk.mjs', command, '--data-dir', data], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 1, `${command}: ${run.stderr}`);
    assert.match(run.stderr, NEEDED, command);
    assert.equal(NEEDED.exec(run.stderr)?.[1], old.version);
    assert.equal(run.stdout, '');
    assert.equal(existsSync(data), false, `${command} left the data folder behind`);
  }
});

test('the launcher on this Node passes the check', () => {
  const run = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', '--help'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^Usage: dropzone-desk <command>/);
});

test('an npm script on an older Node says what is needed instead of starting', (t) => {
  if (!old) return t.skip(NO_OLD_NODE);
  if (!npmCli) return t.skip(NO_NPM);
  // --list: were the check missing, Playwright would only list the tests (and exit 0).
  const run = npm(old.path, npmCli, ['run', '--silent', 'test:e2e', '--', '--list'], process.cwd());
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stderr, NEEDED);
  assert.doesNotMatch(run.stdout, /Listing tests/);
});

test("every npm script that runs the desk's code checks the Node first or goes through the launcher", () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  // Tools that run on any Node npm supports and load nothing of the desk's.
  const tools = new Set(['typecheck', 'lint', 'format', 'build:renderer', 'dev:renderer']);
  for (const [name, command] of Object.entries(scripts)) {
    if (tools.has(name)) continue;
    assert.match(command, /^(node scripts\/check-node\.mjs && |(exec )?node bin\/dropzone-desk\.mjs )/, name);
  }
});

test('npm ci on an older Node refuses, naming the Node it needs (engine-strict)', (t) => {
  if (!old) return t.skip(NO_OLD_NODE);
  if (!npmCli) return t.skip(NO_NPM);
  const run = npm(old.path, npmCli, ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund'], projectCopy('older'));
  assert.notEqual(run.status, 0, run.stdout);
  assert.match(run.stderr, /EBADENGINE/);
  assert.match(run.stderr, /Required: \{"node":">=22\.12"\}/);
  assert.match(run.stderr, new RegExp(`Actual: +\\{"node":"v${old.version.replaceAll('.', '\\.')}"`));
});

test('npm ci on this Node is not refused: no dependency asks for a Node the desk does not', (t) => {
  if (!npmCli) return t.skip(NO_NPM);
  const run = npm(
    process.execPath,
    npmCli,
    ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund'],
    projectCopy('current'),
  );
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /EBADENGINE/);
});
