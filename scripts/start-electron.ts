import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary';

/**
 * npm start: the desktop app from this checkout. Makes sure the Electron executable is there
 * (trying its download once), then builds the UI and the Electron bundles and runs the app.
 * Electron comes first: where it cannot be had, nothing is built for nothing, and the only
 * output is what to do instead (the download's own stack trace stays out of it).
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(description: string, command: string, args: string[]): boolean {
  console.log(`start: ${description}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;
}

function fail(message: string): never {
  console.error(
    `start: ${message}\n\nThe desk works without the desktop window: "npm run serve" starts the same server and prints the address of the same screens for a browser.`,
  );
  process.exit(1);
}

let binary = findElectronBinary(root);
if (!binary.ok) {
  console.log(`start: the Electron executable is not installed (${binary.reason}); trying its download once…`);
  const install = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    cwd: join(root, 'node_modules/electron'),
    encoding: 'utf8',
  });
  binary = findElectronBinary(root);
  if (!binary.ok) {
    // The download's own error without its stack trace.
    const said = `${install.stderr ?? ''}${install.stdout ?? ''}`
      .split('\n')
      .find((line) => /error|fail/i.test(line) && !/^\s+at /.test(line))
      ?.trim()
      .replace(/^\w*Error: /, '');
    const cause =
      said === 'fetch failed'
        ? await whyUnreachable(process.env.ELECTRON_MIRROR || 'https://github.com/')
        : (said ?? binary.reason);
    fail(
      `Electron could not be installed on this machine (its download failed: ${cause}). Its executable comes from github.com (or ELECTRON_MIRROR); where that cannot be reached, there is no desktop app to start.`,
    );
  }
}

if (!step('building the desk UI', npm, ['run', '--silent', 'build:renderer']))
  fail('building the desk UI failed (above).');
if (!step('bundling the main process, preload and server', npm, ['run', '--silent', 'build:electron']))
  fail('bundling failed (above).');

// ELECTRON_RUN_AS_NODE from a parent shell would turn the app into a plain Node.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const app = spawn(binary.path, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));

/** fetch's own "fetch failed" hides the reason (DNS, refused, TLS): ask the host once more for it. */
async function whyUnreachable(url: string): Promise<string> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    return `fetch failed, though ${url} answers now`;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    return `${cause} (${url})`;
  }
}
