import { execFileSync } from 'node:child_process';

/**
 * Build the desk UI once, as `npm run serve` does before it starts. With DESK_UI_DIR set the
 * build goes there (and the servers the tests start serve it from there), so parallel runs in
 * one checkout stay apart.
 */
export default function globalSetup(): void {
  const outDir = process.env.DESK_UI_DIR ? ['--outDir', process.env.DESK_UI_DIR, '--emptyOutDir'] : [];
  execFileSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn', ...outDir], {
    stdio: 'inherit',
  });
}
