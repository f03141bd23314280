import { externalIdOrNone } from '../../shared/rules/external-id';
import { filmerProblems } from '../../shared/rules/filmer';
import { filmerWrite, type Filmer, type FilmerWrite } from '../../shared/schemas/filmer';
import { isObject } from '../../shared/objects';
import type { FilmerRecord } from '../store/records';
import { runBatch } from './batch';
import { timestamp, type SyncContext, type SyncRefused, type SyncResult } from './context';
import {
  describeIssues,
  invalidQuery,
  parseRecordId,
  queryBoolean,
  singleQueryValues,
  type QueryValue,
} from './validation';

export const FILMER_HAS_JUMPS = 'Cannot delete record because dependent jumps exist';

export function filmerView(f: FilmerRecord): Filmer {
  return {
    id: f.id,
    external_id: f.external_id,
    external_service: f.external_service,
    name: f.name,
    email: f.email,
    tandem_instructor: f.tandem_instructor,
    videographer: f.videographer,
    active: f.active,
  };
}

/** A filmer as a create or an update answers it: the record and the outcome. */
export type FilmerSaved = Filmer & { status: 'created' | 'ok' };

/** Single and batch calls word some failures differently (spec 4.2 and section 7). */
type Mode = 'single' | 'batch';

/** A validation failure; `existing` supplies the external_id when an update did not send one. */
function invalid(input: Record<string, unknown>, fields: Record<string, string>, existing?: FilmerRecord): SyncRefused {
  const body: Record<string, unknown> = {};
  if (typeof input.id === 'number') body.id = input.id;
  body.external_id = typeof input.external_id === 'string' ? input.external_id : (existing?.external_id ?? null);
  body.errors = Object.values(fields);
  body.fields = fields;
  body.status = 'unprocessable_content';
  return { status: 'unprocessable_content', body };
}

function notFound(id: unknown): SyncRefused {
  return { status: 'not_found', body: { id, error: 'filmer not found', status: 'not_found' } };
}

/**
 * A filmer body's own errors (not a JSON object, a field of the wrong type), as the upsert answers
 * them; null when it is well formed. Asked first by whoever may answer otherwise before the upsert
 * (offline, a copy that has no filmers yet): malformed input gets the same answer everywhere.
 */
export function malformedFilmer(ctx: SyncContext, body: unknown): SyncRefused | null {
  const result = upsertFilmerParse(ctx, body);
  return 'invalid' in result ? result.invalid : null;
}

function upsertFilmerParse(ctx: SyncContext, body: unknown): { invalid: SyncRefused } | { input: FilmerWrite } {
  if (!isObject(body)) {
    return {
      invalid: {
        status: 'unprocessable_content',
        body: { errors: ['filmer must be a JSON object'], status: 'unprocessable_content' },
      },
    };
  }
  const parsed = filmerWrite.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'filmer');
    // An update that fails its type checks still names the filmer it was for (spec 4.2: "the entry's external_id").
    const existing =
      typeof body.id === 'number' && Number.isSafeInteger(body.id)
        ? ctx.store.filmers.byId(ctx.dropzone.id, body.id)
        : undefined;
    return {
      invalid: invalid(
        body,
        Object.fromEntries(Object.entries(problems.fields).map(([k, m]) => [k, `${k} ${m}`])),
        existing,
      ),
    };
  }
  // A blank external id is none, on create and update alike (an update with "" clears it, as null does).
  const input =
    parsed.data.external_id === undefined
      ? parsed.data
      : { ...parsed.data, external_id: externalIdOrNone(parsed.data.external_id) };
  return { input };
}

/** Create (no `id`) or update (with `id`) one filmer. */
export function upsertFilmer(ctx: SyncContext, body: unknown, mode: Mode = 'single'): SyncResult<FilmerSaved> {
  const parsed = upsertFilmerParse(ctx, body);
  if ('invalid' in parsed) return parsed.invalid;
  const { input } = parsed;
  return ctx.store.transaction(() =>
    input.id === undefined ? createFilmer(ctx, input, mode) : updateFilmer(ctx, input.id, input),
  );
}

/**
 * What refuses a filmer create on its body alone, before any record is looked at: its shape, each
 * field's type, a missing e-mail, a field's form. Proxy mode offline answers it as online, though
 * it cannot make the filmer (the remote assigns the id). The rest (an external id taken) needs the store.
 */
export function filmerCreateRefusal(body: unknown, mode: Mode = 'single'): SyncRefused | undefined {
  if (!isObject(body)) {
    return {
      status: 'unprocessable_content',
      body: { errors: ['filmer must be a JSON object'], status: 'unprocessable_content' },
    };
  }
  const parsed = filmerWrite.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'filmer');
    return invalid(body, Object.fromEntries(Object.entries(problems.fields).map(([k, m]) => [k, `${k} ${m}`])));
  }
  const input = parsed.data;
  if (mode === 'single' && (input.email === undefined || input.email === null)) {
    return {
      status: 'unprocessable_content',
      body: { external_id: input.external_id ?? null, error: 'email is required', status: 'unprocessable_content' },
    };
  }
  const problems = filmerProblems(input, true);
  return Object.keys(problems).length > 0 ? invalid(input, problems) : undefined;
}

function externalIdTaken(ctx: SyncContext, externalId: string | null | undefined, ownId?: number): boolean {
  if (externalId === null || externalId === undefined) return false;
  const holder = ctx.store.filmers.byExternalId(ctx.dropzone.id, externalId);
  return holder !== undefined && holder.id !== ownId;
}

function createFilmer(ctx: SyncContext, input: FilmerWrite, mode: Mode): SyncResult<FilmerSaved> {
  // null is no e-mail at all, as much as a missing key (a blank string is a blank e-mail).
  if (mode === 'single' && (input.email === undefined || input.email === null)) {
    return {
      status: 'unprocessable_content',
      body: { external_id: input.external_id ?? null, error: 'email is required', status: 'unprocessable_content' },
    };
  }
  const problems: Record<string, string> = filmerProblems(input, true);
  if (externalIdTaken(ctx, input.external_id)) problems.external_id = 'External id has already been taken';
  if (Object.keys(problems).length > 0) return invalid(input, problems);

  const now = timestamp(ctx);
  const record: Omit<FilmerRecord, 'id'> = {
    dropzone_id: ctx.dropzone.id,
    external_id: input.external_id ?? null,
    external_service: input.external_service ?? null,
    name: input.name as string,
    email: input.email as string,
    tandem_instructor: input.tandem_instructor ?? false,
    videographer: input.videographer ?? false,
    active: input.active ?? true,
    created_at: now,
    updated_at: now,
  };
  const id = ctx.store.filmers.insert(record);
  return { status: 'created', body: { ...filmerView({ ...record, id }), status: 'created' } };
}

function updateFilmer(ctx: SyncContext, id: number, input: FilmerWrite): SyncResult<FilmerSaved> {
  const existing = ctx.store.filmers.byId(ctx.dropzone.id, id);
  if (!existing) return notFound(id);
  const problems: Record<string, string> = filmerProblems(input, false);
  if (externalIdTaken(ctx, input.external_id, id)) problems.external_id = 'External id has already been taken';
  if (Object.keys(problems).length > 0) return invalid(input, problems, existing);

  const { id: _id, ...changes } = input;
  const updated = { ...existing, ...changes, updated_at: timestamp(ctx) } as FilmerRecord;
  ctx.store.filmers.update(id, { ...changes, updated_at: updated.updated_at } as Partial<FilmerRecord>);
  return { status: 'ok', body: { ...filmerView(updated), status: 'ok' } };
}

/** `POST /filmers/batch`: with `id` updates (or `not_found`), without creates (spec 4.2, 4.5). */
export function upsertFilmerBatch(ctx: SyncContext, body: unknown): SyncResult {
  return runBatch(ctx, body, 'filmers', (element) => upsertFilmer(ctx, element, 'batch'));
}

const LIST_PARAMS = new Set(['include_all']);

export function listFilmers(ctx: SyncContext, raw: Record<string, QueryValue>): SyncResult<Filmer[]> {
  const fields: Record<string, string> = {};
  const includeAll = queryBoolean(singleQueryValues(raw, LIST_PARAMS, fields).include_all, 'include_all', fields);
  if (Object.keys(fields).length > 0) return invalidQuery(fields);
  return { status: 'ok', body: ctx.store.filmers.list(ctx.dropzone.id, includeAll).map(filmerView) };
}

export function showFilmer(ctx: SyncContext, rawId: string): SyncResult<Filmer> {
  const id = parseRecordId(rawId);
  const filmer = id === undefined ? undefined : ctx.store.filmers.byId(ctx.dropzone.id, id);
  return filmer ? { status: 'ok', body: filmerView(filmer) } : notFound(id ?? rawId);
}

export function deleteFilmer(ctx: SyncContext, rawId: string): SyncResult<null> {
  const id = parseRecordId(rawId);
  if (id === undefined) return notFound(rawId);
  return ctx.store.transaction(() => {
    if (!ctx.store.filmers.byId(ctx.dropzone.id, id)) return notFound(id);
    const jumps = ctx.store.filmers.jumpCount(id);
    if (jumps > 0) {
      // The spec's one message, exactly (a booking system may match it); the desk's screen says how many
      // from the desk's own jump counts (GET /api/desk/filmers/jump-counts), not from this answer.
      return {
        status: 'unprocessable_content',
        body: { id, errors: [FILMER_HAS_JUMPS], status: 'unprocessable_content' },
      };
    }
    ctx.store.filmers.delete(ctx.dropzone.id, id);
    return { status: 'ok', body: null };
  });
}
