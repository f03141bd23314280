import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { JumpProblem } from '../../../shared/service/jumps';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { checkBookingJump, filmerJumpCounts, filmerJumpList, recordJump, removeJump } from '../../desk/jumps';
import { parseRecordId } from '../../sync/validation';
import type { Store } from '../../store/store';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface DeskJumpRoutesOptions {
  store: Store;
  now: () => Date;
}

const bookingNotFound = (externalId: string) =>
  refusal('not_found', `booking ${externalId} not found`, { external_id: externalId });

/** Refusals as a form reads them: one message per field (the booking's own refusal is in `error`). */
function fieldsOf(problems: readonly JumpProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const p of problems)
    if (p.field !== 'booking') fields[p.field] = fields[p.field] ? `${fields[p.field]}; ${p.message}` : p.message;
  return fields;
}

/**
 * /api/desk/bookings/:external_id/jump (+ /check) and /api/desk/filmers/…/jumps: the jump a
 * person records at the desk, and what each filmer filmed. In proxy mode jumps are the remote
 * service's (its own admin interface records them), so each refuses with 409 and says so.
 */
export async function deskJumpRoutes(app: FastifyInstance, { store, now }: DeskJumpRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });

  serveRoute(app, deskRoutes.recordJump, ({ request, params, body }) => {
    const outcome = recordJump(ctx(request), params.external_id, body);
    switch (outcome.kind) {
      case 'booking_not_found':
        return bookingNotFound(params.external_id);
      case 'refused': {
        const album = outcome.refusals.find((p) => p.code === 'album_made');
        const extra = { fields: fieldsOf(outcome.refusals), refusals: outcome.refusals, warnings: outcome.warnings };
        // The album closes the jump whatever is sent: a conflict with the booking's state, not a mistake in the form.
        if (album) return refusal('conflict', album.message, extra);
        return refusal('unprocessable_content', outcome.refusals.map((p) => p.message).join('; '), extra);
      }
      case 'recorded':
        return {
          status: outcome.created ? 201 : 200,
          body: { status: outcome.created ? 'created' : 'ok', jump: outcome.jump, warnings: outcome.warnings },
        };
    }
  });

  serveRoute(app, deskRoutes.checkJump, ({ request, params, body }) => {
    const outcome = checkBookingJump(ctx(request), params.external_id, body);
    if (outcome.kind === 'booking_not_found') return bookingNotFound(params.external_id);
    const { check, camera_requirement } = outcome;
    return {
      status: 200,
      body: { jumped_on: check.jumped_on, camera_requirement, refusals: check.refusals, warnings: check.warnings },
    };
  });

  serveRoute(app, deskRoutes.removeJump, ({ request, params, query }) => {
    // `recorded_by` (checked by the query schema) says who removed it: the removal record keeps it.
    const outcome = removeJump(ctx(request), params.external_id, query.recorded_by);
    switch (outcome.kind) {
      case 'booking_not_found':
        return bookingNotFound(params.external_id);
      case 'no_jump':
        return refusal('not_found', `no jump is recorded for booking ${params.external_id}`, {
          external_id: params.external_id,
        });
      case 'album_made':
        return refusal('conflict', outcome.reason);
      case 'removed':
        return {
          status: 200,
          body: { status: 'ok', removed: outcome.jump, removed_by: outcome.removed_by, removed_at: outcome.removed_at },
        };
    }
  });

  serveRoute(app, deskRoutes.filmerJumps, ({ request, params }) => {
    const id = parseRecordId(params.id);
    const list = id === undefined ? undefined : filmerJumpList(ctx(request), id);
    return list
      ? { status: 200, body: list }
      : refusal('not_found', 'filmer not found', id === undefined ? {} : { id });
  });

  serveRoute(app, deskRoutes.filmerJumpCounts, ({ request }) => ({
    status: 200,
    body: { counts: filmerJumpCounts(ctx(request)) },
  }));
}
