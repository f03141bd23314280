import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronNativeBindingPath } from '../electron/shell/native-binding';
import { findElectronBinary } from './electron-binary';

/**
 * npm start: the desktop app from this checkout. Builds the UI and the Electron bundles, makes
 * sure the Electron executable and better-sqlite3 for Electron are there (trying to get each
 * once), then runs the app. Where either cannot be had, says so and how to use the desk anyway.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(description: string, command: string, args: string[]): boolean {
  console.log(`start: ${description}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;
}

function fail(message: string): never {
  console.error(`\nstart: ${message}\n\nThe desk works without the desktop window: "npm run serve" starts the same server and prints the address of the same screens for a browser.`);
  process.exit(1);
}

if (!step('building the desk UI', npm, ['run', '--silent', 'build:renderer'])) fail('building the desk UI failed (above).');
if (!step('bundling the main process, preload and server', npm, ['run', '--silent', 'build:electron'])) fail('bundling failed (above).');

let binary = findElectronBinary(root);
if (!binary.ok) {
  console.log(`start: the Electron executable is not installed (${binary.reason}); trying its download once…`);
  const install = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], { cwd: join(root, 'node_modules/electron'), encoding: 'utf8' });
  binary = findElectronBinary(root);
  if (!binary.ok) {
    // The download's own error, without its stack: usually "getaddrinfo ENOTFOUND github.com".
    const cause = `${install.stderr ?? ''}${install.stdout ?? ''}`.split('\n').find((line) => /error/i.test(line))?.trim() ?? binary.reason;
    fail(`Electron could not be installed on this machine: ${cause}. Its executable is downloaded from github.com when the electron package installs; where that is blocked, there is no desktop app to start.`);
  }
}

const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
if (!existsSync(electronNativeBindingPath(root, electronVersion))) {
  if (!step(`getting better-sqlite3 for Electron ${electronVersion}`, npm, ['run', '--silent', 'native:electron'])) {
    fail('better-sqlite3 for Electron is missing and could not be built (above), so the desktop app could not open its store.');
  }
}

// ELECTRON_RUN_AS_NODE from a parent shell would turn the app into a plain Node.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const app = spawn(binary.path, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
