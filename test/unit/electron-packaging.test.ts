import { FuseV1Options } from '@electron/fuses';
import { build } from 'esbuild';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { electronNativeBindingPath } from '../../electron/shell/native-binding';
import { electronExecutable, fuseConfig, isE2eBuild } from '../../scripts/fuses';

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
  assert.equal(electronExecutable({ appOutDir: '/o', electronPlatformName: 'darwin', packager }), '/o/Dropzone Desk.app');
  assert.equal(electronExecutable({ appOutDir: '/o', electronPlatformName: 'win32', packager }), '/o/Dropzone Desk.exe');
  assert.equal(electronExecutable({ appOutDir: '/o', electronPlatformName: 'linux', packager }), '/o/dropzone-desk');
});

test('the Electron-ABI addon has a path per Electron version, platform and architecture', () => {
  assert.equal(electronNativeBindingPath('/repo', '39.8.10', 'linux', 'x64'), '/repo/build/native/electron-39.8.10-linux-x64/better_sqlite3.node');
});

test('the preload bundle is one CommonJS file needing nothing but electron, exposing one object', async () => {
  const result = await build({ entryPoints: ['electron/preload.ts'], bundle: true, platform: 'node', format: 'cjs', external: ['electron'], write: false, logLevel: 'silent' });
  const code = result.outputFiles[0]!.text;
  const requires = [...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
  assert.deepEqual(requires, ['electron']);
  assert.equal([...code.matchAll(/exposeInMainWorld\(/g)].length, 1);
  assert.match(code, /exposeInMainWorld\("desk", Object\.freeze\(\{ apiBase: config\.apiBase, token: config\.token, version: config\.version \}\)\)/);
});
