import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../common/data-dir';
import { storePath } from '../store/open';
import { Store } from '../store/store';

const USAGE = `Usage: dropzone-desk admin reset [--data-dir DIR] [--dropzone KEY]
       (in a checkout: npm run admin -- reset [options])

  reset            forget the administrator passphrase of a dropzone: the next administrator
                   action at the desk asks for a new one. Every window's unlock ends at once.
                   Whoever can run this can read the store anyway: it needs this computer's account.
  --data-dir DIR   the desk's data folder, as given to serve (default ${defaultDataDir()})
  --dropzone KEY   the dropzone (default: the first one)
`;

/** `dropzone-desk admin reset`: the way back from a forgotten administrator passphrase. */
export async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, dropzone: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`, { cause: error });
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (command !== 'reset' || extra.length > 0) throw new Error(`unknown command "${positionals.join(' ')}"\n${USAGE}`);
  const file = storePath(resolve(values['data-dir'] ?? defaultDataDir()));
  if (!existsSync(file)) throw new Error(`there is no desk store at ${file}: give the --data-dir the desk runs on`);
  const store = Store.open(file);
  try {
    const dropzones = store.dropzones.all();
    const dz = values.dropzone ? store.dropzones.byKey(values.dropzone) : dropzones[0];
    if (!dz)
      throw new Error(
        values.dropzone
          ? `no dropzone "${values.dropzone}"; the store has: ${dropzones.map((d) => d.key).join(', ')}`
          : `the store ${file} has no dropzone yet`,
      );
    const cleared = store.transaction(() => store.admin.clearPassphrase(dz.id));
    console.log(
      cleared
        ? `The administrator passphrase of "${dz.key}" is forgotten: the next administrator action at the desk asks for a new one.`
        : `"${dz.key}" had no administrator passphrase: nothing to reset.`,
    );
  } finally {
    store.close();
  }
}
