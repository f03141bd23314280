import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { defaultDataDir } from '../data-dir';
import { issueToken } from '../server/tokens';
import { storePath } from '../store/open';
import { Store } from '../store/store';

const USAGE = `Usage: npm run token -- <create|list|revoke ID> [--data-dir DIR] [--dropzone KEY] [--label TEXT]

  create           make a new API token for a booking system; it is printed once, only its hash is kept
  list             show the tokens (id, dropzone, label, created) — never the tokens themselves
  revoke ID        remove a token; callers using it get 401 from then on
  --data-dir DIR   the store to use (default ${defaultDataDir()})
  --dropzone KEY   the dropzone the token is for (default: the first one)
  --label TEXT     a note to tell tokens apart, e.g. "booking system"
`;

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, dropzone: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  const store = Store.open(storePath(resolve(values['data-dir'] ?? defaultDataDir())));
  try {
    const dropzones = store.dropzones.all();
    if (dropzones.length === 0) throw new Error('the store has no dropzone yet: start it once with npm run serve (or --seed) first');
    if (command === 'create') {
      const dz = values.dropzone ? store.dropzones.byKey(values.dropzone) : dropzones[0];
      if (!dz) throw new Error(`no dropzone "${values.dropzone}"; the store has: ${dropzones.map((d) => d.key).join(', ')}`);
      const { id, token } = issueToken(store.tokens, dz.id, values.label ?? '', new Date().toISOString());
      console.log(`Token ${id} for dropzone "${dz.key}" (store it now; it is not shown again):\n${token}`);
    } else if (command === 'list') {
      const keyOf = new Map(dropzones.map((d) => [d.id, d.key]));
      for (const t of store.tokens.list()) console.log(`${t.id}\t${keyOf.get(t.dropzone_id)}\t${t.created_at}\t${t.label}`);
    } else if (command === 'revoke') {
      const id = Number(arg);
      if (!Number.isInteger(id)) throw new Error('revoke needs the token id (see npm run token -- list)');
      if (!store.tokens.revoke(id)) throw new Error(`no token with id ${id}`);
      console.log(`Token ${id} revoked.`);
    } else {
      throw new Error(`unknown command "${command}"\n${USAGE}`);
    }
  } finally {
    store.close();
  }
}

try {
  main();
} catch (error) {
  console.error(`dropzone-desk token: ${(error as Error).message}`);
  process.exit(1);
}
