import { deskRoutes } from '../../../shared/api/desk-routes';
import { asRecord } from '../../../shared/objects';
import type { RouteSpec } from '../../../shared/api/route';
import type { DeskChangeKind } from '../../../shared/schemas/desk-changes';
import type { ChangedRecords } from '../../common/desk-changes';

/** What a route's call looked like once answered: its path parameters and its answer's body. */
export interface AnsweredCall {
  params: Record<string, string>;
  body: unknown;
}

type RecordsOf = (call: AnsweredCall) => ChangedRecords;

interface RouteChange {
  kind: DeskChangeKind;
  records: RecordsOf;
}

const digitsOnly = (text: string | undefined) => (text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null);

/** A booking the call named or answered: `:external_id`, `/by-id/:id`, the answer's `id`/`external_id` or its `booking`. */
const theBooking: RecordsOf = ({ params, body }) => {
  const ids: number[] = [];
  const externalIds: string[] = [];
  const byId = digitsOnly(params.id);
  if (byId !== null) ids.push(byId);
  if (params.external_id !== undefined) externalIds.push(params.external_id);
  for (const shown of [asRecord(body), asRecord(asRecord(body).booking)]) {
    if (typeof shown.id === 'number') ids.push(shown.id);
    if (typeof shown.booking_id === 'number') ids.push(shown.booking_id);
    if (typeof shown.external_id === 'string') externalIds.push(shown.external_id);
  }
  return { ids, externalIds };
};

/** The record `:id` names, or the one the answer made (`product`, `upgrade`, an import's summary). */
const theRecord =
  (answerKey?: string): RecordsOf =>
  ({ params, body }) => {
    const byId = digitsOnly(params.id);
    if (byId !== null) return { ids: [byId] };
    const made = answerKey ? asRecord(asRecord(body)[answerKey]) : asRecord(body);
    return typeof made.id === 'number' ? { ids: [made.id] } : { many: true };
  };

const every: RecordsOf = () => ({ many: true });

const r = deskRoutes;
const bookings = (records: RecordsOf = theBooking): RouteChange => ({ kind: 'bookings', records });
const ledger: RouteChange = { kind: 'ledger', records: theBooking };

/**
 * Which desk routes change what, once they answered 2xx: serveRoute tells the change bus so
 * (electron/common/desk-changes.ts). Routes that write nothing a window shows (unlocks, tokens,
 * a mapping, a preview) are not here; a test holds every other writing route to this table.
 */
export const ROUTE_CHANGES: ReadonlyMap<RouteSpec, readonly RouteChange[]> = new Map<RouteSpec, RouteChange[]>([
  [r.editBooking, [bookings()]],
  [r.unlockBookingFields, [bookings()]],
  [r.createWalkIn, [bookings()]],
  [r.editBookingById, [bookings()]],
  [r.deleteWalkIn, [bookings()]],
  [r.recordCheckIn, [{ kind: 'check_ins', records: theBooking }]],
  [r.applyBookingAction, [ledger, bookings()]],
  [r.recordManualCredit, [ledger]],
  [r.recordCorrection, [ledger]],
  [r.recordUpgradePayment, [ledger, bookings()]],
  [r.recordJump, [{ kind: 'jumps', records: theBooking }]],
  [r.removeJump, [{ kind: 'jumps', records: theBooking }]],
  [r.startImport, [{ kind: 'imports', records: theRecord() }]],
  [r.resendImport, [{ kind: 'imports', records: theRecord() }]],
  [r.cancelImport, [{ kind: 'imports', records: theRecord() }]],
  [r.deleteImport, [{ kind: 'imports', records: theRecord() }]],
  [r.createProduct, [{ kind: 'catalogue', records: theRecord('product') }, bookings(every)]],
  [r.updateProduct, [{ kind: 'catalogue', records: theRecord('product') }, bookings(every)]],
  [r.deleteProduct, [{ kind: 'catalogue', records: theRecord('product') }]],
  [r.rematchProduct, [{ kind: 'catalogue', records: theRecord() }, bookings(every)]],
  [r.createUpgrade, [{ kind: 'catalogue', records: theRecord('upgrade') }]],
  [r.updateUpgrade, [{ kind: 'catalogue', records: theRecord('upgrade') }]],
  [r.deleteUpgrade, [{ kind: 'catalogue', records: theRecord('upgrade') }]],
  [r.putConnection, [{ kind: 'connection', records: every }]],
  // Proxy mode's outbox: a decision changes the write, and the copy shows what it will send.
  [r.decideOutboxOp, [{ kind: 'outbox', records: theRecord() }, bookings(every)]],
  [r.undoOutboxDecision, [{ kind: 'outbox', records: theRecord() }, bookings(every)]],
  [r.resolveAllOutbox, [{ kind: 'outbox', records: every }, bookings(every)]],
  [r.retryOutbox, [{ kind: 'outbox', records: every }]],
  // A paired desk's held writes, on the main desk's Sync screen (it reads them from the desks' view).
  [r.reportHeld, [{ kind: 'outbox', records: every }]],
]);

/** What a route's 2xx answer changed, by kind (none for a route that changes nothing shown). */
export function changesOfRoute(
  route: RouteSpec,
  call: AnsweredCall,
): { kind: DeskChangeKind; records: ChangedRecords }[] {
  return (ROUTE_CHANGES.get(route) ?? []).map((change) => ({ kind: change.kind, records: change.records(call) }));
}
