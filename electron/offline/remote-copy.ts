import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, dateInZone } from '../../shared/dates';
import { bookingLane, filmerLane } from '../../shared/schemas/outbox';
import type { RemoteCredentials } from '../proxy/credentials';
import type { DropzoneRecord } from '../store/records';
import type { CopiedCatalogue } from '../store/repos/remote-copy';
import { Store } from '../store/store';
import { isObject } from '../../shared/objects';
import { bookingRow } from '../sync/booking-factory';
import { bookingFieldsOf, filmerFieldsOf, remoteIdOf } from './copy-records';

/** How far the copy reaches around today: the spec's edit window back, as far ahead. */
export const COPY_DAYS_BACK = 14;
export const COPY_DAYS_AHEAD = 14;
/** Which records have writes in the outbox, asked one lane at a time. */
interface HeldLanes {
  has(lane: string): boolean;
}

/**
 * A read of the remote on its way (a refresh's request, a read the desk proxies), begun before it
 * is sent and ended once its answer is in the copy or lost. What it answers is the remote as it
 * was when it read, which can be older than a write of the desk's that landed meanwhile: the copy
 * takes such an answer in, except for the records the desk's own writes changed since the read
 * began (see `noteWritten`). Without a read, an answer taken in is a write's.
 */
export interface CopyRead {
  /** How many of the desk's writes had changed a copy when the read began. */
  readonly mark: number;
  end(): void;
}

/** The desk's writes taken into any copy so far, counted (a read's mark is this count when it began). */
let writesTaken = 0;
const readsOnTheirWay = new Set<CopyRead>();

/** Before a read goes to the remote; `end()` it once its answer is taken in (or none came). */
export function beginCopyRead(): CopyRead {
  const read: CopyRead = { mark: writesTaken, end: () => readsOnTheirWay.delete(read) };
  readsOnTheirWay.add(read);
  return read;
}

/** The dropzone row of a copy's store: one per file. */
const COPY_DROPZONE_KEY = 'remote';

export interface CopyWindow {
  today: string;
  tomorrow: string;
  from: string;
  to: string;
}

/**
 * Which remote a copy is of: its URL and its credentials (a token opens one dropzone of the
 * service, and the Sync API cannot say which, so another token is another copy). Only a hash
 * names the file: no secret is written anywhere.
 */
export function remoteKeyOf(remoteUrl: string, credentials: RemoteCredentials | null): string {
  const secret = credentials
    ? credentials.kind === 'bearer'
      ? `bearer\n${credentials.token}`
      : `header\n${credentials.name.toLowerCase()}\n${credentials.value}`
    : 'none';
  return createHash('sha256').update(`${remoteUrl}\n${secret}`).digest('hex').slice(0, 24);
}

export function copyFileOf(dataDir: string, remoteKey: string): string {
  return join(dataDir, 'copies', `${remoteKey}.sqlite3`);
}

/**
 * Proxy mode's copy of one remote, in a store of its own (docs/offline.md): what the remote
 * answered, stored as it answered it, in rows that carry the remote's ids. Every write here is
 * one transaction, so a copy killed mid-refresh holds the slice as it was or as it became.
 */
export class RemoteCopy {
  /**
   * The records (lanes) the desk's own writes changed while reads were on their way, with the
   * count of writes (`writesTaken`) at that change. Kept only while a read is on its way: a read
   * begun later cannot be older than any of them.
   */
  private readonly writtenAt = new Map<string, number>();

  private constructor(
    readonly store: Store,
    readonly dropzone: DropzoneRecord,
    readonly remoteKey: string,
    private readonly now: () => Date,
  ) {}

  static open(options: {
    dataDir: string;
    remoteUrl: string;
    credentials: RemoteCredentials | null;
    /** The desk's own dropzone: the copy counts "today" in its time zone. */
    deskDropzone: DropzoneRecord;
    now: () => Date;
  }): RemoteCopy {
    const remoteKey = remoteKeyOf(options.remoteUrl, options.credentials);
    mkdirSync(join(options.dataDir, 'copies'), { recursive: true, mode: 0o700 });
    const store = Store.open(copyFileOf(options.dataDir, remoteKey));
    try {
      const dropzone = store.transaction(() => {
        const identity = store.remoteCopy.identity();
        if (identity && identity.remote_key !== remoteKey)
          throw new Error(`the copy file ${remoteKey} holds another remote's copy (${identity.remote_key})`);
        if (!identity)
          store.remoteCopy.setIdentity({
            remote_key: remoteKey,
            remote_url: options.remoteUrl,
            created_at: options.now().toISOString(),
          });
        const existing = store.dropzones.byKey(COPY_DROPZONE_KEY);
        if (existing) return existing;
        const { name, timezone, currency } = options.deskDropzone;
        const id = store.dropzones.insert({
          key: COPY_DROPZONE_KEY,
          name,
          timezone,
          currency,
          created_at: options.now().toISOString(),
        });
        return store.dropzones.byId(id)!;
      });
      return new RemoteCopy(store, dropzone, remoteKey, options.now);
    } catch (error) {
      store.close();
      throw error;
    }
  }

  close(): void {
    this.store.close();
  }

  window(): CopyWindow {
    const today = dateInZone(this.now(), this.dropzone.timezone);
    return {
      today,
      tomorrow: addDays(today, 1),
      from: addDays(today, -COPY_DAYS_BACK),
      to: addDays(today, COPY_DAYS_AHEAD),
    };
  }

  private at(): string {
    return this.now().toISOString();
  }

  /**
   * Records with writes in the outbox: what the remote says of them does not replace what the desk
   * holds until those writes have landed (the replay reads the remote itself, field by field).
   * Asked lane by lane, an indexed look-up: reading every open lane cost the replay a scan of the
   * outbox for each record it settled (its replay of 10,000 writes slowed as it went).
   */
  private heldLanes(read?: CopyRead): HeldLanes {
    if (!read) return { has: (lane) => this.store.outbox.hasOpen(lane) };
    // A read's answer also leaves alone what the desk's writes changed after the read began: an
    // answer read before a write landed, taken in after it settled, would undo it in the copy (and
    // a write accepted offline next would be judged on the values the remote held before).
    return {
      has: (lane) => this.store.outbox.hasOpen(lane) || (this.writtenAt.get(lane) ?? 0) > read.mark,
    };
  }

  /**
   * A write's answer (the desk's own, proxied, or one the outbox landed) changed this record: a read
   * on its way since before then must not undo it (`heldLanes`).
   */
  private noteWritten(lane: string): void {
    writesTaken += 1;
    if (readsOnTheirWay.size === 0) this.writtenAt.clear();
    else this.writtenAt.set(lane, writesTaken);
  }

  // ---- bookings ----------------------------------------------------------------------------

  /** A booking as an answer states it: inserted under the remote's id, or updated in place (check-ins stay). */
  private upsertBooking(body: Record<string, unknown>, held: HeldLanes): number | undefined {
    const id = remoteIdOf(body);
    if (id === undefined) return undefined;
    const { store } = this;
    const dz = this.dropzone.id;
    const fields = bookingFieldsOf(body);
    if (fields.external_id && held.has(bookingLane(fields.external_id))) return undefined;
    if (fields.product_id != null && !store.catalogue.product(dz, fields.product_id)) fields.product_id = null;
    const existing = store.bookings.byId(dz, id);
    if (existing) {
      const { uuid: _uuid, link: _link, created_at: _created, ...changes } = fields;
      store.bookings.update(id, changes);
      return id;
    }
    // The remote deleted a booking and made another with its external id: the old row goes.
    if (fields.external_id) {
      const previous = store.bookings.byExternalId(dz, fields.external_id);
      if (previous) this.dropBookingRow(previous.id);
    }
    const at = this.at();
    // As the remote stated it: no product matched, no lock (the copy derives nothing by the desk's rules).
    store.bookings.insert({
      id,
      ...bookingRow(dz, fields, {
        uuid: fields.uuid ?? `remote-${id}`,
        link: fields.link ?? `remote-${id}`,
        album_status_raw: fields.album_status_raw ?? null,
        product_id: fields.product_id ?? null,
        locked_attributes: [],
        created_at: fields.created_at ?? at,
        updated_at: fields.updated_at ?? at,
      }),
    });
    return id;
  }

  private dropBookingRow(id: number): void {
    this.store.bookings.deleteById(this.dropzone.id, id);
    this.store.remoteCopy.dropBody('booking', id);
  }

  /** Elements of a bookings list the remote answered (to `read`): each one's fields and its list body. */
  absorbBookingList(elements: readonly unknown[], read?: CopyRead): void {
    this.store.transaction(() => {
      const held = this.heldLanes(read);
      for (const element of elements) {
        if (!isObject(element)) continue;
        const id = this.upsertBooking(element, held);
        if (id !== undefined) this.store.remoteCopy.putListBody('booking', id, JSON.stringify(element));
      }
    });
  }

  /**
   * A jump day fetched whole: every element stored, and the bookings the copy held for that day
   * that the remote no longer lists returned, for a show to tell gone from moved.
   */
  replaceDay(day: string, elements: readonly unknown[], read?: CopyRead): { id: number; external_id: string | null }[] {
    return this.store.transaction(() => {
      const held = this.store.remoteCopy.bookingsOnDay(this.dropzone.id, day);
      this.absorbBookingList(elements, read);
      const listed = new Set(elements.map(remoteIdOf).filter((id) => id !== undefined));
      const lanes = this.heldLanes(read);
      const missing = held.filter(
        (b) => !listed.has(b.id) && !(b.external_id !== null && lanes.has(bookingLane(b.external_id))),
      );
      // A booking without an external id cannot be shown: absent from its day, it is gone from the copy.
      for (const b of missing) if (b.external_id === null) this.dropBookingRow(b.id);
      this.store.remoteCopy.markSlice(`day:${day}`, this.at());
      return missing.filter((b) => b.external_id !== null);
    });
  }

  /**
   * A show answer (`GET /bookings/:external_id`, to `read`): the record and the whole body. Without
   * a read, the record as a write the outbox landed left it.
   */
  absorbBookingShow(body: unknown, read?: CopyRead): void {
    if (!isObject(body)) return;
    this.store.transaction(() => {
      const id = this.upsertBooking(body, this.heldLanes(read));
      if (id !== undefined) this.store.remoteCopy.putShowBody('booking', id, JSON.stringify(body), this.at());
    });
    if (!read) this.noteWrittenBooking(body);
  }

  /** A create or update answer: the fields it states (it is neither a list element nor a show). */
  absorbBookingWrite(body: unknown): void {
    if (!isObject(body)) return;
    this.store.transaction(() => this.upsertBooking(body, this.heldLanes()));
    this.noteWrittenBooking(body);
  }

  private noteWrittenBooking(body: Record<string, unknown>): void {
    if (typeof body.external_id === 'string') this.noteWritten(bookingLane(body.external_id));
  }

  /** The remote says the booking is gone: a 404 show (to `read`), or without one a delete that landed. */
  dropBooking(externalId: string, read?: CopyRead): void {
    this.store.transaction(() => {
      if (this.heldLanes(read).has(bookingLane(externalId))) return;
      const held = this.store.bookings.byExternalId(this.dropzone.id, externalId);
      if (held) this.dropBookingRow(held.id);
    });
    if (!read) this.noteWritten(bookingLane(externalId));
  }

  markShows(day: string): void {
    this.store.remoteCopy.markSlice(`shows:${day}`, this.at());
  }

  // ---- filmers -----------------------------------------------------------------------------

  private upsertFilmer(body: Record<string, unknown>, held: HeldLanes): number | undefined {
    const id = remoteIdOf(body);
    if (id === undefined) return undefined;
    if (held.has(filmerLane(id))) return id;
    const { store } = this;
    const dz = this.dropzone.id;
    const fields = filmerFieldsOf(body);
    if (store.filmers.byId(dz, id)) {
      // The remote says this filmer has that external id now: another row of the copy still holding it is out of date.
      const holder = fields.external_id ? store.filmers.byExternalId(dz, fields.external_id) : undefined;
      if (holder && holder.id !== id) store.filmers.update(holder.id, { external_id: null });
      const { created_at: _created, ...changes } = fields;
      store.filmers.update(id, changes);
      return id;
    }
    // The remote deleted a filmer and made another with its external id: the old row goes.
    if (fields.external_id) {
      const previous = store.filmers.byExternalId(dz, fields.external_id);
      if (previous) this.dropFilmerRow(previous.id);
    }
    const at = this.at();
    store.filmers.insert({
      id,
      dropzone_id: dz,
      external_id: fields.external_id ?? null,
      external_service: fields.external_service ?? null,
      name: fields.name ?? '',
      email: fields.email ?? '',
      tandem_instructor: fields.tandem_instructor ?? false,
      videographer: fields.videographer ?? false,
      active: fields.active ?? true,
      created_at: fields.created_at ?? at,
      updated_at: fields.updated_at ?? at,
    });
    return id;
  }

  private dropFilmerRow(id: number): void {
    this.store.filmers.delete(this.dropzone.id, id);
    this.store.remoteCopy.dropBody('filmer', id);
  }

  /** `GET /filmers?include_all=true` answered whole (to `read`): the copy's filmers become exactly these. */
  replaceFilmers(elements: readonly unknown[], read?: CopyRead): void {
    this.store.transaction(() => {
      const listed = new Set<number>();
      const lanes = this.heldLanes(read);
      for (const element of elements) {
        if (!isObject(element)) continue;
        const id = this.upsertFilmer(element, lanes);
        if (id === undefined) continue;
        listed.add(id);
        this.store.remoteCopy.putListBody('filmer', id, JSON.stringify(element));
      }
      for (const filmer of this.store.filmers.list(this.dropzone.id, true))
        if (!listed.has(filmer.id) && !lanes.has(filmerLane(filmer.id))) this.dropFilmerRow(filmer.id);
      this.store.remoteCopy.markSlice('filmers', this.at());
    });
  }

  /** A filmer's show (to `read`), or without one the filmer as a write the outbox landed left it. */
  absorbFilmerShow(body: unknown, read?: CopyRead): void {
    if (!isObject(body)) return;
    this.store.transaction(() => {
      const lanes = this.heldLanes(read);
      const id = this.upsertFilmer(body, lanes);
      if (id !== undefined && !lanes.has(filmerLane(id)))
        this.store.remoteCopy.putShowBody('filmer', id, JSON.stringify(body), this.at());
    });
    if (!read) this.noteWrittenFilmer(body);
  }

  /** A filmer as a list element states it (to `read`), or without one as a write's answer does. */
  absorbFilmerWrite(body: unknown, read?: CopyRead): void {
    if (!isObject(body)) return;
    this.store.transaction(() => this.upsertFilmer(body, this.heldLanes(read)));
    if (!read) this.noteWrittenFilmer(body);
  }

  private noteWrittenFilmer(body: Record<string, unknown>): void {
    const id = remoteIdOf(body);
    if (id !== undefined) this.noteWritten(filmerLane(id));
  }

  /** The remote says the filmer is gone: a 404 show (to `read`), or without one a delete that landed. */
  dropFilmer(id: number, read?: CopyRead): void {
    this.store.transaction(() => {
      if (this.heldLanes(read).has(filmerLane(id))) return;
      if (this.store.filmers.byId(this.dropzone.id, id)) this.dropFilmerRow(id);
    });
    if (!read) this.noteWritten(filmerLane(id));
  }

  // ---- catalogue ---------------------------------------------------------------------------

  catalogueVersion(kind: CopiedCatalogue): string | undefined {
    return this.store.remoteCopy.catalogue(kind)?.version;
  }

  /** A product or upgrade list, with the shows of its items fetched for this version. */
  replaceCatalogue(kind: CopiedCatalogue, listBody: Record<string, unknown>, shows: readonly unknown[]): void {
    const version = typeof listBody.version === 'string' ? listBody.version : '';
    const item = kind === 'products' ? 'product' : 'upgrade';
    this.store.transaction(() => {
      const listed = new Set<number>();
      for (const show of shows) {
        if (!isObject(show)) continue;
        const id = remoteIdOf(show);
        if (id === undefined) continue;
        listed.add(id);
        this.upsertCatalogueItem(kind, show);
        this.store.remoteCopy.putShowBody(item, id, JSON.stringify(show), this.at());
      }
      const held =
        kind === 'products'
          ? this.store.catalogue.products(this.dropzone.id)
          : this.store.catalogue.upgrades(this.dropzone.id);
      for (const record of held) if (!listed.has(record.id)) this.dropCatalogueItem(kind, record.id);
      this.store.remoteCopy.putCatalogue(kind, version, JSON.stringify(listBody), this.at());
      this.store.remoteCopy.markSlice(kind, this.at());
    });
  }

  private upsertCatalogueItem(kind: CopiedCatalogue, body: Record<string, unknown>): void {
    const id = remoteIdOf(body)!;
    const dz = this.dropzone.id;
    const name = typeof body.name === 'string' ? body.name : '';
    const active = body.active !== false;
    const at = this.at();
    if (kind === 'products') {
      const values = {
        name,
        active,
        booking_system_name: typeof body.booking_system_name === 'string' ? body.booking_system_name : '',
        price_cents: typeof body.price_cents === 'number' ? body.price_cents : 0,
        photos: body.photos === true,
        selfie: body.selfie === true,
        videographer: body.videographer === true,
        either_video: body.either_video === true,
        socials: body.socials === true,
        has_4k: body.has_4k === true,
        raw_footage: body.raw_footage === true,
      };
      if (this.store.catalogue.product(dz, id)) this.store.catalogue.updateProduct(id, values);
      else
        this.store.catalogue.insertProduct({
          id,
          dropzone_id: dz,
          ...values,
          centi_credits: 0,
          video_entitlement: null,
          created_at: at,
          updated_at: at,
        });
      return;
    }
    const values = {
      name,
      active,
      notify_staff: body.notify_staff === true,
      payment_price_cents: typeof body.payment_price_cents === 'number' ? body.payment_price_cents : 0,
      payment_price_identifier: typeof body.payment_price_identifier === 'string' ? body.payment_price_identifier : '',
    };
    if (this.store.catalogue.upgrade(dz, id)) this.store.catalogue.updateUpgrade(id, values);
    else
      this.store.catalogue.insertUpgrade({
        id,
        dropzone_id: dz,
        ...values,
        payment_price_currency:
          typeof body.payment_price_currency === 'string' ? body.payment_price_currency : this.dropzone.currency,
        created_at: typeof body.created_at === 'string' ? body.created_at : at,
        updated_at: typeof body.updated_at === 'string' ? body.updated_at : at,
      });
  }

  private dropCatalogueItem(kind: CopiedCatalogue, id: number): void {
    const dz = this.dropzone.id;
    if (kind === 'products') {
      // Bookings that pointed at it keep their rows; the product is just no longer known.
      this.store.bookings.clearProduct(dz, id);
      this.store.catalogue.deleteProduct(dz, id);
      this.store.remoteCopy.dropBody('product', id);
    } else {
      this.store.catalogue.deleteUpgrade(dz, id);
      this.store.remoteCopy.dropBody('upgrade', id);
    }
  }

  // ---- ages --------------------------------------------------------------------------------

  /** When each slice was last fetched whole. */
  sliceAges(): Map<string, string> {
    return new Map(this.store.remoteCopy.slices().map((s) => [s.slice, s.refreshed_at]));
  }
}
