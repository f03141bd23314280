import type { ConnectionMode } from '../../../shared/schemas/connection';
import type {
  ContractDeviation,
  LogCaller,
  LogEntryDetail,
  LogEntrySummary,
  LogQuery,
} from '../../../shared/schemas/log';
import { toCurl } from './curl';

/** Headers and body of one side of a call, redacted (a body when it is first read: see log-hooks.ts). */
export interface LoggedMessage {
  headers: Record<string, string>;
  body: string | null;
  bodyNote: string | null;
}

/** What the log keeps of a recent call beyond its summary. */
export interface CallDetails {
  /** The desk URL the call was made to (for "Copy as cURL"). */
  deskUrl: string;
  request: LoggedMessage;
  response: LoggedMessage;
  /** Proxied calls: the headers as sent to the remote (credential redacted). */
  upstreamHeaders: Record<string, string> | null;
}

export interface CallRecord {
  id: number;
  time: string;
  method: string;
  path: string;
  mode: ConnectionMode;
  /** Who called: the desk's screens, a booking system's token (by its label), or no valid credentials. */
  caller: LogCaller;
  callerLabel: string | null;
  /**
   * The dropzone whose credential made the call (its API token's, or its desk session's); null
   * when the call carried none that is valid. A desk sees its own dropzone's calls and the null ones.
   */
  dropzoneId: number | null;
  forwarded: boolean;
  httpStatus: number;
  status: string | null;
  durationMs: number;
  requestBytes: number;
  responseBytes: number;
  contractChecked: boolean;
  deviations: ContractDeviation[];
  deviationCount: number;
  upstreamUrl: string | null;
  remoteError: string | null;
  details: CallDetails | null;
}

export type NewCall = Omit<CallRecord, 'id'>;

export interface RequestLogLimits {
  /** Calls whose summary is kept, per dropzone and for the calls of none (in memory; the oldest go first). */
  maxEntries: number;
  /** The most recent calls whose headers and bodies are kept too, per dropzone and for the calls of none. */
  maxDetailed: number;
}

export const DEFAULT_LOG_LIMITS: RequestLogLimits = { maxEntries: 5_000, maxDetailed: 100 };

const statusMatcher = (filter: string): ((call: CallRecord) => boolean) => {
  if (/^\d{3}$/.test(filter)) return (call) => call.httpStatus === Number(filter);
  if (/^[1-5]xx$/.test(filter)) return (call) => Math.floor(call.httpStatus / 100) === Number(filter[0]);
  return (call) => call.status === filter;
};

/** The calls of one dropzone (or of none), oldest first, ids rising (not by one: other dropzones' calls come between). */
class CallList {
  readonly entries: CallRecord[] = [];
  deviatingResponses = 0;

  add(record: CallRecord, limits: RequestLogLimits): void {
    this.entries.push(record);
    if (record.deviationCount > 0) this.deviatingResponses++;
    // shift, not splice: V8 drops an array's first item in place, where splice(0, 1) copied the
    // 5,000 that stay (20 µs a call, 2 % of the server's thread under the bench's mixed load).
    while (this.entries.length > limits.maxEntries) this.entries.shift();
    const lapsed = this.entries[this.entries.length - 1 - limits.maxDetailed];
    if (lapsed) lapsed.details = null;
  }

  /** The index of the first entry whose id is at least `id` (the length when none is). */
  indexFrom(id: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.entries[middle] as CallRecord).id < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  get(id: number): CallRecord | undefined {
    const found = this.entries[this.indexFrom(id)];
    return found?.id === id ? found : undefined;
  }
}

/** The entries of several lists below `cursor`, newest first (a merge: each list is in id order). */
function* newestFirst(lists: readonly CallList[], cursor: number): Generator<CallRecord> {
  const next = lists.map((list) => list.indexFrom(cursor) - 1);
  for (;;) {
    let pick = -1;
    let pickId = -Infinity;
    for (const [k, list] of lists.entries()) {
      const candidate = list.entries[next[k] as number];
      if (candidate && candidate.id > pickId) [pick, pickId] = [k, candidate.id];
    }
    if (pick < 0) return;
    yield (lists[pick] as CallList).entries[(next[pick] as number)--] as CallRecord;
  }
}

/** What the desk of one dropzone may see of the log: its dropzone's calls and the calls of no dropzone. */
export interface LogView {
  /** Calls this view holds now. */
  readonly size: number;
  /** Its proxied responses that deviated from the spec since the desk started (kept when their entries go). */
  readonly deviationCount: number;
  /** The call, if this view holds it: another dropzone's is as unknown as an id never given. */
  get(id: number): CallRecord | undefined;
  /** Newest first; `cursor` continues below an earlier page, `after` returns only newer calls. */
  query(query: LogQuery): { entries: CallRecord[]; nextCursor: number | null };
}

function queryLists(lists: readonly CallList[], query: LogQuery): { entries: CallRecord[]; nextCursor: number | null } {
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  const method = query.method?.toUpperCase();
  const path = query.path?.toLowerCase();
  const status = query.status === undefined ? undefined : statusMatcher(query.status);
  const deviationsOnly = query.deviations === 'true' || query.deviations === '1';
  const excludeDesk = query.exclude_desk === 'true' || query.exclude_desk === '1';
  const cursor = query.cursor === undefined ? Infinity : Number(query.cursor);
  const after = query.after === undefined ? 0 : Number(query.after);

  const found: CallRecord[] = [];
  for (const call of newestFirst(lists, cursor)) {
    if (call.id <= after) break;
    if (method && call.method !== method) continue;
    if (path && !call.path.toLowerCase().includes(path)) continue;
    if (query.mode && call.mode !== query.mode) continue;
    if (query.caller && call.caller !== query.caller) continue;
    if (excludeDesk && call.caller === 'desk') continue;
    if (deviationsOnly && call.deviationCount === 0) continue;
    if (status && !status(call)) continue;
    if (found.length === limit) return { entries: found, nextCursor: (found[found.length - 1] as CallRecord).id };
    found.push(call);
  }
  return { entries: found, nextCursor: null };
}

/**
 * Every call through the desk's Sync API, local and proxied, in memory only (it starts empty with
 * each run). One server serves the desks of several dropzones, so each call is kept with its
 * dropzone, and each dropzone's calls (and those of none) are bounded on their own: a busy
 * dropzone, or a flood of calls without credentials, cannot push out another dropzone's entries.
 * Ids rise by one per call across the whole log.
 */
export class RequestLog {
  private readonly lists = new Map<number | null, CallList>();
  private nextId = 1;

  constructor(private readonly limits: RequestLogLimits = DEFAULT_LOG_LIMITS) {}

  private listOf(dropzoneId: number | null): CallList {
    let list = this.lists.get(dropzoneId);
    if (!list) {
      list = new CallList();
      this.lists.set(dropzoneId, list);
    }
    return list;
  }

  add(call: NewCall): CallRecord {
    const record: CallRecord = { id: this.nextId++, ...call };
    this.listOf(record.dropzoneId).add(record, this.limits);
    return record;
  }

  get maxEntries(): number {
    return this.limits.maxEntries;
  }

  /** The log as the desk of `dropzoneId` sees it. */
  seenBy(dropzoneId: number): LogView {
    const lists = [this.listOf(dropzoneId), this.listOf(null)];
    return {
      get size() {
        return lists.reduce((sum, list) => sum + list.entries.length, 0);
      },
      get deviationCount() {
        return lists.reduce((sum, list) => sum + list.deviatingResponses, 0);
      },
      get: (id) => lists.map((list) => list.get(id)).find((call) => call !== undefined),
      query: (query) => queryLists(lists, query),
    };
  }
}

export function toSummary(call: CallRecord): LogEntrySummary {
  return {
    id: call.id,
    time: call.time,
    method: call.method,
    path: call.path,
    mode: call.mode,
    caller: call.caller,
    caller_label: call.callerLabel,
    forwarded: call.forwarded,
    http_status: call.httpStatus,
    status: call.status,
    duration_ms: call.durationMs,
    request_bytes: call.requestBytes,
    response_bytes: call.responseBytes,
    deviation_count: call.deviationCount,
    contract_checked: call.contractChecked,
    details_kept: call.details !== null,
  };
}

const wireMessage = (message: LoggedMessage) => ({
  headers: message.headers,
  body: message.body,
  body_note: message.bodyNote,
});

export function toDetail(call: CallRecord): LogEntryDetail {
  const details = call.details;
  const requestBody = details?.request.body ?? null;
  const bodyNotKept = details
    ? details.request.body === null && details.request.bodyNote !== null
    : call.requestBytes > 0;
  const deskHeaders = details?.request.headers ?? { authorization: 'Bearer <redacted>' };
  return {
    ...toSummary(call),
    upstream_url: call.upstreamUrl,
    remote_error: call.remoteError,
    deviations: call.deviations,
    request: details ? wireMessage(details.request) : null,
    response: details ? wireMessage(details.response) : null,
    curl: toCurl({
      method: call.method,
      url: details?.deskUrl ?? call.path,
      headers: deskHeaders,
      body: requestBody,
      bodyNotKept,
    }),
    curl_upstream:
      call.forwarded && call.upstreamUrl
        ? toCurl({
            method: call.method,
            url: call.upstreamUrl,
            headers: details?.upstreamHeaders ?? {},
            body: requestBody,
            bodyNotKept,
          })
        : null,
  };
}
