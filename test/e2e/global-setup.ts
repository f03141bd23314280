import { execFileSync } from 'node:child_process';

/** Build the desk UI once, as `npm run serve` does before it starts. */
export default function globalSetup(): void {
  execFileSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
}
