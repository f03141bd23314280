import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { randomUUID } from 'node:crypto';
import type { CheckInWrite } from '../../../shared/schemas/reception';
import { readCheckIn, recordCheckIn } from '../../desk/check-ins';
import { atOneInstant, timestamp, type SyncContext } from '../../sync/context';
import { deskCsv } from '../../desk/desk-export-csv';
import { deskExportFileName } from '../../desk/desk-export-name';
import { deskBookingPage, deskDaySheet } from '../../desk/desk-list';
import { parseRecordId } from '../../sync/validation';
import type { Store } from '../../store/store';
import { refusal } from '../contract/answers';
import type { CopyScope } from '../contract/route-backend';
import { serveRoute } from '../contract/serve-route';

export interface DeskReceptionRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * Reception's day: the desk list (search, sort, filters), its CSV export, the day
 * sheet and check-ins. In proxy mode the same rules run on the desk's copy of the remote (its own
 * store, the remote's ids), so reception searches, sorts, checks in and prints as in local mode,
 * online or not (docs/offline.md).
 */
export async function deskReceptionRoutes(app: FastifyInstance, { store, now }: DeskReceptionRoutesOptions) {
  // In proxy mode the copy of the remote is the store these rules read: its rows, its check-ins.
  const ctx = ({ request, copy }: { request: FastifyRequest; copy: CopyScope | null }): SyncContext =>
    atOneInstant(copy ? { ...copy, now } : { store, dropzone: request.dropzone!, now });

  serveRoute(app, deskRoutes.listDeskBookings, (call) => {
    const outcome = deskBookingPage(ctx(call), call.query);
    return outcome.kind === 'page'
      ? { status: 200, body: outcome.page }
      : refusal('unprocessable_content', outcome.reason);
  });

  serveRoute(app, deskRoutes.exportDeskBookings, (call) => {
    const { query } = call;
    const at = ctx(call);
    return { status: 200, file: { name: deskExportFileName(query), content: deskCsv(at, query, query.delimiter) } };
  });

  serveRoute(app, deskRoutes.daySheet, (call) => ({
    status: 200,
    body: deskDaySheet(ctx(call), call.query.day),
  }));

  serveRoute(app, deskRoutes.getCheckIn, (call) => {
    const { params } = call;
    const id = parseRecordId(params.id);
    const shown = id === undefined ? undefined : readCheckIn(ctx(call), id);
    return shown
      ? { status: 200, body: shown }
      : refusal('not_found', `booking ${params.id} not found`, id === undefined ? {} : { id });
  });

  serveRoute(app, deskRoutes.checkInsOfDays, (call) => {
    const at = ctx(call);
    const marks = at.store.checkIns.ofDays(at.dropzone.id, call.query.from, call.query.to);
    return { status: 200, body: { check_ins: marks } };
  });

  serveRoute(app, deskRoutes.recordCheckIn, (call) => {
    const { params, body } = call;
    const id = parseRecordId(params.id);
    const at = ctx(call);
    // A paired desk whose main desk did not answer marks its copy, and keeps the mark for the main
    // desk in the same transaction (docs/desks.md): its key and the time it was made go with it.
    const apart = call.backend === 'copy' && app.deskMode?.() === 'paired';
    const outcome =
      id === undefined
        ? ({ kind: 'booking_not_found' } as const)
        : apart
          ? recordForMainDesk(at, id, body)
          : recordCheckIn(at, id, body, { desk: pairedDeskNameOf(call.request) });
    switch (outcome.kind) {
      case 'booking_not_found':
        return refusal('not_found', `booking ${params.id} not found`, id === undefined ? {} : { id });
      case 'no_jump_day':
        return refusal('conflict', outcome.reason, { id });
      case 'recorded':
        return { status: 200, body: { booking_id: outcome.booking_id, check_in: outcome.check_in } };
    }
  });
}

/** The paired desk a call came from (its credential's name at this main desk), or null: this desk's own window. */
function pairedDeskNameOf(request: FastifyRequest): string | null {
  return request.pairedDesk?.name ?? null;
}

/** On a paired desk apart from its main desk: the mark in its copy, and queued for the main desk, in one transaction. */
function recordForMainDesk(ctx: SyncContext, bookingId: number, write: CheckInWrite) {
  const made = { ...write, key: write.key ?? randomUUID(), made_at: write.made_at ?? timestamp(ctx) };
  return ctx.store.transaction(() => {
    const outcome = recordCheckIn(ctx, bookingId, made);
    if (outcome.kind === 'recorded')
      ctx.store.mainDeskMarks.queue({
        key: made.key,
        booking_id: bookingId,
        body: JSON.stringify(made),
        made_at: made.made_at,
      });
    return outcome;
  });
}
