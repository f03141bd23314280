import { SYNC_API_PATH } from '../../shared/remote-url';
import { outcomeOfResult } from '../../shared/rules/import-outcomes';
import type { ImportKind } from '../../shared/schemas/imports/kinds';
import type { DeskConnection } from '../proxy/connection';
import type { Store } from '../store/store';
import { FilmerMatcher, refusedResult, type KnownFilmer } from './filmer-matching';
import type { BatchAnswer, ImportJobFacts, SendItem } from './import-job';

/** What the remote answered a call with, read as JSON; or why there is nothing to read. */
type RemoteJson = { ok: true; status: number; body: unknown } | { ok: false; error: string };

const JSON_HEADERS = {
  accept: 'application/json',
  'content-type': 'application/json',
  'user-agent': 'dropzone-desk import',
};

async function callRemote(
  connection: DeskConnection,
  method: string,
  path: string,
  body?: unknown,
): Promise<RemoteJson> {
  const forwarded = await connection.forward({
    method,
    rawUrl: `${SYNC_API_PATH}${path}`,
    headers:
      body === undefined ? { accept: JSON_HEADERS.accept, 'user-agent': JSON_HEADERS['user-agent'] } : JSON_HEADERS,
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  });
  if (forwarded.kind === 'refused') return { ok: false, error: forwarded.error };
  if (forwarded.kind === 'failure') return { ok: false, error: forwarded.failure.error };
  try {
    return {
      ok: true,
      status: forwarded.statusCode,
      body: JSON.parse(forwarded.decodedBody.toString('utf8')) as unknown,
    };
  } catch {
    return {
      ok: false,
      error: `the remote answered ${method} ${path} with HTTP ${forwarded.statusCode} and a body that is not JSON`,
    };
  }
}

const errorOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
    ? `: ${(body as { error: string }).error}`
    : '';

/** POST /<kind>/batch on the remote: one result per record, in order, or why not. */
async function remoteBatch(
  connection: DeskConnection,
  kind: ImportKind,
  records: readonly object[],
): Promise<{ ok: true; results: unknown[] } | { ok: false; error: string }> {
  if (records.length === 0) return { ok: true, results: [] };
  const answer = await callRemote(connection, 'POST', `/${kind}/batch`, { [kind]: records });
  if (!answer.ok) return answer;
  if (answer.status !== 200)
    return { ok: false, error: `the remote answered the batch with HTTP ${answer.status}${errorOf(answer.body)}` };
  const results = (answer.body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results) || results.length !== records.length) {
    return {
      ok: false,
      error: `the remote's answer does not hold one result per ${kind === 'bookings' ? 'booking' : 'filmer'} sent`,
    };
  }
  return { ok: true, results };
}

/** Every filmer the remote has (GET /filmers?include_all=true), for matching the rows to them. */
async function remoteFilmers(
  connection: DeskConnection,
): Promise<{ ok: true; filmers: KnownFilmer[] } | { ok: false; error: string }> {
  const answer = await callRemote(connection, 'GET', '/filmers?include_all=true');
  if (!answer.ok) return answer;
  if (answer.status !== 200 || !Array.isArray(answer.body))
    return {
      ok: false,
      error: `the remote answered the filmer list with HTTP ${answer.status}${errorOf(answer.body)}`,
    };
  return { ok: true, filmers: answer.body as KnownFilmer[] };
}

/**
 * Proxy mode: one batch sent to the remote Sync API (through the connection in force, so the
 * remote's credentials, timeouts and health apply), and what it answered recorded in the desk's
 * history, row by row, in one transaction. Filmers are matched to the remote's list first, read
 * again for every batch (and for its retry: a try that got no answer may have created some).
 */
export async function sendBatchToRemote(
  connection: DeskConnection,
  store: Store,
  now: () => Date,
  job: ImportJobFacts,
  batch: readonly SendItem[],
): Promise<BatchAnswer> {
  const records = batch.map((item) => item.record);
  let results: unknown[];
  if (job.kind === 'filmers') {
    const listed = await remoteFilmers(connection);
    if (!listed.ok) return listed;
    const matcher = new FilmerMatcher(listed.filmers);
    const addresses = records.map((record) => matcher.addressed(record));
    const sent = await remoteBatch(
      connection,
      'filmers',
      addresses.flatMap((a) => ('record' in a ? [a.record] : [])),
    );
    if (!sent.ok) return sent;
    let next = 0;
    results = addresses.map((a) => ('record' in a ? sent.results[next++] : refusedResult(a.refused)));
  } else {
    const sent = await remoteBatch(connection, 'bookings', records);
    if (!sent.ok) return sent;
    results = sent.results;
  }
  const outcomes = results.map(outcomeOfResult);
  const at = now().toISOString();
  store.transaction(() =>
    batch.forEach((item, i) => store.imports.recordOutcome(job.importId, item.row_number, outcomes[i]!, at)),
  );
  return { ok: true, outcomes };
}
