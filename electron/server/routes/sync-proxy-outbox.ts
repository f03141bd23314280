import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingLane, filmerLane, REMOTE_CANNOT_BE_REACHED, type QueuedAnswer } from '../../offline/outbox-accept';
import { DESK_SOURCE } from '../../offline/outbox-decisions';
import type { Outbox } from '../../offline/outbox';
import type { ConnectionHealth } from '../../../shared/schemas/health';

import { QUEUED_HEADER } from '../../../shared/api/queued-header';
import { isObject } from '../../../shared/objects';

/** A write of the Sync API the outbox can take, by its method and path below /api/f1/sync. */
export type QueueableWrite =
  | { kind: 'booking_upsert' }
  | { kind: 'booking_batch' }
  | { kind: 'booking_delete'; externalId: string }
  | { kind: 'filmer_upsert' }
  | { kind: 'filmer_batch' }
  | { kind: 'filmer_delete'; id: string };

export function queueableWrite(method: string, path: string): QueueableWrite | undefined {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0 || segments.length > 2) return undefined;
  const [collection, rest] = segments;
  let decoded: string | undefined;
  try {
    decoded = rest === undefined ? undefined : decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  if (collection === 'bookings') {
    if (method === 'POST' && rest === undefined) return { kind: 'booking_upsert' };
    if (method === 'POST' && rest === 'batch') return { kind: 'booking_batch' };
    if (method === 'DELETE' && decoded !== undefined) return { kind: 'booking_delete', externalId: decoded };
  }
  if (collection === 'filmers') {
    if (method === 'POST' && rest === undefined) return { kind: 'filmer_upsert' };
    if (method === 'POST' && rest === 'batch') return { kind: 'filmer_batch' };
    if (method === 'DELETE' && decoded !== undefined) return { kind: 'filmer_delete', id: decoded };
  }
  return undefined;
}

/** The request's JSON body, or undefined when it is not JSON (the remote, or the Sync API's rules, say what is wrong). */
export function jsonBody(body: unknown): unknown {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A filmer's lane by the id as a path gives it (`05` is filmer 5). */
const filmerLaneOf = (id: string) => filmerLane(/^\d+$/.test(id) ? String(Number(id)) : id);

/** The record a read of one booking or filmer is for (`/bookings/:external_id`, `/filmers/:id`), or undefined. */
export function laneOfRead(path: string): string | undefined {
  const [collection, rest, ...more] = path.split('/').filter(Boolean);
  if (rest === undefined || more.length > 0) return undefined;
  try {
    const key = decodeURIComponent(rest);
    return collection === 'bookings' ? bookingLane(key) : collection === 'filmers' ? filmerLaneOf(key) : undefined;
  } catch {
    return undefined;
  }
}

/** The records a write is for: the lanes whose earlier writes it must not overtake. */
export function lanesOf(write: QueueableWrite, body: unknown): string[] {
  switch (write.kind) {
    case 'booking_delete':
      return [bookingLane(write.externalId)];
    case 'filmer_delete':
      return [filmerLaneOf(write.id)];
    case 'booking_upsert':
      return isObject(body) && typeof body.external_id === 'string' ? [bookingLane(body.external_id)] : [];
    case 'filmer_upsert':
      return isObject(body) && typeof body.id === 'number' ? [filmerLane(body.id)] : [];
    case 'booking_batch':
    case 'filmer_batch': {
      const key = write.kind === 'booking_batch' ? 'bookings' : 'filmers';
      const elements = isObject(body) && Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
      return elements.flatMap((e) =>
        write.kind === 'booking_batch'
          ? isObject(e) && typeof e.external_id === 'string'
            ? [bookingLane(e.external_id)]
            : []
          : isObject(e) && typeof e.id === 'number'
            ? [filmerLane(e.id)]
            : [],
      );
    }
  }
}

/**
 * Whether a write goes to the outbox without trying the remote: the remote is known not to answer
 * (or refuses the credentials: the writes are held until a person fixes them), or the record
 * already has writes waiting, which it must not overtake.
 */
export function mustQueue(outbox: Outbox, health: ConnectionHealth, lanes: readonly string[]): boolean {
  if (health.state === 'offline' || health.result === 'credentials_rejected') return true;
  return lanes.some((lane) => outbox.holds(lane));
}

/** Why a write was not even tried: what the desk last heard of the remote. */
export function remoteSaidBefore(health: ConnectionHealth): string {
  if (health.result === 'credentials_rejected')
    return `the remote refused the credentials (${health.cause ?? 'HTTP 401'})`;
  if (health.state === 'offline') return `remote unreachable: ${health.cause ?? 'no answer'}`;
  return 'not sent: the record has writes waiting in the outbox';
}

/** Who sent a write, as the Sync screen shows it: a booking system's token label, or the desk itself. */
export function sourceOf(request: FastifyRequest): string {
  const caller = request.caller;
  if (!caller || caller.kind === 'desk') return DESK_SOURCE;
  return caller.label ? `booking system "${caller.label}"` : 'a booking system';
}

export function takeIntoOutbox(outbox: Outbox, write: QueueableWrite, body: unknown, source: string): QueuedAnswer {
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

export function sendQueued(reply: FastifyReply, answer: QueuedAnswer): FastifyReply {
  const ids = answer.opIds;
  if (ids.length > 0)
    reply.header(QUEUED_HEADER, ids.length === 1 ? String(ids[0]) : `${ids[0]}-${ids[ids.length - 1]}`);
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  reply.code(answer.statusCode);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}

/** The outbox's own refusals name the remote's actual failure first, as a read from the copy does. */
export function sayWhyRemoteFailed(answer: QueuedAnswer, remoteSaid: string): QueuedAnswer {
  const say = (value: unknown) => {
    if (isObject(value) && typeof value.error === 'string' && value.error.startsWith(REMOTE_CANNOT_BE_REACHED))
      value.error = remoteSaid + value.error.slice(REMOTE_CANNOT_BE_REACHED.length);
  };
  say(answer.body);
  if (isObject(answer.body) && Array.isArray(answer.body.results)) answer.body.results.forEach(say);
  return answer;
}
