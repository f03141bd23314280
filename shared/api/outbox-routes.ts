import { deskError } from '../schemas/desk-error';
import {
  outboxDecisionInput,
  outboxListQuery,
  outboxOpDetail,
  outboxPage,
  outboxResolveAllAnswer,
  outboxResolveAllInput,
  outboxSummary,
  outboxUndoInput,
} from '../schemas/outbox';
import { CSV_FILE, defineRoute, NO_CONTENT } from './route';

/**
 * Proxy mode's outbox (docs/desk-api.md, "Outbox"): the writes waiting to land on the remote and
 * the ones a person has to decide. This desk's own records in every mode (a paired desk's are the
 * writes it keeps for its main desk): in local mode (or before a copy is open) the outbox is empty
 * and a write id is unknown (404).
 */
export const outboxRoutes = {
  outboxSummary: defineRoute({
    method: 'GET',
    path: '/api/desk/outbox/summary',
    servedBy: 'this-desk',
    responses: { 200: outboxSummary },
  }),
  listOutbox: defineRoute({
    method: 'GET',
    path: '/api/desk/outbox',
    servedBy: 'this-desk',
    query: { schema: outboxListQuery, name: 'outbox query' },
    responses: { 200: outboxPage, 422: deskError },
  }),
  // A file, not JSON: every write that needs a person, one row per field (docs/desk-api.md).
  exportOutboxAttention: defineRoute({
    method: 'GET',
    path: '/api/desk/outbox/attention.csv',
    servedBy: 'this-desk',
    responses: { 200: CSV_FILE },
  }),
  getOutboxOp: defineRoute({
    method: 'GET',
    path: '/api/desk/outbox/:id',
    servedBy: 'this-desk',
    numericParams: ['id'],
    responses: { 200: outboxOpDetail, 404: deskError },
  }),
  decideOutboxOp: defineRoute({
    method: 'PUT',
    path: '/api/desk/outbox/:id/decision',
    servedBy: 'this-desk',
    numericParams: ['id'],
    body: { schema: outboxDecisionInput, name: 'decision' },
    responses: { 200: outboxOpDetail, 404: deskError, 409: deskError, 422: deskError },
  }),
  undoOutboxDecision: defineRoute({
    method: 'POST',
    path: '/api/desk/outbox/:id/decision/undo',
    servedBy: 'this-desk',
    numericParams: ['id'],
    body: { schema: outboxUndoInput, name: 'undo' },
    responses: { 200: outboxOpDetail, 404: deskError, 409: deskError, 422: deskError },
  }),
  resolveAllOutbox: defineRoute({
    method: 'POST',
    path: '/api/desk/outbox/resolve-all',
    servedBy: 'this-desk',
    body: { schema: outboxResolveAllInput, name: 'resolve all' },
    responses: { 200: outboxResolveAllAnswer, 422: deskError },
  }),
  // "Send now": every waiting write is due at once (the backoff's waits are skipped once).
  retryOutbox: defineRoute({
    method: 'POST',
    path: '/api/desk/outbox/retry',
    servedBy: 'this-desk',
    responses: { 204: NO_CONTENT },
  }),
};
