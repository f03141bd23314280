import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LAN_PORT } from '../../shared/schemas/desks';
import { defaultDataDir } from '../common/data-dir';
import { lanAddresses } from '../desks/lan-listener';
import { MainDeskPairing, CODE_LIFETIME_MS } from '../desks/main-desk-pairing';
import { storePath } from '../store/open';
import { Store } from '../store/store';
import { shellWord } from './shell-word';

/** What `list` prints for each desk, in this order. */
export const DESK_LIST_COLUMNS = ['name', 'address', 'last seen', 'paired'] as const;

const USAGE = `Usage: dropzone-desk desks <pair|list|revoke NAME> [--data-dir DIR] [--dropzone KEY]
       (in a checkout: npm run desks -- <command> [options])

  pair             show a one-time code another desk joins this main desk with (valid
                   ${CODE_LIFETIME_MS / 60_000} minutes, for one desk): there, npm run serve -- --join <address> --code <code> --name <name>
  list             the desks paired with this one (${DESK_LIST_COLUMNS.join(', ')})
  revoke NAME      remove a paired desk: its next call is refused, its open connections end
  --data-dir DIR   the main desk's data folder, as given to serve (default ${defaultDataDir()})
  --dropzone KEY   the dropzone the paired desk works for (default: the first one)

These work beside a running desk (they write its store), or without one.
`;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        dropzone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`, { cause: error });
  }
}

/** `dropzone-desk desks`: pair desks with this main desk, list them, revoke one. */
export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (!['pair', 'list', 'revoke'].includes(command)) throw new Error(`unknown command "${command}"\n${USAGE}`);
  const file = storePath(resolve(values['data-dir'] ?? defaultDataDir()));
  if (!existsSync(file))
    throw new Error(
      `there is no desk store at ${file}: start the main desk there first (npm run serve -- --lan --data-dir DIR), or give the --data-dir it runs on`,
    );
  const store = Store.open(file);
  try {
    const pairing = new MainDeskPairing(store);
    if (command === 'pair') {
      const dropzones = store.dropzones.all();
      const dz = values.dropzone ? store.dropzones.byKey(values.dropzone) : dropzones[0];
      if (!dz)
        throw new Error(
          dropzones.length === 0
            ? `the store ${file} has no dropzone yet: start it once with npm run serve first`
            : `no dropzone "${values.dropzone}"; the store has: ${dropzones.map((d) => d.key).join(', ')}`,
        );
      const shown = await pairing.newCode(dz);
      const settings = store.lan.settings();
      const port = settings.port ?? DEFAULT_LAN_PORT;
      const addresses = settings.address ? [settings.address] : lanAddresses();
      console.log(`Pairing code: ${shown.code}`);
      console.log(
        `  valid until ${shown.expiresAt}, for one desk; the main desk's certificate: SHA-256 ${shown.fingerprint}`,
      );
      console.log('On the desk that joins:');
      for (const address of addresses.length > 0 ? addresses : ['<this computer’s address>'])
        console.log(
          `  npm run serve -- --join https://${address.includes(':') ? `[${address}]` : address}:${port} --code ${shown.code} --name "Video desk"`,
        );
      if (!settings.enabled)
        console.log(
          `(this desk must listen on the LAN for that: start it with npm run serve -- --lan${values['data-dir'] === undefined ? '' : ` --data-dir ${shellWord(values['data-dir'])}`}, or turn on Settings → Desks → Let other desks join; the port may differ if --lan-port says so)`,
        );
    } else if (command === 'list') {
      const desks = pairing.list();
      if (desks.length === 0) {
        console.log(`Desks paired with ${file}: none (pair one with: npm run desks -- pair)`);
        return;
      }
      console.log(`Desks paired with ${file}:`);
      console.log(DESK_LIST_COLUMNS.join('\t'));
      for (const desk of desks) {
        const row: Record<(typeof DESK_LIST_COLUMNS)[number], string> = {
          name: desk.name,
          address: desk.last_address ?? '-',
          'last seen': desk.last_seen_at ?? '-',
          paired: desk.paired_at,
        };
        console.log(DESK_LIST_COLUMNS.map((column) => row[column]).join('\t'));
      }
    } else {
      const name = rest.join(' ').trim();
      if (!name) throw new Error('revoke needs the desk\'s name (see npm run desks -- list), e.g. revoke "Video desk"');
      const revoked = pairing.revoke(name);
      if (!revoked)
        throw new Error(
          `no paired desk named "${name}"; paired: ${
            pairing
              .list()
              .map((d) => `"${d.name}"`)
              .join(', ') || 'none'
          }`,
        );
      console.log(
        `Desk "${revoked.name}" revoked: its next call is refused, and a running main desk ends its connections.`,
      );
    }
  } finally {
    store.close();
  }
}
