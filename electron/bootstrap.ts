import { isKnownTimeZone } from '../shared/dates';
import type { DropzoneRecord } from './store/records';
import { loadSeed, readSeedFile } from './seed/seed';
import type { Store } from './store/store';

export class StartupError extends Error {
  override name = 'StartupError';
}

function systemTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

/**
 * Prepares the store for serving: loads the seed into a new store, or gives a fresh store its
 * first dropzone, then picks the dropzone the desk works for.
 */
export function prepareStore(
  store: Store,
  options: { seedFile?: string; dropzoneKey?: string; now: Date },
): DropzoneRecord {
  if (options.seedFile) {
    loadSeed(store, readSeedFile(options.seedFile), options.now);
  } else if (store.isEmpty()) {
    const timezone = systemTimeZone();
    store.dropzones.insert({
      key: 'main',
      name: 'My dropzone',
      timezone,
      currency: 'EUR',
      created_at: options.now.toISOString(),
    });
  }
  const dropzones = store.dropzones.all();
  const dropzone = options.dropzoneKey ? store.dropzones.byKey(options.dropzoneKey) : dropzones[0];
  if (!dropzone) {
    throw new StartupError(
      `no dropzone "${options.dropzoneKey}" in the store; it has: ${dropzones.map((d) => d.key).join(', ')}`,
    );
  }
  return dropzone;
}
