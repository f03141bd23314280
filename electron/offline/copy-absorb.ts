import { parseRecordId } from '../sync/validation';
import { isObject } from '../../shared/objects';
import type { CopyRead, RemoteCopy } from './remote-copy';

/** One answer the remote gave while the desk proxied a call. */
export interface ProxiedAnswer {
  method: string;
  /** Below /api/f1/sync, without the query string: `/bookings/SKB-1`. */
  path: string;
  query: URLSearchParams;
  statusCode: number;
  /** The decoded body (null when it was not JSON), read only when the answer is one the copy takes in. */
  body: () => unknown;
  /**
   * A read's: begun before the call went up. What the desk's own writes changed since then, the
   * answer leaves as they left it (it may have been read before they landed).
   */
  read?: CopyRead;
}

/** The outcomes of a write the remote took (spec 7); any other element status is a refusal. */
const ACCEPTED = new Set(['created', 'ok', 'partial_update']);

/** A batch answer's elements the remote accepted, each on its own: a refused element tells the copy nothing. */
function acceptedResultsOf(body: unknown): unknown[] {
  const results = isObject(body) && Array.isArray(body.results) ? body.results : [];
  return results.filter(
    (result) => isObject(result) && typeof result.status === 'string' && ACCEPTED.has(result.status),
  );
}

/**
 * Every answer the remote gives while proxying updates the copy at once (docs/offline.md): a list
 * or a show is what the remote holds now, a write's answer is the record as it became, a 204 or a
 * 404 says it is gone. Anything else (an error, a batch element the remote refused, a partial
 * update without the record) tells the copy nothing and is left to the next refresh.
 */
export function absorbProxiedAnswer(copy: RemoteCopy, answer: ProxiedAnswer): void {
  const [collection, rawId, ...rest] = answer.path.split('/').filter(Boolean);
  if (rest.length > 0 || (collection !== 'bookings' && collection !== 'filmers')) return;
  const { method, statusCode: code } = answer;
  const body = answer.body();
  const ok = code >= 200 && code <= 299;
  const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
  // A write's answer is newer than any read on its way; a read's is as old as the read.
  const read = method === 'GET' ? answer.read : undefined;

  if (collection === 'bookings') {
    if (method === 'GET' && id === undefined && ok && isObject(body) && Array.isArray(body.bookings))
      copy.absorbBookingList(body.bookings, read);
    else if (method === 'GET' && id !== undefined && code === 200) copy.absorbBookingShow(body, read);
    else if ((method === 'GET' || method === 'DELETE') && id !== undefined && (code === 404 || code === 204))
      copy.dropBooking(id, read);
    else if (method === 'POST' && id === undefined && ok) copy.absorbBookingWrite(body);
    else if (method === 'POST' && id === 'batch' && ok)
      for (const result of acceptedResultsOf(body)) copy.absorbBookingWrite(result);
    return;
  }

  const filmerId = id === undefined ? undefined : parseRecordId(id);
  if (method === 'GET' && id === undefined && ok && Array.isArray(body)) {
    if (answer.query.get('include_all') === 'true') copy.replaceFilmers(body, read);
    else for (const filmer of body) copy.absorbFilmerWrite(filmer, read);
  } else if (method === 'GET' && filmerId !== undefined && code === 200) copy.absorbFilmerShow(body, read);
  else if ((method === 'GET' || method === 'DELETE') && filmerId !== undefined && (code === 404 || code === 204))
    copy.dropFilmer(filmerId, read);
  else if (method === 'POST' && id === undefined && ok) copy.absorbFilmerWrite(body);
  else if (method === 'POST' && id === 'batch' && ok)
    for (const result of acceptedResultsOf(body)) copy.absorbFilmerWrite(result);
}
