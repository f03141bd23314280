import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { readCheckIn, recordCheckIn } from '../../desk/check-ins';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { deskCsv } from '../../desk/desk-export-csv';
import { deskExportFileName } from '../../desk/desk-export-name';
import { deskBookingPage, deskDaySheet } from '../../desk/desk-list';
import { parseRecordId } from '../../sync/validation';
import type { Store } from '../../store/store';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface DeskReceptionRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * Reception's day: the desk list (search, sort, filters), its CSV export, the day
 * sheet and check-ins. The list reads the local store's own columns (check-ins, entitlements,
 * filmers) that the Sync API does not carry, so in proxy mode each refuses with 409 and says so.
 */
export async function deskReceptionRoutes(app: FastifyInstance, { store, now }: DeskReceptionRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });

  serveRoute(app, deskRoutes.listDeskBookings, ({ request, query }) => {
    const outcome = deskBookingPage(ctx(request), query);
    return outcome.kind === 'page'
      ? { status: 200, body: outcome.page }
      : refusal('unprocessable_content', outcome.reason);
  });

  serveRoute(app, deskRoutes.exportDeskBookings, ({ request, query }) => {
    const at = ctx(request);
    return { status: 200, file: { name: deskExportFileName(query), content: deskCsv(at, query, query.delimiter) } };
  });

  serveRoute(app, deskRoutes.daySheet, ({ request, query }) => ({
    status: 200,
    body: deskDaySheet(ctx(request), query.day),
  }));

  serveRoute(app, deskRoutes.getCheckIn, ({ request, params }) => {
    const id = parseRecordId(params.id);
    const shown = id === undefined ? undefined : readCheckIn(ctx(request), id);
    return shown
      ? { status: 200, body: shown }
      : refusal('not_found', `booking ${params.id} not found`, id === undefined ? {} : { id });
  });

  serveRoute(app, deskRoutes.recordCheckIn, ({ request, params, body }) => {
    const id = parseRecordId(params.id);
    const outcome = id === undefined ? ({ kind: 'booking_not_found' } as const) : recordCheckIn(ctx(request), id, body);
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
