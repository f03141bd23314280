import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../common/data-dir';
import { storePath } from '../store/open';
import { Store } from '../store/store';
import { shellWord } from './shell-word';

/** What `list` prints for each token, in this order; the usage below names them from here too. */
export const LIST_COLUMNS = ['id', 'dropzone', 'created', 'label'] as const;

const USAGE = `Usage: dropzone-desk token <create|list|revoke ID> [--data-dir DIR] [--dropzone KEY] [--label TEXT]
       (in a checkout: npm run token -- <command> [options])

  create           make a new API token for a booking system; it is printed once, only its hash is kept
  list             show the tokens (${LIST_COLUMNS.join(', ')}) — never the tokens themselves
  revoke ID        remove a token; callers using it get 401 from then on
  --data-dir DIR   the desk's data folder, as given to serve (default ${defaultDataDir()});
                   the demo desk of the README: --data-dir ./demo-data
  --dropzone KEY   the dropzone the token is for (default: the first one)
  --label TEXT     a note to tell tokens apart, e.g. "booking system"
`;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        dropzone: { type: 'string' },
        label: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`, { cause: error });
  }
}

/** `dropzone-desk token`: API tokens for booking systems, in the store of a data folder. */
export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const [command, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (!['create', 'list', 'revoke'].includes(command)) throw new Error(`unknown command "${command}"\n${USAGE}`);
  const file = storePath(resolve(values['data-dir'] ?? defaultDataDir()));
  // Opening would create an empty store: a mistyped or forgotten --data-dir would look like "no tokens".
  if (!existsSync(file))
    throw new Error(
      `there is no desk store at ${file}: start the desk there first (npm run serve -- --data-dir DIR), or give the --data-dir it runs on`,
    );
  const store = Store.open(file);
  try {
    const dropzones = store.dropzones.all();
    if (dropzones.length === 0)
      throw new Error(`the store ${file} has no dropzone yet: start it once with npm run serve (or --seed) first`);
    if (command === 'create') {
      const dz = values.dropzone ? store.dropzones.byKey(values.dropzone) : dropzones[0];
      if (!dz)
        throw new Error(`no dropzone "${values.dropzone}"; the store has: ${dropzones.map((d) => d.key).join(', ')}`);
      const { id, token } = store.tokens.issue(dz.id, values.label ?? '', new Date().toISOString());
      console.log(`Token ${id} for dropzone "${dz.key}" in ${file} (store it now; it is not shown again):\n${token}`);
    } else if (command === 'list') {
      const keyOf = new Map(dropzones.map((d) => [d.id, d.key]));
      const tokens = store.tokens.list();
      if (tokens.length === 0) {
        const dataDir = values['data-dir'] === undefined ? '' : ` --data-dir ${shellWord(values['data-dir'])}`;
        console.log(`Tokens in ${file}: no tokens (make one with: npm run token -- create${dataDir})`);
        return;
      }
      console.log(`Tokens in ${file}:`);
      console.log(LIST_COLUMNS.join('\t'));
      for (const t of tokens) {
        const row: Record<(typeof LIST_COLUMNS)[number], string> = {
          id: String(t.id),
          dropzone: keyOf.get(t.dropzone_id) ?? '?',
          created: t.created_at,
          label: t.label,
        };
        console.log(LIST_COLUMNS.map((column) => row[column]).join('\t'));
      }
    } else {
      const id = Number(arg);
      if (!Number.isInteger(id)) throw new Error('revoke needs the token id (see npm run token -- list)');
      if (!store.tokens.revoke(id)) throw new Error(`no token with id ${id} in ${file}`);
      console.log(`Token ${id} revoked.`);
    }
  } finally {
    store.close();
  }
}
