import type { OutboxSummary } from '../../shared/schemas/outbox';
import type { Outbox } from './outbox';
import { OUTBOX_CAPACITY } from './outbox-accept';

/** What the Sync screen asks of an outbox: its counts, its writes, people's decisions on them. */
export type OutboxForPeople = Pick<
  Outbox,
  'summary' | 'list' | 'attentionCsv' | 'detail' | 'decide' | 'undo' | 'resolveAll' | 'retryNow'
>;

const EMPTY: OutboxSummary = {
  waiting: 0,
  attention: 0,
  sending: null,
  paused: null,
  synced_at: null,
  expiring: 0,
  capacity: OUTBOX_CAPACITY,
};

const WHY = 'the outbox holds writes of proxy mode only, and the desk has no copy of a remote open';

/** The outbox of local mode (or of a proxy mode whose copy could not be opened): nothing waits, nothing to decide. */
export const NO_OUTBOX: OutboxForPeople = {
  summary: () => EMPTY,
  list: (query) => ({ ops: [], total: 0, page: query.page ?? 1, per_page: query.per_page ?? 100, summary: EMPTY }),
  attentionCsv: () => '',
  detail: () => undefined,
  decide: (id) => ({ ok: false, status: 404, error: `no write ${id} in the outbox (${WHY})` }),
  undo: (id) => ({ ok: false, status: 404, error: `no write ${id} in the outbox (${WHY})` }),
  resolveAll: () => ({ resolved: 0, left: 0 }),
  retryNow: () => undefined,
};
