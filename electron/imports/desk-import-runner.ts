import type { BackoffPolicy } from '../../shared/backoff';
import type { DeskConnection } from '../proxy/connection';
import type { Store } from '../store/store';
import { ImportRunner } from './import-runner';
import { sendBatchLocally } from './local-batches';
import { sendBatchToRemote } from './remote-batches';

/**
 * The desk's import runner: each batch goes where the Sync API's calls go at that moment (the
 * connection's mode), to the local store by its own rules or to the remote.
 */
export function deskImportRunner(
  store: Store,
  connection: DeskConnection,
  now: () => Date,
  retryBackoff?: BackoffPolicy,
): ImportRunner {
  return new ImportRunner({
    store,
    now,
    retryBackoff,
    sendBatch: async (job, batch) =>
      connection.mode === 'local'
        ? sendBatchLocally(store, now, job, batch)
        : sendBatchToRemote(connection, store, now, job, batch),
  });
}
