import { bookingRecordView } from '../sync/booking-views';
import { filmerView } from '../sync/filmers';
import type { BookingRecord, FilmerRecord } from '../store/records';
import type { CopiedKind } from '../store/repos/remote-copy';
import type { RemoteCopy } from './remote-copy';

/**
 * A write accepted offline changes a record of the copy; the remote's bodies the copy keeps for it
 * (a list element, a show) must say the same, or a read from the copy would answer the record as
 * it was. Only the keys a body already has are restated: the rest of it stays the remote's.
 */
function restate(copy: RemoteCopy, kind: CopiedKind, id: number, view: Record<string, unknown>): void {
  const held = copy.store.remoteCopy.body(kind, id);
  if (!held) return;
  const patch = (text: string) => {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of Object.keys(body)) if (key !== 'id' && key in view) body[key] = view[key];
    return JSON.stringify(body);
  };
  if (held.list_body) copy.store.remoteCopy.putListBody(kind, id, patch(held.list_body));
  if (held.show_body && held.show_at) copy.store.remoteCopy.putShowBody(kind, id, patch(held.show_body), held.show_at);
}

export function restateBookingBodies(copy: RemoteCopy, booking: BookingRecord): void {
  restate(copy, 'booking', booking.id, bookingRecordView(booking) as Record<string, unknown>);
}

export function restateFilmerBodies(copy: RemoteCopy, filmer: FilmerRecord): void {
  restate(copy, 'filmer', filmer.id, filmerView(filmer) as unknown as Record<string, unknown>);
}
