import { execFileSync } from 'node:child_process';
import { electronEnvironment, ROOT } from './environment';

/**
 * With an Electron executable: build the UI (to DESK_UI_DIR when set, so parallel runs stay
 * apart) and the app's bundles; better-sqlite3's prebuilt Node-API addon loads in Electron as it
 * is. Without one: say loudly that the suite is skipped and why.
 */
export default function globalSetup(): void {
  const environment = electronEnvironment();
  if (!environment.runnable) {
    console.log(
      `\n  test:electron SKIPPED — ${environment.reason}.\n  The desktop app was NOT tested on this machine; the browser e2e (npm run test:e2e) covers the same screens and server.\n`,
    );
    return;
  }
  const outDir = process.env.DESK_UI_DIR ? ['--outDir', process.env.DESK_UI_DIR, '--emptyOutDir'] : [];
  execFileSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn', ...outDir], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  execFileSync('npx', ['tsx', 'scripts/build-electron.ts'], { stdio: 'inherit', cwd: ROOT });
}
