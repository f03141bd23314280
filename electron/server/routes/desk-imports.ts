import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { importCreate, importRowsWrite, importStateWrite, type ImportRowInput, type ImportSummary } from '../../../shared/schemas/imports';
import { shownState, type ImportRecord } from '../../store/repos/imports';
import type { Store } from '../../store/store';
import { describeIssues, invalidQuery, isPlainObject, parseRecordId } from '../../sync/validation';
import { parseImportListQuery, parseRowPageQuery } from '../import-queries';
import { sendError } from '../reply';

export interface ImportRoutesOptions {
  store: Store;
  now: () => Date;
}

/** The history list shows at most this many imports (newest first); older ones stay stored. */
export const IMPORT_LIST_CAP = 500;

type IdParams = { Params: { id: string } };

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

/** The first row numbered beyond the import's rows (its index in the call), if any. */
function beyondTotal(rows: readonly ImportRowInput[], totalRows: number): number {
  return rows.findIndex((row) => row.row_number > totalRows);
}

/**
 * /api/desk/imports: the import history. The wizard creates an import when the person presses
 * Send, records each row's outcome as answers come back (a retry replaces a row's outcome), and
 * marks it finished or cancelled. While it sends, the window holds a lease on the import and
 * renews it (PUT …/lease, and every rows write); a running import whose lease ran out, or was let
 * go (DELETE …/lease as the window unloads), is shown as `interrupted`. Always the local store, in proxy mode too (these routes carry
 * no backend constraint): the history is the desk's own.
 */
export async function importRoutes(app: FastifyInstance, { store, now }: ImportRoutesOptions) {
  const summaryOf = (record: ImportRecord, dropzoneKey: string): ImportSummary => {
    const { dropzone_id: _dz, ...fields } = record;
    return { ...fields, state: shownState(record, now().toISOString()), dropzone: dropzoneKey, counts: store.imports.counts(record.id) };
  };
  const importOf = (request: FastifyRequest<IdParams>) => {
    const id = parseRecordId(request.params.id);
    return id === undefined ? undefined : store.imports.byId(request.dropzone!.id, id);
  };

  app.post('/imports', async (request, reply) => {
    const input = parseBody(importCreate, request, reply);
    if (!input) return reply;
    const dz = request.dropzone!;
    const id = store.imports.create(dz.id, input, now().toISOString());
    return reply.code(201).send(summaryOf(store.imports.byId(dz.id, id)!, dz.key));
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

  app.post<IdParams>('/imports/:id/rows', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    const input = parseBody(importRowsWrite, request, reply);
    if (!input) return reply;
    const beyond = beyondTotal(input.rows, record.total_rows);
    if (beyond >= 0) {
      const field = `rows.${beyond}.row_number`;
      const message = `is ${input.rows[beyond]!.row_number}, beyond the import's ${record.total_rows} rows`;
      return sendError(reply, 'unprocessable_content', `${field} ${message}; nothing was recorded`, { fields: { [field]: message } });
    }
    store.imports.writeRows(record.id, input.rows, now().toISOString());
    return summaryOf(store.imports.byId(record.dropzone_id, record.id)!, request.dropzone!.key);
  });

  app.patch<IdParams>('/imports/:id', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    const input = parseBody(importStateWrite, request, reply);
    if (!input) return reply;
    store.imports.setState(record.id, input.state, now().toISOString());
    return summaryOf(store.imports.byId(record.dropzone_id, record.id)!, request.dropzone!.key);
  });

  // The sending window's heartbeat: 204, nothing to read (it comes every 20 s during a send).
  app.put<IdParams>('/imports/:id/lease', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    store.imports.touch(record.id, now().toISOString());
    return reply.code(204).send();
  });

  // The sending window is unloading: the import is interrupted now, not when the lease runs out.
  app.delete<IdParams>('/imports/:id/lease', async (request, reply) => {
    const record = importOf(request);
    if (!record) return notFound(reply, request.params.id);
    store.imports.release(record.id, now().toISOString());
    return reply.code(204).send();
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

  app.delete<IdParams>('/imports/:id', async (request, reply) => {
    const id = parseRecordId(request.params.id);
    const deleted = id !== undefined && store.imports.delete(request.dropzone!.id, id);
    return deleted ? reply.code(204).send() : notFound(reply, request.params.id);
  });
}
