import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { ImportSummary } from '../../../shared/schemas/imports/history';
import { IMPORT_LIMITS } from '../../../shared/schemas/imports/limits';
import type { DeskError } from '../../../shared/schemas/desk-error';
import {
  resendImport,
  startImport,
  type HandOverProblem,
  type ImportDesk,
  type StartProblem,
} from '../../imports/hand-over';
import { storedJumpDates } from '../../imports/stored-jump-dates';
import { shownState, type ImportRecord } from '../../store/repos/imports';
import { parseRecordId } from '../../sync/validation';
import { serveRoute } from '../contract/serve-route';

export type ImportRoutesOptions = ImportDesk;

/** The history list shows at most this many imports (newest first); older ones stay stored. */
export const IMPORT_LIST_CAP = 500;

/** Another dropzone's import, a deleted one and a non-numeric id all read as unknown. */
function notFound(rawId: string): { status: 404; body: DeskError } {
  const id = parseRecordId(rawId);
  return { status: 404, body: { error: 'import not found', ...(id === undefined ? {} : { id }), status: 'not_found' } };
}

/** Why a new import was refused (nothing was recorded), as the route answers it. */
function startRefusal(problem: StartProblem): { status: 422 | 403; body: DeskError } {
  if (problem.kind === 'invalid') {
    return {
      status: 422,
      body: {
        error: `${problem.field} ${problem.message}; nothing was recorded`,
        fields: { [problem.field]: problem.message },
        status: 'unprocessable_content',
      },
    };
  }
  return { status: 403, body: { error: problem.message, status: 'forbidden' } };
}

/** Why more rows for an import were refused: as for a new one, or it is being sent (409). */
function resendRefusal(problem: HandOverProblem): { status: 422 | 403 | 409; body: DeskError } {
  return problem.kind === 'busy'
    ? { status: 409, body: { error: problem.message, status: 'conflict' } }
    : startRefusal(problem);
}

/**
 * /api/desk/imports: imports and their history. The wizard hands the checked rows over once
 * (POST /imports, or POST /imports/:id/send for a retry); the desk records them, sends them in
 * batches itself and records each row's outcome as it is answered. Closing the window changes
 * nothing; POST …/cancel stops after the batch on its way. GET /imports/events streams the
 * progress (desk-import-events.ts). The history is the desk's own: the local store answers in
 * proxy mode too (these routes carry no backend constraint), while the batches go to the remote.
 * Shapes: shared/api/desk-routes.ts.
 */
export async function importRoutes(app: FastifyInstance, desk: ImportRoutesOptions) {
  const { store, runner } = desk;
  const summaryOf = (record: ImportRecord, dropzoneKey: string): ImportSummary => {
    const { dropzone_id: _dz, ...fields } = record;
    const progress = runner.progressOf(record.id);
    return {
      ...fields,
      state: shownState(record, progress !== null),
      dropzone: dropzoneKey,
      counts: store.imports.counts(record.id),
      progress,
    };
  };
  const importOf = (request: FastifyRequest, rawId: string) => {
    const id = parseRecordId(rawId);
    return id === undefined ? undefined : store.imports.byId(request.dropzone!.id, id);
  };
  const summaryNow = (request: FastifyRequest, importId: number) =>
    summaryOf(store.imports.byId(request.dropzone!.id, importId)!, request.dropzone!.key);

  serveRoute(app, deskRoutes.startImport, ({ request, body }) => {
    const result = startImport(desk, request.dropzone!, body);
    return result.ok ? { status: 201, body: summaryNow(request, result.importId) } : startRefusal(result.problem);
  });

  // 202: accepted, and under way.
  serveRoute(app, deskRoutes.resendImport, ({ request, params, body }) => {
    const record = importOf(request, params.id);
    if (!record) return notFound(params.id);
    const result = resendImport(desk, request.dropzone!, record, body);
    return result.ok ? { status: 202, body: summaryNow(request, result.importId) } : resendRefusal(result.problem);
  });

  // 202: the batch on its way still finishes; the end of the send (state cancelled) comes on the progress stream.
  serveRoute(app, deskRoutes.cancelImport, ({ request, params }) => {
    const record = importOf(request, params.id);
    if (!record) return notFound(params.id);
    if (!runner.cancel(record.id))
      return {
        status: 409,
        body: { error: `import ${record.id} is not being sent: nothing to cancel`, id: record.id, status: 'conflict' },
      };
    return { status: 202, body: summaryOf(record, request.dropzone!.key) };
  });

  // POST: a file's worth of ids does not fit in a URL. Answered by the remote in proxy mode.
  serveRoute(app, deskRoutes.storedJumpDates, async ({ request, body }) => {
    const dz = request.dropzone!;
    if (desk.connection.mode === 'proxy' && dz.id !== desk.deskDropzone.id) {
      const error = `proxy mode looks bookings up for dropzone "${desk.deskDropzone.key}" only (the remote credentials are its); this desk session is "${dz.key}"`;
      return { status: 403, body: { error, status: 'forbidden' } };
    }
    return { status: 200, body: await storedJumpDates(store, desk.connection, dz, body.external_ids) };
  });

  serveRoute(app, deskRoutes.listImports, ({ request, query }) => {
    const dz = request.dropzone!;
    return {
      status: 200,
      body: {
        imports: store.imports.list(dz.id, query.kind, IMPORT_LIST_CAP).map((record) => summaryOf(record, dz.key)),
      },
    };
  });

  serveRoute(app, deskRoutes.getImport, ({ request, params }) => {
    const record = importOf(request, params.id);
    return record ? { status: 200, body: summaryOf(record, request.dropzone!.key) } : notFound(params.id);
  });

  serveRoute(app, deskRoutes.importRows, ({ request, params, query }) => {
    const record = importOf(request, params.id);
    if (!record) return notFound(params.id);
    const page = query.page ?? 1;
    const perPage = Math.min(query.per_page ?? IMPORT_LIMITS.rowsPerPageDefault, IMPORT_LIMITS.rowsPerPageMax);
    const { rows, total } = store.imports.rows(
      record.id,
      { status: query.status, failed: query.failed ?? false },
      perPage,
      (page - 1) * perPage,
    );
    return {
      status: 200,
      body: { rows, pagination: { page, per_page: perPage, total, pages: Math.ceil(total / perPage) } },
    };
  });

  // Every row's outcome without its cells: what the wizard that handed the rows over needs once the send ends.
  serveRoute(app, deskRoutes.importOutcomes, ({ request, params }) => {
    const record = importOf(request, params.id);
    return record ? { status: 200, body: { outcomes: store.imports.outcomes(record.id) } } : notFound(params.id);
  });

  serveRoute(app, deskRoutes.deleteImport, ({ request, params }) => {
    const record = importOf(request, params.id);
    if (!record) return notFound(params.id);
    if (runner.isRunning(record.id))
      return {
        status: 409,
        body: { error: `import ${record.id} is being sent now: cancel it first`, id: record.id, status: 'conflict' },
      };
    store.imports.delete(record.dropzone_id, record.id);
    return { status: 204 };
  });
}
