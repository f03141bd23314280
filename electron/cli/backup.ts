import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../common/data-dir';
import { backupDir, backupStoreFile, checkBackup, copyBackupInto, listBackups, resolveBackup } from '../store/backups';
import { lockDataFolder } from '../store/desk-lock';
import { storePath } from '../store/open';
import { Store } from '../store/store';

const USAGE = `Usage: dropzone-desk backup [list|create|restore NAME] [--data-dir DIR]

  list            the backups in the data folder, newest first (the default)
  create          back the store up now (works while the desk runs)
  restore NAME    put a backup back in place of the store (NAME as list shows it, or a path to a
                  backup file); the desk must be stopped. The store as it was is backed up first.
  --data-dir DIR  the data folder (default ${defaultDataDir()})

A running desk backs its store up by itself: at start and once a day, into DIR/backups, keeping
the newest five and the newest of each of the last fourteen days.
`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** `dropzone-desk backup …`: list, make and restore the store's backups (docs/user-guide.md, "Your data"). */
export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const [command = 'list', name] = positionals;
  if (command === 'list') return list(dataDir);
  if (command === 'create') return create(dataDir);
  if (command === 'restore') {
    if (!name) throw new Error(`restore needs the backup's name (see dropzone-desk backup list)\n${USAGE}`);
    return restore(dataDir, name);
  }
  throw new Error(`unknown command "${command}"\n${USAGE}`);
}

function list(dataDir: string): void {
  const backups = listBackups(dataDir);
  if (backups.length === 0) {
    console.log(`No backups in ${backupDir(dataDir)} yet (a desk makes one at each start and once a day).`);
    return;
  }
  console.log(`Backups in ${backupDir(dataDir)}, newest first:`);
  console.log('name\tcreated\tsize');
  for (const backup of backups) console.log(`${backup.name}\t${backup.created_at}\t${mib(backup.bytes)}`);
}

async function create(dataDir: string): Promise<void> {
  const file = storePath(dataDir);
  if (!existsSync(file)) throw new Error(`no store in ${dataDir}: nothing to back up`);
  // A reader beside a running desk: SQLite's online backup copies a consistent state.
  const store = Store.open(file);
  try {
    const backup = await store.backup(dataDir);
    console.log(`Backed up to ${backup.file} (${mib(backup.bytes)}).`);
  } finally {
    store.close();
  }
}

async function restore(dataDir: string, name: string): Promise<void> {
  const file = resolveBackup(dataDir, name);
  const held = checkBackup(file);
  const store = storePath(dataDir);
  // No desk may serve from the folder meanwhile (DeskLockedError names it): it would keep its own view.
  const lock = lockDataFolder(dataDir);
  try {
    if (existsSync(store)) {
      const before = await backupStoreFile(store, dataDir);
      console.log(`The store as it was is kept as ${before.name}.`);
    }
    await copyBackupInto(file, store);
    console.log(
      `Restored ${file} (${held.dropzones} dropzone${held.dropzones === 1 ? '' : 's'}, ${held.bookings} bookings) into ${store}.`,
    );
  } finally {
    lock.release();
  }
}
