import assert from 'node:assert/strict';
import type { ImportTransport } from '../../renderer/src/features/import/send-import';
import type { TestDesk } from './desk';

/**
 * The import sender's transport as the page has it, over HTTP on a real desk: the Sync API's
 * batch endpoints and the desk's import history. `beforeBatch` runs before each batch call (its
 * number from 1) and may throw, as a dead remote would, or wait, as a slow one would.
 */
export function deskImportTransport(desk: TestDesk, beforeBatch: (call: number) => Promise<void> | void = () => undefined) {
  const transport = {
    batchCalls: 0,
    renewals: 0,
    sendBatch: async (kind: 'bookings' | 'filmers', records: readonly object[]) => {
      await beforeBatch(++transport.batchCalls);
      const r = await desk.sync('POST', `/${kind}/batch`, { [kind]: records });
      assert.equal(r.status, 200, r.text);
      return r.body.results as unknown[];
    },
    listFilmers: async () => (await desk.sync('GET', '/filmers?include_all=true')).body,
    recordRows: async (id: number, rows: unknown[]) => {
      const r = await desk.desk('POST', `/imports/${id}/rows`, { rows });
      assert.equal(r.status, 200, r.text);
    },
    setState: async (id: number, state: string) => {
      assert.equal((await desk.desk('PATCH', `/imports/${id}`, { state })).status, 200);
    },
    renewLease: async (id: number) => {
      transport.renewals++;
      assert.equal((await desk.desk('PUT', `/imports/${id}/lease`)).status, 204);
    },
  } satisfies ImportTransport & Record<string, unknown>;
  return transport;
}
