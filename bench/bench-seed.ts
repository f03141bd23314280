import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The bench dropzone's time zone: "today" of the proxy benches' remote and desk. */
export const BENCH_TIMEZONE = 'Europe/Amsterdam';

/** A seed file of one empty dropzone with one API token, in `dir`: what the proxy benches start a desk or remote on. */
export function benchSeedFile(dir: string, token: string): string {
  const file = join(dir, 'seed.json');
  writeFileSync(
    file,
    JSON.stringify({
      dropzones: [
        { key: 'bench', name: 'Bench Dropzone', timezone: BENCH_TIMEZONE, api_tokens: [token], products: [] },
      ],
    }),
  );
  return file;
}
