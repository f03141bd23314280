import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../common/data-dir';
import { DeskSessionFile } from '../common/desk-session';

const USAGE = `Usage: dropzone-desk url [--data-dir DIR]   (in a checkout: npm run url -- [flags])

Prints the desk's sign-in address for a browser (the "Desk:" line serve prints), as the last run
on this data folder served it. Only the desk's own OS user can read it: it holds the session secret.

  --data-dir DIR  the data folder (default ${defaultDataDir()})
`;

/** `dropzone-desk url`: the browser sign-in address again, for when serve's output is gone (docs/user-guide.md, "When the server blips"). */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const url = DeskSessionFile.inDataDir(dataDir).signInUrl();
  if (url === null)
    throw new Error(`no desk has served from ${dataDir} yet: start one with "npm run serve" (it prints the address)`);
  console.log(url);
}
