import { z } from 'zod';
import { IMPORT_LIMITS, importKind, importRowStatus, type ImportKind, type ImportRowStatus } from '../../shared/schemas/imports';
import { queryBoolean, singleQueryValues, type QueryValue } from '../sync/validation';

/** A query string read, or the problems with it (field → message) for a 422. */
export type QueryResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

type RawQuery = Record<string, QueryValue>;

function done<T>(fields: Record<string, string>, value: () => T): QueryResult<T> {
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: value() };
}

function positiveInteger(value: string | undefined, fallback: number, name: string, fields: Record<string, string>): number {
  if (value === undefined) return fallback;
  if (/^\d{1,9}$/.test(value) && Number(value) >= 1) return Number(value);
  fields[name] = 'must be a positive integer';
  return fallback;
}

function kindOf(value: string | undefined, fields: Record<string, string>): ImportKind | undefined {
  if (value === undefined) return undefined;
  const parsed = importKind.safeParse(value);
  if (parsed.success) return parsed.data;
  fields.kind = parsed.error.issues[0]?.message ?? 'is not a kind of import';
  return undefined;
}

/** GET /imports: `kind` (optional). */
export function parseImportListQuery(raw: RawQuery): QueryResult<{ kind: ImportKind | undefined }> {
  const fields: Record<string, string> = {};
  const single = singleQueryValues(raw, new Set(['kind']), fields);
  const kind = kindOf(single.kind, fields);
  return done(fields, () => ({ kind }));
}

export interface RowPageQuery {
  status: ImportRowStatus | undefined;
  failed: boolean;
  page: number;
  perPage: number;
}

/** GET /imports/:id/rows: `status`, `failed`, `page`, `per_page` (capped at the maximum, as the Sync API's lists are). */
export function parseRowPageQuery(raw: RawQuery): QueryResult<RowPageQuery> {
  const fields: Record<string, string> = {};
  const single = singleQueryValues(raw, new Set(['status', 'failed', 'page', 'per_page']), fields);
  let status: ImportRowStatus | undefined;
  if (single.status !== undefined) {
    const parsed = importRowStatus.safeParse(single.status);
    if (parsed.success) status = parsed.data;
    else fields.status = parsed.error.issues[0]?.message ?? 'is not a row status';
  }
  const failed = queryBoolean(single.failed, 'failed', fields);
  const page = positiveInteger(single.page, 1, 'page', fields);
  const perPage = positiveInteger(single.per_page, IMPORT_LIMITS.rowsPerPageDefault, 'per_page', fields);
  return done(fields, () => ({ status, failed, page, perPage: Math.min(perPage, IMPORT_LIMITS.rowsPerPageMax) }));
}

const headerList = z
  .array(z.string({ error: 'must be a JSON array of strings' }).max(1_000), { error: 'must be a JSON array of strings' })
  .min(1, { error: 'must name at least one header' })
  .max(IMPORT_LIMITS.maxColumns, { error: `must have at most ${IMPORT_LIMITS.maxColumns} headers` });

/** GET /import-mappings: `kind` and `headers` (a JSON array of strings), both required. */
export function parseMappingQuery(raw: RawQuery): QueryResult<{ kind: ImportKind; headers: string[] }> {
  const fields: Record<string, string> = {};
  const single = singleQueryValues(raw, new Set(['kind', 'headers']), fields);
  const kind = kindOf(single.kind, fields);
  if (single.kind === undefined) fields.kind = 'is required';
  let headers: string[] = [];
  if (single.headers === undefined) {
    fields.headers = 'is required (a JSON array of strings, URL-encoded)';
  } else {
    let json: unknown;
    try {
      json = JSON.parse(single.headers);
    } catch {
      fields.headers = 'must be a JSON array of strings, URL-encoded';
    }
    if (!fields.headers) {
      const parsed = headerList.safeParse(json);
      if (parsed.success) headers = parsed.data;
      else fields.headers = parsed.error.issues[0]?.message ?? 'must be a JSON array of strings';
    }
  }
  return done(fields, () => ({ kind: kind as ImportKind, headers }));
}
