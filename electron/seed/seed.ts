import { readFileSync } from 'node:fs';
import { addDays, dateInZone, daysBetween } from '../../shared/dates';
import { externalIdOrNone } from '../../shared/rules/external-id';
import type { ProductRecord } from '../store/records';
import type { Store } from '../store/store';
import { insertNewBooking } from '../sync/booking-factory';
import { deprecatedBooleans } from '../../shared/service/entitlements';
import { seedFile, type SeedBooking, type SeedDropzone, type SeedFile } from './seed-schema';

export class SeedError extends Error {
  override name = 'SeedError';
}

/** Reads and checks a seed file; every problem names its place, e.g. dropzones[0].bookings[3].jump_on. */
export function readSeedFile(path: string): SeedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SeedError(`cannot read seed ${path}: ${(error as Error).message}`);
  }
  const parsed = seedFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((i) => {
      const where = i.path.reduce<string>(
        (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
        '',
      );
      return `  ${where || '(top level)'}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : ''}`;
    });
    throw new SeedError(`seed ${path} is not valid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** Moves dates and ISO timestamps by whole days (for `dates_relative_to`). */
class DateShift {
  constructor(private readonly days: number) {}
  date<T extends string | null | undefined>(value: T): T {
    return (value && this.days ? addDays(value, this.days) : value) as T;
  }
  /**
   * Every instant is written as the server writes its own (UTC, milliseconds), moved or not:
   * the ledger orders by created_at as text, which is time order only in one notation.
   */
  instant<T extends string | null | undefined>(value: T): T {
    return (value ? new Date(Date.parse(value) + this.days * 86_400_000).toISOString() : value) as T;
  }
}

/**
 * Loads a seed into a new, empty store, all or nothing. A store that already holds data is
 * refused: a seed never merges into real work.
 */
export function loadSeed(store: Store, seed: SeedFile, now: Date = new Date()): void {
  if (!store.isEmpty()) {
    const dz = store.dropzones.all();
    throw new SeedError(
      `the store already holds data (${dz.length} dropzone${dz.length === 1 ? '' : 's'}: ${dz.map((d) => d.key).join(', ')}); ` +
        'a seed only loads into a new, empty store. Use another --data-dir, or remove the existing store first.',
    );
  }
  store.transaction(() => {
    for (const dropzone of seed.dropzones) {
      const today = dateInZone(now, dropzone.timezone);
      const shift = new DateShift(seed.dates_relative_to ? daysBetween(seed.dates_relative_to, today) : 0);
      loadDropzone(store, dropzone, shift, now.toISOString());
    }
  });
}

function loadDropzone(store: Store, dz: SeedDropzone, shift: DateShift, now: string): void {
  const dropzoneId = store.dropzones.insert({
    key: dz.key,
    name: dz.name,
    timezone: dz.timezone,
    currency: dz.currency,
    created_at: now,
  });
  dz.api_tokens.forEach((token, i) => store.tokens.add(dropzoneId, token, `seed token ${i + 1}`, now));

  const products: ProductRecord[] = dz.products.map((p) => {
    const id = store.catalogue.insertProduct({ ...p, dropzone_id: dropzoneId });
    return store.catalogue.product(dropzoneId, id)!;
  });
  for (const u of dz.upgrades) {
    store.catalogue.insertUpgrade({
      ...u,
      dropzone_id: dropzoneId,
      payment_price_currency: u.payment_price_currency ?? dz.currency,
      created_at: shift.instant(u.created_at) ?? now,
      updated_at: shift.instant(u.updated_at ?? u.created_at) ?? now,
    });
  }
  for (const f of dz.filmers) {
    store.filmers.insert({
      ...f,
      external_id: externalIdOrNone(f.external_id ?? null),
      external_service: f.external_service ?? null,
      dropzone_id: dropzoneId,
      created_at: now,
      updated_at: now,
    });
  }
  dz.bookings.forEach((b, i) => {
    try {
      loadBooking(store, dropzoneId, b, products, shift, now);
    } catch (error) {
      throw new SeedError(
        `dropzones[${dz.key}].bookings[${i}] (${b.external_id ?? 'no external_id'}): ${(error as Error).message}`,
      );
    }
  });
}

/**
 * A booking is made as the Sync API makes one (sync/booking-factory.ts): its product is the one
 * given as `product_id`, else the one its camera_package matches. Its ledger is its
 * `finance_events` when it has any (a booking copied from a show response, loaded as it is);
 * without them, a product brings the ledger row a sync would have written with it.
 */
function loadBooking(
  store: Store,
  dropzoneId: number,
  b: SeedBooking,
  products: ProductRecord[],
  shift: DateShift,
  now: string,
): void {
  const {
    id,
    uuid,
    link,
    album_status_raw,
    product_id: productId,
    locked_attributes,
    created_at,
    updated_at,
    jump,
    finance_events,
    ...fields
  } = b;
  const at = shift.instant(created_at) ?? now;
  const givenProduct =
    productId === undefined ? undefined : productId === null ? null : products.find((p) => p.id === productId);
  if (givenProduct === undefined && productId !== undefined && productId !== null)
    throw new SeedError(`product_id ${productId} is no product of this dropzone`);
  const { id: bookingId } = insertNewBooking(store, {
    dropzoneId,
    fields: { ...fields, jump_on: shift.date(fields.jump_on ?? null) },
    at,
    products,
    product: givenProduct,
    kept: { id, uuid, link, album_status_raw, locked_attributes, updated_at: shift.instant(updated_at) ?? at },
    withLedgerRow: !finance_events?.length,
  });
  if (jump) {
    store.jumps.insert({
      id: jump.id,
      dropzone_id: dropzoneId,
      booking_id: bookingId,
      camera: jump.camera ?? null,
      filmer_id: jump.filmer_id ?? null,
      jumped_on: shift.date(jump.jumped_on ?? null),
    });
  }
  // Insert in ledger order so each running total is the sum of the changes before it.
  const events = [...(finance_events ?? [])].sort(
    (x, y) => Date.parse(x.created_at) - Date.parse(y.created_at) || (x.id ?? 0) - (y.id ?? 0),
  );
  for (const e of events) {
    const createdAtEvent = shift.instant(e.created_at);
    let paymentId: number | null = null;
    if (e.upgrade_payment) {
      const { booking_id: _pb, ...p } = e.upgrade_payment;
      paymentId = store.finance.insertPayment({
        ...p,
        upgrade_id: p.upgrade_id ?? null,
        dropzone_id: dropzoneId,
        booking_id: bookingId,
        created_at: shift.instant(p.created_at) ?? createdAtEvent,
        updated_at: shift.instant(p.updated_at ?? p.created_at) ?? createdAtEvent,
      });
    }
    const {
      upgrade_payment: _p,
      centi_total_credits: expectedTotal,
      booking_id: _b,
      selfie: _s,
      videographer: _v,
      either_video: _e,
      socials: _so,
      ...event
    } = e;
    checkAsShown(e, bookingId);
    const eventId = store.finance.append({
      ...event,
      comment: e.comment ?? null,
      product_id: e.product_id ?? null,
      dropzone_id: dropzoneId,
      booking_id: bookingId,
      upgrade_payment_id: paymentId,
      created_at: createdAtEvent,
      updated_at: shift.instant(e.updated_at) ?? createdAtEvent,
    });
    const total = store.finance.totalCredits(bookingId);
    if (expectedTotal !== undefined && expectedTotal !== total) {
      throw new SeedError(
        `finance event ${e.id ?? eventId}: centi_total_credits ${expectedTotal} disagrees with the running sum ${total}`,
      );
    }
  }
}

type SeedFinanceEvent = NonNullable<SeedBooking['finance_events']>[number];

/** Fields a seed may copy from a show response are derived ones: given, they must agree. */
function checkAsShown(e: SeedFinanceEvent, bookingId: number): void {
  const where = `finance event ${e.id ?? `at ${e.created_at}`}`;
  for (const given of [e.booking_id, e.upgrade_payment?.booking_id]) {
    if (given !== undefined && given !== bookingId)
      throw new SeedError(`${where}: booking_id ${given} is not its booking's id ${bookingId}`);
  }
  const derived = deprecatedBooleans(e);
  for (const key of Object.keys(derived) as (keyof typeof derived)[]) {
    if (e[key] !== undefined && e[key] !== derived[key]) {
      throw new SeedError(
        `${where}: ${key} ${e[key]} disagrees with video_entitlement "${e.video_entitlement}" / camera_requirement ${JSON.stringify(e.camera_requirement)}, from which it is derived`,
      );
    }
  }
}
