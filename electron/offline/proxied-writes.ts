import { bookingLane, filmerLane } from '../../shared/schemas/outbox';
import { isObject } from '../../shared/objects';

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

export const isDelete = (write: QueueableWrite) => write.kind === 'booking_delete' || write.kind === 'filmer_delete';

/** The record a read of one booking or filmer is for (`/bookings/:external_id`, `/filmers/:id`), or undefined. */
export function laneOfRead(path: string): string | undefined {
  const [collection, rest, ...more] = path.split('/').filter(Boolean);
  if (rest === undefined || more.length > 0) return undefined;
  try {
    const key = decodeURIComponent(rest);
    return collection === 'bookings' ? bookingLane(key) : collection === 'filmers' ? filmerLane(key) : undefined;
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
      return [filmerLane(write.id)];
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
