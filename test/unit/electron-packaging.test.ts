import { FuseV1Options } from '@electron/fuses';
import { Arch } from 'electron-builder';
import { build } from 'esbuild';
import { minimatch } from 'minimatch';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { PRODUCT_NAME } from '../../electron/common/data-dir';
import { openStore } from '../../electron/store/open';
import { electronExecutable, fuseConfig, fusesAfterPack, isE2eBuild } from '../../scripts/fuses';

test('release fuses: no run-as-node, no NODE_OPTIONS, no --inspect, asar only and checked, cookies encrypted', () => {
  const release = fuseConfig(false);
  assert.equal(release[FuseV1Options.RunAsNode], false);
  assert.equal(release[FuseV1Options.EnableNodeOptionsEnvironmentVariable], false);
  assert.equal(release[FuseV1Options.EnableNodeCliInspectArguments], false);
  assert.equal(release[FuseV1Options.EnableEmbeddedAsarIntegrityValidation], true);
  assert.equal(release[FuseV1Options.OnlyLoadAppFromAsar], true);
  assert.equal(release[FuseV1Options.EnableCookieEncryption], true);
  assert.equal(release[FuseV1Options.GrantFileProtocolExtraPrivileges], false);
  assert.equal(release.strictlyRequireAllFuses, true);
});

test('the e2e build differs only in the inspector fuse Playwright drives the app through', () => {
  const release = fuseConfig(false);
  const e2e = fuseConfig(true);
  assert.equal(e2e[FuseV1Options.EnableNodeCliInspectArguments], true);
  assert.deepEqual({ ...e2e, [FuseV1Options.EnableNodeCliInspectArguments]: false }, release);
  assert.equal(isE2eBuild({ DESK_E2E_BUILD: '1' }), true);
  assert.equal(isE2eBuild({}), false);
});

test('the fuse wire is found in each platform’s executable', () => {
  const packager = { appInfo: { productFilename: 'Dropzone Desk' }, executableName: 'dropzone-desk' } as any;
  assert.equal(
    electronExecutable({ appOutDir: '/o', electronPlatformName: 'darwin', packager }),
    '/o/Dropzone Desk.app',
  );
  assert.equal(
    electronExecutable({ appOutDir: '/o', electronPlatformName: 'win32', packager }),
    '/o/Dropzone Desk.exe',
  );
  assert.equal(electronExecutable({ appOutDir: '/o', electronPlatformName: 'linux', packager }), '/o/dropzone-desk');
});

test('the preload bundle is one CommonJS file needing nothing but electron, exposing one object', async () => {
  const result = await build({
    entryPoints: ['electron/preload.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const requires = [...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
  assert.deepEqual(requires, ['electron']);
  assert.equal([...code.matchAll(/exposeInMainWorld\(/g)].length, 1);
  assert.match(
    code,
    /exposeInMainWorld\(\s*"desk",\s*Object\.freeze\(\{ apiBase: config\.apiBase, token: config\.token, version: config\.version \}\),?\s*\)/,
  );
});

test('better-sqlite3 runs on its prebuilt Node-API addon: nothing was compiled at install', () => {
  // A build/ folder would mean node-gyp ran (and better-sqlite3 prefers it over the prebuild).
  assert.equal(
    existsSync(resolve('node_modules/better-sqlite3/build')),
    false,
    'no node-gyp build in node_modules/better-sqlite3',
  );
  const dir = mkdtempSync(join(tmpdir(), 'desk-native-'));
  try {
    const db = openStore(join(dir, 'desk.sqlite3'));
    assert.equal((db.prepare('select 40 + 2 as answer').get() as { answer: number }).answer, 42);
    db.close();
    const loaded = (process.report.getReport() as unknown as { sharedObjects: string[] }).sharedObjects.filter(
      (file) => file.endsWith('better_sqlite3.node') || file.includes('better-sqlite3'),
    );
    assert.equal(loaded.length, 1, loaded.join('\n'));
    assert.match(
      relative(resolve('node_modules/better-sqlite3'), loaded[0]!),
      new RegExp(`^prebuilds/${process.platform}(musl)?-${process.arch}\\.node$`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('electron-builder.yml', () => {
  // js-yaml is what electron-builder itself reads this file with (app-builder-lib, builder-util).
  const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as {
    appId: string;
    productName: string;
    files: string[];
    asar: boolean;
    asarUnpack: string[];
    npmRebuild: boolean;
    linux: { target: string[]; files: string[] };
    win: { target: string; files: string[] };
    mac: { target: string; files: string[] };
  };

  test('app id, product name (the same as package.json and the data folder), and the four installers', () => {
    assert.equal(config.appId, 'com.dropzonedesk.app');
    assert.equal(config.productName, PRODUCT_NAME);
    // Electron names userData after package.json's productName: the folder is "Dropzone Desk" even
    // before app.setName runs, packaged or not.
    assert.equal(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { productName?: string }).productName,
      PRODUCT_NAME,
    );
    assert.deepEqual(config.linux.target, ['AppImage', 'deb']);
    assert.equal(config.win.target, 'nsis');
    assert.equal(config.mac.target, 'dmg');
    // Node-API addons load in Electron as they are: a rebuild would only fetch headers and compile.
    assert.equal(config.npmRebuild, false);
  });

  /** electron-builder's files rule: the common patterns, then the platform's, in order; the last one that matches a path decides. */
  const shipped = (path: string, platform: 'linux' | 'win' | 'mac' = 'linux') => {
    let included = false;
    for (const pattern of [...config.files, ...config[platform].files]) {
      const negated = pattern.startsWith('!');
      if (minimatch(path, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
    }
    return included;
  };

  test('ships only the built files: the bundles, the UI, package.json and better-sqlite3 with its prebuilt addons for the platform', () => {
    const sources = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const platform of ['linux', 'win', 'mac'] as const) {
      const leaked = sources.filter((path) => shipped(path, platform)).filter((path) => path !== 'package.json');
      assert.deepEqual(leaked, [], `no source, test, doc or config file of the checkout (${platform})`);
    }
    for (const path of [
      'out/main.cjs',
      'out/preload.cjs',
      'out/server.cjs',
      'out/renderer/index.html',
      'out/renderer/assets/index-abc.js',
      'package.json',
      'node_modules/better-sqlite3/package.json',
      'node_modules/better-sqlite3/lib/index.js',
      'node_modules/better-sqlite3/lib/binding.js',
    ]) {
      assert.ok(shipped(path), `${path} is shipped`);
    }
    for (const path of [
      'out/main.cjs.map',
      'out/renderer/assets/index-abc.js.map',
      'node_modules/fastify/fastify.js',
      'node_modules/react/index.js',
      'node_modules/better-sqlite3/src/better_sqlite3.cpp',
      'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
      'node_modules/better-sqlite3/binding.gyp',
      'node_modules/node-addon-api/napi.h',
      'node_modules/electron/dist/electron',
      'electron/main.ts',
      'dist/renderer/index.html',
    ]) {
      assert.equal(shipped(path), false, `${path} is not shipped`);
    }
    // Each installer carries its own platform's addons (x64 and arm64), none of another's.
    const addons = readdirSync('node_modules/better-sqlite3/prebuilds').map(
      (file) => `node_modules/better-sqlite3/prebuilds/${file}`,
    );
    const addonsOf = (platform: 'linux' | 'win' | 'mac') =>
      addons
        .filter((path) => shipped(path, platform))
        .map((path) => path.split('/').at(-1))
        .sort();
    assert.deepEqual(addonsOf('linux'), ['linux-arm64.node', 'linux-x64.node']);
    assert.deepEqual(addonsOf('win'), ['win32-arm64.node', 'win32-x64.node']);
    assert.deepEqual(addonsOf('mac'), ['darwin-arm64.node', 'darwin-x64.node']);
  });

  test('asar on, with better-sqlite3 (and any .node addon) unpacked', () => {
    assert.equal(config.asar, true);
    const unpacked = (path: string) => config.asarUnpack.some((pattern) => minimatch(path, pattern, { dot: true }));
    assert.ok(unpacked('node_modules/better-sqlite3/prebuilds/linux-x64.node'));
    assert.ok(unpacked('node_modules/better-sqlite3/prebuilds/win32-arm64.node'));
    assert.ok(unpacked('node_modules/better-sqlite3/lib/database.js'));
    assert.equal(unpacked('out/main.cjs'), false);
    assert.equal(unpacked('out/renderer/index.html'), false);
  });
});

describe('the afterPack fuse hook', () => {
  function run(env: NodeJS.ProcessEnv, platform: string, arch: Arch) {
    const flipped: Array<{ file: string; config: Record<string | number, unknown> }> = [];
    const hook = fusesAfterPack(
      async (file, config) => flipped.push({ file: String(file), config: config as Record<string | number, unknown> }),
      env,
    );
    const packager = { appInfo: { productFilename: 'Dropzone Desk' }, executableName: 'dropzone-desk' } as any;
    return hook({ appOutDir: '/o', electronPlatformName: platform, packager, arch }).then(() => flipped);
  }

  test('a release build flips the release fuses in the packed executable', async () => {
    const [linux] = await run({}, 'linux', Arch.x64);
    assert.equal(linux!.file, '/o/dropzone-desk');
    assert.equal(linux!.config[FuseV1Options.EnableNodeCliInspectArguments], false);
    assert.equal(linux!.config[FuseV1Options.RunAsNode], false);
    assert.equal(linux!.config.resetAdHocDarwinSignature, false);
    const { resetAdHocDarwinSignature, ...fuses } = linux!.config;
    assert.equal(resetAdHocDarwinSignature, false);
    assert.deepEqual(fuses, fuseConfig(false));
    const [mac] = await run({}, 'darwin', Arch.arm64);
    assert.equal(mac!.file, '/o/Dropzone Desk.app');
    assert.equal(
      mac!.config.resetAdHocDarwinSignature,
      true,
      'an arm64 Mac binary is re-signed ad hoc after its bytes change',
    );
  });

  test('DESK_E2E_BUILD=1 keeps the inspector fuse on, and only that one', async () => {
    const [e2e] = await run({ DESK_E2E_BUILD: '1' }, 'win32', Arch.x64);
    assert.equal(e2e!.file, '/o/Dropzone Desk.exe');
    const { resetAdHocDarwinSignature: _ignored, ...fuses } = e2e!.config;
    assert.deepEqual(fuses, fuseConfig(true));
    assert.equal(e2e!.config[FuseV1Options.EnableNodeCliInspectArguments], true);
  });
});
