import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMPORT_LIMITS, importResend, importStart, storedJumpDatesQuery, type ImportSummary } from '../../../shared/schemas/imports';
import { resendImport, startImport, type HandOverResult, type ImportDesk } from '../../imports/hand-over';
import { storedJumpDates } from '../../imports/stored-jump-dates';
import { shownState, type ImportRecord } from '../../store/repos/imports';
import type { DropzoneRecord } from '../../store/records';
import { describeIssues, invalidQuery, isPlainObject, parseRecordId } from '../../sync/validation';
import { parseImportListQuery, parseRowPageQuery } from '../import-queries';
import { sendError } from '../reply';

export type ImportRoutesOptions = ImportDesk;

/** The history list shows at most this many imports (newest first); older ones stay stored. */
export const IMPORT_LIST_CAP = 500;

type IdParams = { Params: { id: string } };

/** The hand-over carries a whole file's rows: a limit of its own (IMPORT_LIMITS.handOverBodyBytes). */
const HAND_OVER = { bodyLimit: IMPORT_LIMITS.handOverBodyBytes };

function invalidBody(reply: FastifyReply, error: z.ZodError) {
  const { fields, messages } = describeIssues(error, 'import');
  return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
}

/** Parses a body with a strict schema; on failure the 422 has been sent and undefined comes back. */
function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest, reply: FastifyReply): z.infer<S> | undefined {
  if (!isPlainObject(request.body)) {
    sendError(reply, 'unprocessable_content', 'body must be a JSON object', { fields: { import: 'body must be a JSON object' } });
    return undefined;
  }
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  invalidBody(reply, parsed.error);
  return undefined;
}

/** Another dropzone's import, a deleted one and a non-numeric id all read as unknown. */
function notFound(reply: FastifyReply, rawId: string) {
  const id = parseRecordId(rawId);
  return sendError(reply, 'not_found', 'import not found', id === undefined ? {} : { id });
}

/**
 * /api/desk/imports: imports and their history. The wizard hands the checked rows over once
 * (POST /imports, or POST /imports/:id/send for a retry); the desk records them, sends them in
 * batches itself and records each row's outcome as it is answered. Closing the window changes
 * nothing; POST …/cancel stops after the batch on its way. GET /imports/events streams the
 * progress (desk-import-events.ts). The history is the desk's own: the local store answers in
 * proxy mode too (these routes carry no backend constraint), while the batches go to the remote.
 */
export async function importRoutes(app: FastifyInstance, desk: ImportRoutesOptions) {
  const { store, runner } = desk;
  const summaryOf = (record: ImportRecord, dropzoneKey: string): ImportSummary => {
    const { dropzone_id: _dz, ...fields } = record;
    const progress = runner.progressOf(record.id);
    return { ...fields, state: shownState(record, progress !== null), dropzone: dropzoneKey, counts: store.imports.counts(record.id), progress };
  };
  const importOf = (request: FastifyRequest<IdParams>) => {
    const id = parseRecordId(request.params.id);
    return id === undefined ? undefined : store.imports.byId(request.dropzone!.id, id);
  };
  /** The answer to a hand-over: the import as it is now (the desk has the rows and sends them), or why not. */
  const handedOver = (reply: FastifyReply, dz: DropzoneRecord, result: HandOverResult, code: 201 | 202) => {
    if (!result.ok) {
      const { problem } = result;
      if (problem.kind === 'invalid') {
        return sendError(reply, 'unprocessable_content', `${problem.field} ${problem.message}; nothing was recorded`, { fields: { [problem.field]: problem.message } });
      }
      return sendError(reply, problem.kind === 'busy' ? 'conflict' : 'forbidden', problem.message);
    }
    return reply.code(code).send(summaryOf(store.imports.byId(dz.id, result.importId)!, dz.key));
  };

  app.post('/imports', HAND_OVER, async (request, reply) => {
    const input = parseBody(importStart, request, reply);
    if (!input) return reply;
    return handedOver(reply, request.dropzone!, startImport(desk, request.dropzone!, input), 201);
  });

  app.post<IdParams>('/imports/:id/send', HAND_OVER, async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    const input = parseBody(importResend, request, reply);
    if (!input) return reply;
    // 202: accepted, and under way.
    return handedOver(reply, request.dropzone!, resendImport(desk, request.dropzone!, record, input), 202);
  });

  // 202: the batch on its way still finishes; the end of the send (state cancelled) comes on the progress stream.
  app.post<IdParams>('/imports/:id/cancel', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    if (!runner.cancel(record.id)) return sendError(reply, 'conflict', `import ${record.id} is not being sent: nothing to cancel`, { id: record.id });
    return reply.code(202).send(summaryOf(record, request.dropzone!.key));
  });

  // POST: a file's worth of ids does not fit in a URL. Answered by the remote in proxy mode.
  app.post('/imports/stored-jump-dates', async (request, reply) => {
    const input = parseBody(storedJumpDatesQuery, request, reply);
    if (!input) return reply;
    const dz = request.dropzone!;
    if (desk.connection.mode === 'proxy' && dz.id !== desk.deskDropzone.id) {
      return sendError(reply, 'forbidden', `proxy mode looks bookings up for dropzone "${desk.deskDropzone.key}" only (the remote credentials are its); this desk session is "${dz.key}"`);
    }
    return storedJumpDates(store, desk.connection, dz, input.external_ids);
  });

  app.get('/imports', async (request, reply) => {
    const query = parseImportListQuery(request.query as Record<string, string>);
    if (!query.ok) return reply.code(422).send(invalidQuery(query.fields).body);
    const dz = request.dropzone!;
    return { imports: store.imports.list(dz.id, query.value.kind, IMPORT_LIST_CAP).map((record) => summaryOf(record, dz.key)) };
  });

  app.get<IdParams>('/imports/:id', async (request, reply) => {
    const record = importOf(request);
    return record ? summaryOf(record, request.dropzone!.key) : notFound(reply, request.params.id);
  });

  app.get<IdParams>('/imports/:id/rows', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    const query = parseRowPageQuery(request.query as Record<string, string>);
    if (!query.ok) return reply.code(422).send(invalidQuery(query.fields).body);
    const { status, failed, page, perPage } = query.value;
    const { rows, total } = store.imports.rows(record.id, { status, failed }, perPage, (page - 1) * perPage);
    return { rows, pagination: { page, per_page: perPage, total, pages: Math.ceil(total / perPage) } };
  });

  // Every row's outcome without its cells: what the wizard that handed the rows over needs once the send ends.
  app.get<IdParams>('/imports/:id/outcomes', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    return { outcomes: store.imports.outcomes(record.id) };
  });

  app.delete<IdParams>('/imports/:id', async (request, reply) => {
    const id = parseRecordId(request.params.id);
    if (id !== undefined && runner.isRunning(id) && store.imports.byId(request.dropzone!.id, id)) {
      return sendError(reply, 'conflict', `import ${id} is being sent now: cancel it first`, { id });
    }
    const deleted = id !== undefined && store.imports.delete(request.dropzone!.id, id);
    return deleted ? reply.code(204).send() : notFound(reply, request.params.id);
  });
}
