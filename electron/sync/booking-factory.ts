import { randomBytes, randomUUID } from 'node:crypto';
import type { BookingWritableField, BookingWrite } from '../../shared/schemas/booking';
import type { BookingRecord, ProductRecord } from '../store/records';
import type { Store } from '../store/store';
import { recordProductAssignment } from './finance';
import { matchProduct } from '../../shared/service/product-match';

const LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const LINK_LENGTH = 10;
/** Random bytes drawn in bulk: one randomBytes() call per link was a system call per booking. */
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/** A short, unambiguous token for the booking's link (no 0/O, 1/l/I). */
export function newLink(): string {
  if (randomPoolOffset + LINK_LENGTH > randomPool.length) {
    randomPool = randomBytes(LINK_LENGTH * 512);
    randomPoolOffset = 0;
  }
  let link = '';
  for (let i = 0; i < LINK_LENGTH; i++)
    link += LINK_ALPHABET[(randomPool[randomPoolOffset + i] as number) % LINK_ALPHABET.length];
  randomPoolOffset += LINK_LENGTH;
  return link;
}

/** State a seed copies from a booking as shown; a new booking from the Sync API has none of it. */
export type KeptBookingState = Partial<
  Pick<BookingRecord, 'id' | 'uuid' | 'link' | 'album_status_raw' | 'locked_attributes' | 'updated_at'>
>;

export interface BookingToCreate {
  dropzoneId: number;
  /** The writable fields, as sent (already checked against the wire schema). */
  fields: BookingWrite;
  /** Its created_at (and updated_at), and the time of the ledger row a product brings. */
  at: string;
  /** The products its camera_package is matched against (the active ones are candidates). */
  products: readonly ProductRecord[];
  /** A product decided by the caller instead of the match (a seed's `product_id`; null: none). */
  product?: ProductRecord | null;
  kept?: KeptBookingState;
  /**
   * false when the caller writes the ledger itself (a seed copying a booking's finance events):
   * then the product's ledger row is not added.
   */
  withLedgerRow?: boolean;
}

/** A booking's row besides its writable fields: what the caller decides (or the remote stated). */
export interface BookingRowState {
  uuid: string;
  link: string;
  product_id: number | null;
  album_status_raw: string | null;
  locked_attributes: string[];
  created_at: string;
  updated_at: string;
}

/**
 * A booking's row: its writable fields as given (one not given: none, and not shown publicly) and
 * the rest as the caller decides. The one place a booking's columns are filled, for a booking
 * created here and for the copy's row of a booking the remote holds (offline/remote-copy.ts).
 */
export function bookingRow(
  dropzoneId: number,
  fields: Partial<Pick<BookingRecord, BookingWritableField>>,
  state: BookingRowState,
): Omit<BookingRecord, 'id'> {
  return {
    dropzone_id: dropzoneId,
    uuid: state.uuid,
    link: state.link,
    external_id: fields.external_id ?? null,
    external_service: fields.external_service ?? null,
    name: fields.name ?? null,
    email: fields.email ?? null,
    mobile: fields.mobile ?? null,
    jump_on: fields.jump_on ?? null,
    language: fields.language ?? null,
    reference: fields.reference ?? null,
    camera_package: fields.camera_package ?? null,
    show_publicly: fields.show_publicly ?? false,
    album_status_raw: state.album_status_raw,
    product_id: state.product_id,
    locked_attributes: state.locked_attributes,
    created_at: state.created_at,
    updated_at: state.updated_at,
  };
}

/**
 * The one way a booking comes into being, for the Sync API's create and a seed alike: the record
 * built from the fields, its product matched from camera_package, and (with a product) the
 * ledger row of that assignment, so a booking with a product always has the event that says so.
 * Runs inside the caller's transaction.
 */
export function insertNewBooking(store: Store, booking: BookingToCreate): BookingRecord {
  const { fields, at, kept = {} } = booking;
  const product =
    booking.product !== undefined ? booking.product : matchProduct(booking.products, fields.camera_package);
  const record = bookingRow(booking.dropzoneId, fields, {
    uuid: kept.uuid ?? randomUUID(),
    link: kept.link ?? newLink(),
    album_status_raw: kept.album_status_raw ?? null,
    product_id: product?.id ?? null,
    locked_attributes: kept.locked_attributes ?? [],
    created_at: at,
    updated_at: kept.updated_at ?? at,
  });
  const id = store.bookings.insert(kept.id === undefined ? record : { ...record, id: kept.id });
  const created = { ...record, id };
  // 0: a booking created in this transaction has no ledger yet, so the running total starts there.
  if (product && booking.withLedgerRow !== false) recordProductAssignment(store, created, undefined, product, at, 0);
  return created;
}
