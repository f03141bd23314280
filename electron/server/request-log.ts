import type { ConnectionMode, ContractDeviation, LogCaller, LogEntryDetail, LogEntrySummary, LogQuery } from '../../shared/schemas/desk';
import { toCurl } from './curl';

/** Headers and body of one side of a call, already redacted. */
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
  /** Calls whose summary is kept (in memory; the oldest go first). */
  maxEntries: number;
  /** The most recent calls whose headers and bodies are kept too. */
  maxDetailed: number;
}

export const DEFAULT_LOG_LIMITS: RequestLogLimits = { maxEntries: 5_000, maxDetailed: 100 };

const statusMatcher = (filter: string): ((call: CallRecord) => boolean) => {
  if (/^\d{3}$/.test(filter)) return (call) => call.httpStatus === Number(filter);
  if (/^[1-5]xx$/.test(filter)) return (call) => Math.floor(call.httpStatus / 100) === Number(filter[0]);
  return (call) => call.status === filter;
};

/**
 * Every call through the desk's Sync API, local and proxied, newest last, in memory only (it
 * starts empty with each run). Ids rise by one per call, so an id is also an index.
 */
export class RequestLog {
  private readonly entries: CallRecord[] = [];
  private nextId = 1;
  private deviatingResponses = 0;

  constructor(private readonly limits: RequestLogLimits = DEFAULT_LOG_LIMITS) {}

  add(call: NewCall): CallRecord {
    const record: CallRecord = { id: this.nextId++, ...call };
    this.entries.push(record);
    if (record.deviationCount > 0) this.deviatingResponses++;
    if (this.entries.length > this.limits.maxEntries) this.entries.splice(0, this.entries.length - this.limits.maxEntries);
    const lapsed = this.entries[this.entries.length - 1 - this.limits.maxDetailed];
    if (lapsed) lapsed.details = null;
    return record;
  }

  /** Proxied responses that deviated from the spec since the desk started (kept when their entries go). */
  get deviationCount(): number {
    return this.deviatingResponses;
  }

  get maxEntries(): number {
    return this.limits.maxEntries;
  }

  get size(): number {
    return this.entries.length;
  }

  get(id: number): CallRecord | undefined {
    const first = this.entries[0];
    return first ? this.entries[id - first.id] : undefined;
  }

  /** Newest first; `cursor` continues below an earlier page, `after` returns only newer calls. */
  query(query: LogQuery): { entries: CallRecord[]; nextCursor: number | null } {
    const limit = query.limit === undefined ? 100 : Number(query.limit);
    const method = query.method?.toUpperCase();
    const path = query.path?.toLowerCase();
    const status = query.status === undefined ? undefined : statusMatcher(query.status);
    const deviationsOnly = query.deviations === 'true' || query.deviations === '1';
    const excludeDesk = query.exclude_desk === 'true' || query.exclude_desk === '1';
    const cursor = query.cursor === undefined ? Infinity : Number(query.cursor);
    const after = query.after === undefined ? 0 : Number(query.after);

    const found: CallRecord[] = [];
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const call = this.entries[i] as CallRecord;
      if (call.id >= cursor) continue;
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

const wireMessage = (message: LoggedMessage) => ({ headers: message.headers, body: message.body, body_note: message.bodyNote });

export function toDetail(call: CallRecord): LogEntryDetail {
  const details = call.details;
  const requestBody = details?.request.body ?? null;
  const bodyNotKept = details ? details.request.body === null && details.request.bodyNote !== null : call.requestBytes > 0;
  const deskHeaders = details?.request.headers ?? { authorization: 'Bearer <redacted>' };
  return {
    ...toSummary(call),
    upstream_url: call.upstreamUrl,
    remote_error: call.remoteError,
    deviations: call.deviations,
    request: details ? wireMessage(details.request) : null,
    response: details ? wireMessage(details.response) : null,
    curl: toCurl({ method: call.method, url: details?.deskUrl ?? call.path, headers: deskHeaders, body: requestBody, bodyNotKept }),
    curl_upstream:
      call.forwarded && call.upstreamUrl
        ? toCurl({ method: call.method, url: call.upstreamUrl, headers: details?.upstreamHeaders ?? {}, body: requestBody, bodyNotKept })
        : null,
  };
}
