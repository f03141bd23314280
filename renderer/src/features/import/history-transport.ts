import { syncApi } from '../../api/sync-api';
import { batchApi, importsApi } from '../../api/imports-api';
import type { ImportTransport } from './send-import';

/** The sender's transport in the page: the one API client, for the batch endpoints and the history alike. */
export const pageTransport: ImportTransport = {
  sendBatch: (kind, records) => batchApi.send(kind, records),
  listFilmers: () => syncApi.listFilmers(true),
  recordRows: (importId, rows) => importsApi.recordRows(importId, rows),
  setState: async (importId, state) => {
    await importsApi.setState(importId, state);
  },
};
