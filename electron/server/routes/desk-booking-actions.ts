import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { RouteSpec, ServerAnswer } from '../../../shared/api/route';
import {
  applyAction,
  bookingLedger,
  listActions,
  previewAction,
  resolveAction,
  type Outcome,
  type Refusal,
} from '../../desk/booking-actions';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { recordUpgradePayment } from '../../desk/upgrade-payments';
import type { Store } from '../../store/store';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface BookingActionRoutesOptions {
  store: Store;
  now: () => Date;
}

/** A refusal of the rules in the desk's error shape; a 404 names the booking. */
function refused(r: Refusal, externalId?: string) {
  const extra = {
    ...(r.fields ? { fields: r.fields } : {}),
    ...(r.refused === 'not_found' && externalId !== undefined ? { external_id: externalId } : {}),
  };
  return refusal(r.refused, r.error, extra);
}

/**
 * An outcome as the route's answer. Typed by the route, as syncAnswer does: a rule's refusal kinds
 * are a superset of what some routes declare (a list never refuses a body), and the answer's check
 * against the table (contractCompilers) holds it to the route all the same.
 */
function answer<R extends RouteSpec, T>(
  _route: R,
  outcome: Outcome<T>,
  status: 200 | 201,
  externalId?: string,
): ServerAnswer<R> {
  return (outcome.ok ? { status, body: outcome.value } : refused(outcome, externalId)) as ServerAnswer<R>;
}

/**
 * Album and credits (/api/desk/bookings/:external_id/actions, …/ledger): what reception and
 * administrators do to a booking in the local store. In proxy mode the remote service owns albums,
 * the ledger and payments, and the desk says so instead of keeping a second ledger beside it.
 */
export async function bookingActionRoutes(app: FastifyInstance, { store, now }: BookingActionRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });

  const r = deskRoutes;
  serveRoute(app, r.bookingActions, ({ request, params }) =>
    answer(r.bookingActions, listActions(ctx(request), params.external_id), 200, params.external_id),
  );
  serveRoute(app, r.bookingLedger, ({ request, params }) =>
    answer(r.bookingLedger, bookingLedger(ctx(request), params.external_id), 200, params.external_id),
  );
  serveRoute(app, r.previewBookingAction, ({ request, params, body }) =>
    answer(
      r.previewBookingAction,
      previewAction(ctx(request), params.external_id, body.action),
      200,
      params.external_id,
    ),
  );

  serveRoute(app, r.applyBookingAction, ({ request, params, body }) => {
    const c = ctx(request);
    return answer(
      r.applyBookingAction,
      applyAction(c, params.external_id, body.recorded_by, () =>
        resolved(resolveAction(store, c.dropzone.id, body.action)),
      ),
      201,
      params.external_id,
    );
  });
  serveRoute(app, r.recordManualCredit, ({ request, params, body }) =>
    answer(
      r.recordManualCredit,
      applyAction(ctx(request), params.external_id, body.recorded_by, () => ({
        ok: true,
        value: {
          action: { kind: 'manual_credit', centi_credit_change: body.centi_credit_change, comment: body.comment },
        },
      })),
      201,
      params.external_id,
    ),
  );
  serveRoute(app, r.recordCorrection, ({ request, params, body }) =>
    answer(
      r.recordCorrection,
      applyAction(ctx(request), params.external_id, body.recorded_by, () => ({
        ok: true,
        value: { action: { kind: 'correct', event_id: body.event_id, comment: body.comment } },
      })),
      201,
      params.external_id,
    ),
  );
}

const resolved = <T>(outcome: Outcome<T>): Outcome<{ action: T }> =>
  outcome.ok ? { ok: true, value: { action: outcome.value } } : outcome;

/**
 * POST /api/desk/upgrade-payments: registered where a Sync API token of the dropzone is accepted
 * too, because a payment relay (a webhook receiver beside the desk) has no window and so no
 * session token. It can only record a payment against a booking of its own dropzone.
 */
export async function upgradePaymentRoutes(app: FastifyInstance, { store, now }: BookingActionRoutesOptions) {
  serveRoute(app, deskRoutes.recordUpgradePayment, ({ request, body }) => {
    const outcome = recordUpgradePayment(atOneInstant({ store, dropzone: request.dropzone!, now }), body);
    if (!outcome.ok) return refused(outcome, body.external_id);
    return { status: outcome.value.status === 'created' ? 201 : 200, body: outcome.value };
  });
}
