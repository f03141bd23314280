import { QUEUED_HEADER } from '../../shared/api/queued-header';
import { HTTP_CODE_OF } from '../../shared/outcomes';
import type { ContractDeviation } from '../../shared/schemas/log';
import { SYNC_API_PATH } from '../../shared/remote-url';
import type { DeskConnection } from '../proxy/connection';
import { isObject } from '../../shared/objects';
import type { QueryValue } from '../sync/validation';
import type { ProxiedAnswer as AnswerToAbsorb } from './copy-absorb';
import { COPY_SOURCE_HEADER, copySourceValue, type CopyAnswer, type CopyReads } from './copy-reads';
import type { Outbox } from './outbox';
import type { QueuedAnswer } from './outbox-accept';
import { DESK_SOURCE, pairedDeskSource } from './outbox-decisions';
import { lostCreateKey } from './outbox-lost-creates';
import { isDelete, laneOfRead, lanesOf, queueableWrite, type QueueableWrite } from './proxied-writes';
import { silenceBefore, silenceLogWords, silenceWords, type RemoteSilence } from './remote-silence';
import { beginCopyRead, type CopyRead } from './remote-copy';

/** The copy in force, as the proxied Sync API uses it (OfflineCopy). */
export interface CopyInForce {
  outbox(): Outbox | null;
  reads(): CopyReads | null;
  absorb(answer: AnswerToAbsorb): void;
}

/** One call to proxy mode's Sync API, as the HTTP route hands it over. */
export interface ProxiedCall {
  method: string;
  /** The URL as the caller sent it (`/api/f1/sync/bookings?page=2`): it goes up byte for byte. */
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as they came (undefined: none). */
  body: Buffer | undefined;
  /** The query string, parsed: a read the copy answers takes its filters from it. */
  query: Record<string, QueryValue>;
  caller: {
    /** The dropzone the caller's token belongs to. */
    dropzoneId: number;
    dropzoneKey: string;
    /**
     * 'desk': the desk's own window; 'paired': a desk paired with this one, by its name; 'token':
     * a booking system, by its token's label.
     */
    kind: 'desk' | 'paired' | 'token';
    label: string | null;
  };
  /** Why the body is not JSON, worded as local mode words it (undefined: it is JSON, or there is none). */
  jsonProblem: () => string | undefined;
  /**
   * Who answers when the upstream does not, from the route's `servedBy` (shared/api/backends.ts):
   * 'copy' (reads from the desk's copy, writes into its outbox) or null (nobody: the failure stands).
   */
  fallback: 'copy' | null;
}

/** What the request log keeps of a proxied call's trip upstream (server/log/log-hooks.ts, ProxyNotes). */
export interface UpstreamNotes {
  upstreamUrl: string;
  upstreamHeaders: Record<string, string>;
  remoteError: string | null;
  contractChecked: boolean;
  deviations: ContractDeviation[];
  deviationCount: number;
  readableBody?: Buffer;
  status?: string | null;
}

/** The answer, for the route to send as it is. */
export interface ProxiedAnswer {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** JSON the desk words, the remote's bytes as they came, or nothing. */
  body: { json: unknown } | { bytes: Buffer } | null;
  /** Set whenever the remote was asked, or a write was not sent to it and why. */
  upstream: UpstreamNotes | null;
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): ProxiedAnswer => ({
  statusCode,
  headers,
  body: { json: body },
  upstream: null,
});

/** The path below /api/f1/sync: what the copy is asked and told. */
function pathBelowApi(rawUrl: string): { path: string; query: URLSearchParams } {
  const below = rawUrl.startsWith(SYNC_API_PATH) ? rawUrl.slice(SYNC_API_PATH.length) : rawUrl;
  const at = below.indexOf('?');
  return at < 0
    ? { path: below, query: new URLSearchParams() }
    : { path: below.slice(0, at), query: new URLSearchParams(below.slice(at + 1)) };
}

function jsonOf(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Who sent a write, as the Sync screen shows it: a booking system's token label, or the desk itself. */
function sourceOf(caller: ProxiedCall['caller']): string {
  if (caller.kind === 'desk') return DESK_SOURCE;
  if (caller.kind === 'paired') return caller.label ? pairedDeskSource(caller.label) : DESK_SOURCE;
  return caller.label ? `booking system "${caller.label}"` : 'a booking system';
}

/** An answer the desk gives in the remote's place that the remote's silence explains: it is said first. */
const saysWhySilent = (value: unknown): value is { status: 'not_in_copy' | 'remote_unreachable'; error: string } =>
  isObject(value) &&
  (value.status === 'not_in_copy' || value.status === 'remote_unreachable') &&
  typeof value.error === 'string';

function withSilenceFirst(answer: QueuedAnswer, silence: RemoteSilence): QueuedAnswer {
  const say = (value: unknown) => {
    if (saysWhySilent(value)) value.error = `${silenceWords(silence)}; ${value.error}`;
  };
  say(answer.body);
  if (isObject(answer.body) && Array.isArray(answer.body.results)) answer.body.results.forEach(say);
  return answer;
}

/** What the queue answered, as the caller gets it: the write's id in a header, the remote's status code. */
function queuedAnswer(answer: QueuedAnswer, upstream: UpstreamNotes): ProxiedAnswer {
  const headers: Record<string, string> = {};
  const ids = answer.opIds;
  if (ids.length > 0) headers[QUEUED_HEADER] = ids.length === 1 ? String(ids[0]) : `${ids[0]}-${ids[ids.length - 1]}`;
  if (answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds);
  return {
    statusCode: answer.statusCode,
    headers,
    body: answer.body === null ? null : { json: answer.body },
    upstream,
  };
}

const notSentNotes = (remoteError: string): UpstreamNotes => ({
  upstreamUrl: '',
  upstreamHeaders: {},
  remoteError,
  contractChecked: false,
  deviations: [],
  deviationCount: 0,
});

/**
 * Proxy mode's Sync API, behind the HTTP route (docs/offline.md): one call in, one answer out.
 * Everything that decides lives here: forward the call or queue it (the remote known silent, or
 * its record has writes waiting), answer a read from the copy, adopt a filmer create whose
 * answer was lost, and take every answer the remote gives into the copy. The remote is reached
 * through the connection; the copy and its outbox are the ones in force (OfflineCopy).
 */
export class ProxiedSyncApi {
  constructor(
    private readonly connection: DeskConnection,
    private readonly offline: CopyInForce,
    /** The dropzone the remote's credentials are for: the desk's own. */
    private readonly deskDropzone: { id: number; key: string },
  ) {}

  async handle(call: ProxiedCall): Promise<ProxiedAnswer> {
    // A read's answer is the remote as it read, which may be older than a write of the desk's that
    // lands while the read is on its way: the copy leaves what such writes changed as they left it.
    const read = call.method === 'GET' ? beginCopyRead() : undefined;
    try {
      return await this.answer(call, read);
    } finally {
      read?.end();
    }
  }

  private async answer(call: ProxiedCall, read: CopyRead | undefined): Promise<ProxiedAnswer> {
    if (call.caller.dropzoneId !== this.deskDropzone.id)
      return json(403, {
        error: `proxy mode forwards calls for dropzone "${this.deskDropzone.key}" only (the remote credentials are its); this token belongs to "${call.caller.dropzoneKey}"`,
        status: 'forbidden',
      });
    const { path, query } = pathBelowApi(call.rawUrl);
    const withCopy = call.fallback === 'copy';
    const outbox = withCopy ? this.offline.outbox() : null;
    const write = outbox ? queueableWrite(call.method, path) : undefined;
    const body = write && !isDelete(write) ? jsonOf(call.body) : undefined;
    // A body that is not JSON is never queued: the remote (or, offline, its rules) answer what is wrong with it.
    const queueable =
      outbox !== null && write !== undefined && (isDelete(write) || body !== undefined) && outbox.ready();
    const source = sourceOf(call.caller);
    const queue = (silence: RemoteSilence, upstream: UpstreamNotes) =>
      this.queue(outbox!, write!, body, source, silence, upstream);

    // A write the remote cannot take now goes to the outbox; one whose record has writes waiting goes behind them.
    if (queueable) {
      const lanes = lanesOf(write, body);
      const silence = silenceBefore(
        this.connection.healthView(),
        lanes.some((lane) => outbox.holds(lane)),
      );
      if (silence) return queue(silence, notSentNotes(silenceLogWords(silence)));
    }
    // A read of a record with writes waiting: the copy holds what the desk accepted, the remote not yet.
    if (outbox && call.method === 'GET') {
      const lane = laneOfRead(path);
      const copied = lane && outbox.holds(lane) ? this.offline.reads()?.answer(path, {}) : undefined;
      if (copied && !copied.notInCopy && copied.asOf)
        return json(copied.statusCode, copied.body, {
          [COPY_SOURCE_HEADER]: copySourceValue(copied.asOf),
          [QUEUED_HEADER]: 'pending',
        });
    }
    // A filmer create: one whose earlier answer was lost may already be on the remote (adopted, not made twice).
    const isCreate = write?.kind === 'filmer_upsert' && lostCreateKey(body) !== undefined;
    if (isCreate && outbox) {
      const adopted = await outbox.adoptLostCreate(body);
      if (adopted)
        return json(
          201,
          { id: adopted.id, external_id: adopted.external_id ?? null, name: adopted.name, status: 'created' },
          { [QUEUED_HEADER]: 'adopted' },
        );
    }

    const forwarded = await this.connection.forward({
      method: call.method,
      rawUrl: call.rawUrl,
      headers: call.headers,
      body: call.body,
    });
    if (forwarded.kind === 'refused') return json(400, { error: forwarded.error, status: 'bad_request' });

    if (forwarded.kind === 'failure') {
      const silence: RemoteSilence = { kind: 'no_answer', failure: forwarded.failure };
      const upstream: UpstreamNotes = {
        upstreamUrl: forwarded.upstreamUrl,
        upstreamHeaders: forwarded.sentHeaders,
        remoteError: silenceLogWords(silence),
        contractChecked: false,
        deviations: [],
        deviationCount: 0,
      };
      // A write that got no answer may or may not have landed: the outbox reads the record back before it sends it again.
      if (queueable) {
        if (isCreate) outbox.rememberLostCreate(body, source);
        return queue(silence, upstream);
      }
      const unreadable = outbox !== null && write !== undefined && !isDelete(write) && body === undefined;
      const problem = unreadable && call.body !== undefined ? call.jsonProblem() : undefined;
      if (problem) return { ...json(400, { error: problem, status: 'bad_request' }), upstream };
      const copied = withCopy ? this.fromCopy(call, path) : undefined;
      if (copied) return { ...this.answerFromCopy(copied, silence), upstream };
      return {
        ...json(HTTP_CODE_OF[forwarded.failure.status], {
          error: forwarded.failure.error,
          status: forwarded.failure.status,
        }),
        upstream,
      };
    }
    if (forwarded.statusCode >= 500) {
      const silence: RemoteSilence = { kind: 'server_error', statusCode: forwarded.statusCode };
      if (queueable) {
        if (isCreate) outbox.rememberLostCreate(body, source);
        return queue(silence, notSentNotes(silenceLogWords(silence)));
      }
      const copied = withCopy ? this.fromCopy(call, path) : undefined;
      if (copied) return this.answerFromCopy(copied, silence);
    } else {
      this.offline.absorb({
        method: call.method,
        path,
        query,
        statusCode: forwarded.statusCode,
        body: () => jsonOf(forwarded.decodedBody) ?? null,
        read,
      });
    }
    return {
      statusCode: forwarded.statusCode,
      headers: forwarded.headers,
      body: forwarded.body.length > 0 ? { bytes: forwarded.body } : null,
      upstream: {
        upstreamUrl: forwarded.upstreamUrl,
        upstreamHeaders: forwarded.sentHeaders,
        remoteError: null,
        contractChecked: forwarded.contract.checked,
        deviations: forwarded.contract.deviations,
        deviationCount: forwarded.contract.deviationCount,
        readableBody: forwarded.decodedBody,
        status: forwarded.contract.status,
      },
    };
  }

  /** The write into the outbox, answered as the remote would, with why the remote did not take it. */
  private queue(
    outbox: Outbox,
    write: QueueableWrite,
    body: unknown,
    source: string,
    silence: RemoteSilence,
    upstream: UpstreamNotes,
  ): ProxiedAnswer {
    const answer = withSilenceFirst(takeIntoOutbox(outbox, write, body, source), silence);
    const ids = answer.opIds;
    const queued =
      ids.length === 0
        ? null
        : `queued in the outbox as write ${ids[0]}${ids.length > 1 ? ` (and ${ids.length - 1} more)` : ''}`;
    // A call that went up keeps what the remote did; one that did not says why, and the write it became.
    const notes = queued ? { ...upstream, remoteError: `${upstream.remoteError ?? ''}; ${queued}` } : upstream;
    return queuedAnswer(answer, notes);
  }

  /** A read the remote did not answer (no answer at all, or a 5xx) is the copy's to answer. */
  private fromCopy(call: ProxiedCall, path: string): CopyAnswer | undefined {
    return call.method === 'GET' ? this.offline.reads()?.answer(path, call.query) : undefined;
  }

  private answerFromCopy(answer: CopyAnswer, silence: RemoteSilence): ProxiedAnswer {
    if (answer.notInCopy)
      return json(
        answer.statusCode,
        { status: 'not_in_copy', error: `${silenceWords(silence)}; ${answer.notInCopy}` },
        answer.retryAfterSeconds ? { 'retry-after': String(answer.retryAfterSeconds) } : {},
      );
    return json(
      answer.statusCode,
      answer.body,
      answer.asOf ? { [COPY_SOURCE_HEADER]: copySourceValue(answer.asOf) } : {},
    );
  }
}

function takeIntoOutbox(outbox: Outbox, write: QueueableWrite, body: unknown, source: string): QueuedAnswer {
  const intake = outbox.intake;
  const answer = (() => {
    switch (write.kind) {
      case 'booking_upsert':
        return intake.bookingUpsert(body, source);
      case 'booking_batch':
        return intake.bookingBatch(body, source);
      case 'booking_delete':
        return intake.bookingDelete(write.externalId, source);
      case 'filmer_upsert':
        return intake.filmerUpsert(body, source);
      case 'filmer_batch':
        return intake.filmerBatch(body, source);
      case 'filmer_delete':
        return intake.filmerDelete(write.id, source);
    }
  })();
  if (answer.opIds.length > 0) outbox.queued();
  return answer;
}
