import type { BookingListItem, BookingShow } from '../../shared/schemas/booking';
import type { BookingRecord } from '../store/records';
import type { Store } from '../store/store';
import { financeEventView } from './finance';

/** The fields a list row carries: the booking's own columns, nothing nested. */
export function bookingListView(b: BookingRecord): BookingListItem {
  return {
    id: b.id,
    uuid: b.uuid,
    link: b.link,
    external_id: b.external_id,
    external_service: b.external_service,
    name: b.name,
    email: b.email,
    mobile: b.mobile,
    jump_on: b.jump_on,
    language: b.language,
    reference: b.reference,
    camera_package: b.camera_package,
    show_publicly: b.show_publicly,
  };
}

/** The record as create/update return it: list fields plus album status, product and locks. */
export function bookingRecordView(b: BookingRecord) {
  return {
    ...bookingListView(b),
    album_status_raw: b.album_status_raw,
    product_id: b.product_id,
    locked_attributes: b.locked_attributes,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** The show response: the record with its jump and its finance events in ledger order. */
export function bookingShowView(store: Store, b: BookingRecord): BookingShow {
  const jump = store.jumps.byBooking(b.id);
  return {
    ...bookingRecordView(b),
    // Spec 2.1 shows `id` and `camera`; the filmers and the day are the desk's additions (docs/spec-decisions.md, "Jumps and filmers").
    jump: jump
      ? {
          id: jump.id,
          camera: jump.camera,
          filmer_id: jump.filmer_id,
          second_filmer_id: jump.second_filmer_id,
          jumped_on: jump.jumped_on,
        }
      : null,
    finance_events: store.finance.ledger(b.id).map((e) => financeEventView(store, e)),
  };
}
