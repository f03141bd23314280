/**
 * Writes fixtures/demo.json: one realistic dropzone for demos and QA (`npm run fixture:demo`).
 *
 * Deterministic: a seeded PRNG and a fixed reference date, never Math.random or the wall clock,
 * so the file only changes when this script does. The server moves every date by the days
 * between REFERENCE_DATE and today on load (`dates_relative_to`), so the demo stays "around today".
 *
 * What the data shows off:
 * - products whose booking_system_name prefixes overlap ("Selfie" / "Selfie + Photos",
 *   "Videographer" / "Videographer 4K"), so the longest prefix wins, and an inactive legacy one;
 * - bookings from 20 days back to 30 days ahead, a handful delivered more than 60 days ago
 *   (the `conflict` rule), walk-ins without an external_id, packages that match no product;
 * - past jumps with a filmer and finance histories that tell true stories (the rules of
 *   shared/service/actions.ts): a product matched on sync is `unspecified` with no credit; paid
 *   content is delivered (`regular`, the product's credits) on or after the recorded jump; then
 *   an upgrade bought online with its payment, a product change at reception, a manual credit;
 *   or a free preview (`preview`, no entitlements), maybe followed by a `reception_conversion`.
 *   Jumps not yet edited (processing, uploaded) have no delivery and nothing after it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, utcDateOf } from '../shared/dates';
import type { SeedFile } from '../electron/seed/seed-schema';
import { entitlementsOf, type ProductFlags } from '../shared/service/entitlements';
import { mulberry32 } from './seeded-random';

const REFERENCE_DATE = '2026-11-22';
const SEED = 0x5eed_d20e;
const DEMO_TOKEN = 'demo-token-please-change';
const OUT_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/demo.json');

// ---------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32): small, fast, and the same sequence on every machine.

const random = mulberry32(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    if ((r -= w) < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');

// ---------------------------------------------------------------------------------------------
// Time: everything is computed from the reference date, in UTC instants.

/** An ISO instant on `date` at hh:mm UTC (plus a few deterministic seconds). */
function at(date: string, hour: number, minute: number): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}.${String(int(0, 999)).padStart(3, '0')}Z`;
}
const day = (offset: number) => addDays(REFERENCE_DATE, offset);
/** Latest instant a record may carry: the evening before the reference date, so nothing is "in the future" on load. */
const LATEST = `${day(-1)}T19:00:00.000Z`;
const notAfterLatest = (iso: string) => (iso > LATEST ? LATEST : iso);

// ---------------------------------------------------------------------------------------------
// The catalogue.

type DemoProduct = ProductFlags & {
  id: number;
  name: string;
  active: boolean;
  booking_system_name: string;
  price_cents: number;
  centi_credits: number;
};

const flags = (f: Partial<ProductFlags>): ProductFlags => ({
  photos: false,
  selfie: false,
  videographer: false,
  either_video: false,
  socials: false,
  has_4k: false,
  raw_footage: false,
  ...f,
});

const PRODUCTS: DemoProduct[] = [
  {
    id: 1,
    name: 'Selfie video',
    active: true,
    booking_system_name: 'Selfie',
    price_cents: 9900,
    centi_credits: 100,
    ...flags({ selfie: true }),
  },
  {
    id: 2,
    name: 'Selfie video + photos',
    active: true,
    booking_system_name: 'Selfie + Photos',
    price_cents: 12900,
    centi_credits: 150,
    ...flags({ selfie: true, photos: true }),
  },
  {
    id: 3,
    name: 'Videographer',
    active: true,
    booking_system_name: 'Videographer',
    price_cents: 14900,
    centi_credits: 200,
    ...flags({ videographer: true, socials: true, photos: true }),
  },
  {
    id: 4,
    name: 'Videographer 4K + raw footage',
    active: true,
    booking_system_name: 'Videographer 4K',
    price_cents: 19900,
    centi_credits: 300,
    ...flags({ videographer: true, socials: true, photos: true, has_4k: true, raw_footage: true }),
  },
  {
    id: 5,
    name: 'Photos only',
    active: true,
    booking_system_name: 'Photos',
    price_cents: 5900,
    centi_credits: 50,
    ...flags({ photos: true }),
  },
  {
    id: 6,
    name: 'Combo: selfie + videographer',
    active: true,
    booking_system_name: 'Combo',
    price_cents: 22900,
    centi_credits: 350,
    ...flags({ selfie: true, videographer: true, socials: true, photos: true, has_4k: true }),
  },
  {
    id: 7,
    name: 'Handcam classic (discontinued)',
    active: false,
    booking_system_name: 'Handcam',
    price_cents: 7900,
    centi_credits: 80,
    ...flags({ either_video: true }),
  },
];
const product = (id: number) => PRODUCTS.find((p) => p.id === id)!;

/** What the booking system sends as camera_package, the product it is meant to match (null: none), and how often. */
const CAMERA_PACKAGES: readonly (readonly [{ text: string; productId: number | null }, number])[] = [
  [{ text: 'Selfie', productId: 1 }, 10],
  [{ text: 'Selfie Video', productId: 1 }, 8],
  [{ text: 'selfie video (handheld)', productId: 1 }, 3],
  [{ text: 'Selfie + Photos', productId: 2 }, 12],
  [{ text: 'Selfie + Photos (summer deal)', productId: 2 }, 4],
  [{ text: 'Videographer', productId: 3 }, 14],
  [{ text: 'VIDEOGRAPHER outside camera', productId: 3 }, 3],
  [{ text: 'Videographer 4K + Raw', productId: 4 }, 7],
  [{ text: 'Photos only', productId: 5 }, 6],
  [{ text: 'Combo (Selfie + Videographer)', productId: 6 }, 6],
  [{ text: 'Handcam', productId: null }, 2], // the legacy product is inactive: no match
  [{ text: 'Tandem only', productId: null }, 12],
  [{ text: 'No camera', productId: null }, 5],
];

const UPGRADES: SeedFile['dropzones'][number]['upgrades'] = [
  {
    id: 1,
    name: '4K footage',
    active: true,
    notify_staff: true,
    payment_price_cents: 2500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_1Q4kFootageDemo',
    created_at: at(day(-400), 9, 0),
    updated_at: at(day(-120), 14, 10),
    grants_4k: true,
    centi_credits: 50,
    offered_to: ['main', 'all', 'highlights'],
  },
  {
    id: 2,
    name: 'Raw footage',
    active: true,
    notify_staff: true,
    payment_price_cents: 3500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_1QRawFootageDemo',
    created_at: at(day(-400), 9, 5),
    grants_raw_footage: true,
    centi_credits: 50,
    offered_to: ['main', 'all'],
  },
  {
    id: 3,
    name: 'Extra photo pack (50 photos)',
    active: true,
    notify_staff: false,
    payment_price_cents: 1900,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_1QPhotoPackDemo',
    created_at: at(day(-380), 11, 30),
    grants_photos: true,
    centi_credits: 25,
    offered_to: ['none', 'main', 'all', 'highlights', 'insta', 'freefall'],
  },
  {
    id: 4,
    name: 'Social media clips',
    active: true,
    notify_staff: false,
    payment_price_cents: 1500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_1QSocialClipsDemo',
    created_at: at(day(-300), 16, 45),
    grants_video_entitlement: 'all',
    centi_credits: 25,
    offered_to: ['main'],
  },
  {
    id: 5,
    name: 'Souvenir USB stick',
    active: false,
    notify_staff: true,
    payment_price_cents: 2900,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_1QUsbStickDemo',
    created_at: at(day(-700), 10, 0),
    updated_at: at(day(-200), 8, 20),
  },
];
const upgrade = (id: number) => UPGRADES.find((u) => u.id === id)!;

// ---------------------------------------------------------------------------------------------
// People.

interface Filmer {
  id: number;
  external_id?: string | null;
  external_service?: string | null;
  name: string;
  email: string;
  tandem_instructor: boolean;
  videographer: boolean;
  active: boolean;
}

const FILMERS: Filmer[] = [
  {
    id: 1,
    external_id: 'STAFF-014',
    external_service: 'skybook',
    name: 'Maarten de Groot',
    email: 'maarten.degroot@example.com',
    tandem_instructor: true,
    videographer: false,
    active: true,
  },
  {
    id: 2,
    external_id: 'STAFF-021',
    external_service: 'skybook',
    name: 'Ingrid Lindqvist',
    email: 'ingrid.lindqvist@example.com',
    tandem_instructor: true,
    videographer: false,
    active: true,
  },
  {
    id: 3,
    external_id: 'STAFF-027',
    external_service: 'skybook',
    name: 'Rafael Ortega',
    email: 'rafael.ortega@example.com',
    tandem_instructor: true,
    videographer: false,
    active: true,
  },
  {
    id: 4,
    external_id: 'STAFF-033',
    external_service: 'skybook',
    name: 'Jesse Willems',
    email: 'jesse.willems@example.com',
    tandem_instructor: true,
    videographer: true,
    active: true,
  },
  {
    id: 5,
    external_id: 'STAFF-038',
    external_service: 'skybook',
    name: 'Noor El Amrani',
    email: 'noor.elamrani@example.com',
    tandem_instructor: false,
    videographer: true,
    active: true,
  },
  {
    id: 6,
    external_id: 'STAFF-041',
    external_service: 'skybook',
    name: 'Tobias Krüger',
    email: 'tobias.krueger@example.com',
    tandem_instructor: false,
    videographer: true,
    active: true,
  },
  {
    id: 7,
    external_id: 'STAFF-045',
    external_service: 'skybook',
    name: 'Femke Hoekstra',
    email: 'femke.hoekstra@example.com',
    tandem_instructor: false,
    videographer: true,
    active: true,
  },
  {
    id: 8,
    external_id: 'STAFF-052',
    external_service: 'skybook',
    name: 'Élodie Marchand',
    email: 'elodie.marchand@example.com',
    tandem_instructor: true,
    videographer: false,
    active: true,
  },
  {
    id: 9,
    external_id: 'STAFF-058',
    external_service: 'skybook',
    name: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    tandem_instructor: false,
    videographer: true,
    active: true,
  },
  {
    id: 10,
    external_id: 'STAFF-007',
    external_service: 'skybook',
    name: 'Henk Brouwer',
    email: 'henk.brouwer@example.com',
    tandem_instructor: true,
    videographer: true,
    active: false,
  },
  // Freelancers the booking system does not know: listed only with include_all=true.
  {
    id: 11,
    name: 'Luca Bianchi',
    email: 'luca.bianchi.freelance@example.net',
    tandem_instructor: false,
    videographer: true,
    active: true,
  },
  {
    id: 12,
    name: 'Kirsten Vos',
    email: 'kirsten.vos@example.org',
    tandem_instructor: true,
    videographer: false,
    active: true,
  },
];
const activeFilmers = (f: (x: Filmer) => boolean) => FILMERS.filter((x) => x.active && f(x));
const SELFIE_FILMERS = activeFilmers((f) => f.tandem_instructor);
const OUTSIDE_FILMERS = activeFilmers((f) => f.videographer);
const RETIRED_FILMER = FILMERS.find((f) => !f.active)!;

interface Nationality {
  language: string;
  weight: number;
  first: readonly string[];
  last: readonly string[];
  phone: () => string;
  domains: readonly string[];
}

const NATIONALITIES: readonly Nationality[] = [
  {
    language: 'nl',
    weight: 36,
    first: [
      'Emma',
      'Daan',
      'Lotte',
      'Sem',
      'Zoë',
      'Finn',
      'Sanne',
      'Ruben',
      'Fleur',
      'Bram',
      'Anouk',
      'Jesse',
      'Noor',
      'Thijs',
      'Julia',
      'Lars',
      'Iris',
      'Pieter',
      'Maud',
      'Joris',
    ],
    last: [
      'de Vries',
      'Jansen',
      'van Dijk',
      'Bakker',
      'Visser',
      'Smit',
      'Meijer',
      'de Boer',
      'Mulder',
      'van den Berg',
      'Dekker',
      'Kok',
      'Vermeulen',
      'Peeters',
      "van 't Hof",
    ],
    phone: () => `+31 6 ${digits(4)} ${digits(4)}`,
    domains: ['example.nl', 'mail.example.nl', 'example.com'],
  },
  {
    language: 'de',
    weight: 20,
    first: [
      'Jürgen',
      'Lena',
      'Maximilian',
      'Hannah',
      'Felix',
      'Sophie',
      'Jonas',
      'Marie',
      'Björn',
      'Katharina',
      'Lukas',
      'Anja',
    ],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Wagner',
      'Becker',
      'Hoffmann',
      'Schäfer',
      'Koch',
      'Richter',
    ],
    phone: () => `+49 1${pick(['51', '52', '60', '70', '76'])} ${digits(7)}`,
    domains: ['example.de', 'post.example.de', 'example.com'],
  },
  {
    language: 'fr',
    weight: 12,
    first: ['Chloé', 'Hugo', 'Léa', 'Anaïs', 'Louis', 'Camille', 'Théo', 'Maëlle', 'Antoine', 'Inès'],
    last: ['Dubois', 'Martin', 'Bernard', 'Lefèvre', 'Moreau', 'Laurent', 'Girard', 'Janssens', 'Lambert'],
    phone: () =>
      chance(0.6)
        ? `+33 6 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`
        : `+32 4${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`,
    domains: ['example.fr', 'example.be', 'example.com'],
  },
  {
    language: 'en',
    weight: 32,
    first: [
      'Oliver',
      'Charlotte',
      'James',
      'Amelia',
      'Jack',
      'Grace',
      'Søren',
      'Freja',
      'José',
      'Lucía',
      'Aoife',
      'Ciarán',
      'Priya',
      'Mateo',
      'Olivia',
      'Ethan',
    ],
    last: [
      'Smith',
      'Taylor',
      'Brown',
      'Wilson',
      "O'Brien",
      'Nielsen',
      'Hansen',
      'García',
      'Fernández',
      'Murphy',
      'Patel',
      'Kowalski',
      'Andersson',
    ],
    // UK numbers in Ofcom's range for fiction (07700 900000-900999).
    phone: () =>
      pick([
        `+44 7700 900${digits(3)}`,
        `+353 8${int(3, 7)} ${digits(3)} ${digits(4)}`,
        `+45 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`,
      ]),
    domains: ['example.com', 'example.org', 'example.net', 'example.co.uk'],
  },
];

/** ASCII for the local part of an e-mail address: Zoë → zoe, Søren → soren, Müller → muller. */
function asciiFold(s: string): string {
  return s
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

function person(): { name: string; email: string | null; mobile: string | null; language: string } {
  const n = weighted(NATIONALITIES.map((x) => [x, x.weight] as const));
  const first = pick(n.first);
  const last = pick(n.last);
  const local = weighted<string>([
    [`${asciiFold(first)}.${asciiFold(last)}`, 5],
    [`${asciiFold(first)}${asciiFold(last)}`, 2],
    [`${asciiFold(first).slice(0, 1)}${asciiFold(last)}`, 2],
    [`${asciiFold(first)}${int(70, 99)}`, 1],
  ]);
  return {
    name: `${first} ${last}`,
    email: chance(0.95) ? `${local}@${pick(n.domains)}` : null,
    mobile: chance(0.88) ? n.phone() : null,
    language: n.language,
  };
}

// ---------------------------------------------------------------------------------------------
// Bookings, jumps and finance histories.

type SeedBooking = SeedFile['dropzones'][number]['bookings'][number];
type SeedEvent = NonNullable<SeedBooking['finance_events']>[number];

const LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
const link = () => Array.from({ length: 10 }, () => pick([...LINK_ALPHABET])).join('');

let nextBookingId = 1001;
let nextJumpId = 501;
let nextEventId = 9001;
let nextPaymentId = 301;
const usedExternalIds = new Set<string>();
function externalId(): string {
  for (;;) {
    const id = `SKB-${int(24, 26)}${digits(4)}`;
    if (!usedExternalIds.has(id)) {
      usedExternalIds.add(id);
      return id;
    }
  }
}

/** Day offsets from the reference date: busier at weekends and towards the coming days. */
function jumpDayOffset(): number {
  for (;;) {
    const offset = int(-20, 30);
    const weekday = utcDateOf(day(offset)).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    if (chance(weekend ? 1 : 0.45)) return offset;
  }
}

class Ledger {
  readonly events: SeedEvent[] = [];
  private total = 0;
  add(event: Omit<SeedEvent, 'id' | 'centi_total_credits'>): void {
    this.total += event.centi_credit_change;
    this.events.push({ id: nextEventId++, ...event, centi_total_credits: this.total });
  }
  /** The product's entitlements, as the server derives them when it matches a product. */
  productEvent(type: string, p: DemoProduct, change: number, comment: string, createdAt: string): void {
    const e = entitlementsOf(p);
    this.add({ event_type: type, ...e, centi_credit_change: change, comment, product_id: p.id, created_at: createdAt });
  }
  last(): SeedEvent | undefined {
    return this.events[this.events.length - 1];
  }
}

interface Plan {
  offset: number;
  /** Album status for a past jump; null for jumps still to come. */
  album: string | null;
  history: 'plain' | 'upgrade' | 'reception_upgrade' | 'manual_credit' | 'preview_conversion' | 'preview_only';
}

const PRODUCT_PACKAGES = CAMERA_PACKAGES.filter(([p]) => p.productId !== null);

function makeBooking(
  plan: Plan,
  options: { walkIn?: boolean; withProduct?: boolean; legacyProduct?: boolean } = {},
): SeedBooking {
  const who = person();
  const jumpOn = day(plan.offset);
  const past = plan.offset < 0;
  let pkg = weighted(options.withProduct ? PRODUCT_PACKAGES : CAMERA_PACKAGES);
  if (plan.history === 'preview_conversion' || plan.history === 'preview_only')
    pkg = { text: pick(['Tandem only', 'No camera']), productId: null };
  if (plan.history === 'reception_upgrade')
    pkg = pick([
      { text: 'Selfie', productId: 1 },
      { text: 'Selfie Video', productId: 1 },
      { text: 'Photos only', productId: 5 },
      { text: 'Videographer', productId: 3 },
    ]);
  if (plan.history === 'upgrade')
    pkg = pick([
      { text: 'Videographer', productId: 3 },
      { text: 'Selfie + Photos', productId: 2 },
      { text: 'Combo (Selfie + Videographer)', productId: 6 },
    ]);
  if (options.legacyProduct) pkg = { text: 'Handcam', productId: null };
  const noPackage = !options.legacyProduct && pkg.productId === null && chance(0.25);

  // Booked 2 to 45 days before the jump (walk-ins on the day), never after the reference date.
  let createdOffset = options.walkIn ? plan.offset : plan.offset - int(2, 45);
  if (createdOffset > -1) createdOffset = -int(1, 30);
  const createdAt = notAfterLatest(at(day(createdOffset), options.walkIn ? int(7, 9) : int(7, 20), int(0, 59)));
  const ledger = new Ledger();
  let productId: number | null = pkg.productId;
  if (options.legacyProduct) productId = 7; // sold while the handcam package was still on offer

  const initial = productId === null ? undefined : product(productId);
  // Matching records what the booking is entitled to; nothing reached the customer, no credit moved.
  if (initial) {
    ledger.productEvent(
      'unspecified',
      initial,
      0,
      `Product "${initial.name}" matched from camera package "${pkg.text}"`,
      createdAt,
    );
  }

  let jump: SeedBooking['jump'];
  if (past) {
    const jumpAt = (h: number) => at(jumpOn, h, int(0, 59));
    const finalProduct = () => (productId === null ? undefined : product(productId));
    // Paid content is delivered on the day of the jump, after landing (a paid product and a finished album).
    const delivered = plan.album === 'delivered_paid' && initial !== undefined;
    if (delivered)
      ledger.productEvent(
        'regular',
        initial,
        initial.centi_credits,
        `Paid content delivered (${initial.name})`,
        jumpAt(int(11, 13)),
      );
    switch (plan.history) {
      case 'upgrade': {
        const p = finalProduct()!;
        const u = upgrade(p.has_4k ? 2 : pick([1, 2, 3]));
        const paidAt = notAfterLatest(at(day(plan.offset + int(1, 4)), int(8, 21), int(0, 59)));
        const e = entitlementsOf(p);
        ledger.add({
          event_type: 'upgrade',
          ...e,
          has_4k: e.has_4k || u.id === 1,
          raw_footage: e.raw_footage || u.id === 2,
          photos: e.photos || u.id === 3,
          centi_credit_change: u.id === 3 ? 25 : 50,
          comment: `Bought "${u.name}" online`,
          product_id: p.id,
          upgrade_payment: {
            id: nextPaymentId++,
            ammount: u.payment_price_cents,
            currency: 'EUR',
            processor_id: `pi_3Q${hex(6)}${digits(4)}Demo${hex(8)}`,
            upgrade_id: u.id,
            created_at: paidAt,
          },
          created_at: paidAt,
        });
        break;
      }
      case 'reception_upgrade': {
        const from = finalProduct()!;
        const to = product(from.id === 1 ? 2 : from.id === 5 ? 3 : 4);
        ledger.productEvent(
          'reception_upgrade',
          to,
          to.centi_credits - from.centi_credits,
          `Product changed from ${from.name} to ${to.name}`,
          jumpAt(int(14, 17)),
        );
        productId = to.id;
        break;
      }
      case 'manual_credit': {
        const base = ledger.last();
        const credits = [
          [100, 'Goodwill: jump postponed twice for weather'],
          [50, 'Voucher credit from a cancelled group booking'],
        ] as const;
        const refunds = [
          [-50, 'Partial refund: freefall photos missing (camera fault)'],
          [-100, 'Refund: customer declined the video'],
        ] as const;
        // A refund only where there was something to refund, so the running total stays >= 0.
        const [change, comment] = pick<readonly [number, string]>(
          base && base.centi_total_credits! >= 100 ? [...credits, ...refunds] : credits,
        );
        const e = base ?? {
          video_entitlement: 'none',
          camera_requirement: null,
          photos: false,
          has_4k: false,
          raw_footage: false,
        };
        ledger.add({
          event_type: 'manual_credit',
          video_entitlement: e.video_entitlement,
          camera_requirement: e.camera_requirement ?? null,
          photos: e.photos ?? false,
          has_4k: e.has_4k ?? false,
          raw_footage: e.raw_footage ?? false,
          centi_credit_change: change,
          comment,
          product_id: base?.product_id ?? null,
          created_at: notAfterLatest(at(day(plan.offset + int(2, 9)), int(9, 17), int(0, 59))),
        });
        break;
      }
      case 'preview_only':
      case 'preview_conversion': {
        const previewAt = jumpAt(int(13, 16));
        // A preview entitles to nothing (spec 6: "a customer who has not purchased"), credit change 0.
        ledger.add({
          event_type: 'preview',
          video_entitlement: 'none',
          camera_requirement: null,
          photos: false,
          has_4k: false,
          raw_footage: false,
          centi_credit_change: 0,
          comment: 'Free preview sent',
          product_id: null,
          created_at: previewAt,
        });
        if (plan.history === 'preview_conversion') {
          const to = product(pick([3, 3, 5, 4]));
          const convertedAt = notAfterLatest(new Date(Date.parse(previewAt) + int(20, 90) * 60_000).toISOString());
          ledger.productEvent(
            'reception_conversion',
            to,
            to.centi_credits,
            `Converted at reception to ${to.name}`,
            convertedAt,
          );
          productId = to.id;
        }
        break;
      }
      case 'plain':
        break;
    }

    const p = productId === null ? undefined : product(productId);
    const previewed = plan.history === 'preview_only' || plan.history === 'preview_conversion';
    const camera = p
      ? p.selfie && p.videographer
        ? 'both'
        : p.selfie
          ? 'selfie'
          : p.videographer || p.photos
            ? 'videographer'
            : 'handcam'
      : previewed
        ? 'videographer'
        : null;
    const filmer =
      camera === null
        ? null
        : options.legacyProduct || plan.offset < -60
          ? chance(0.5)
            ? RETIRED_FILMER
            : pick(OUTSIDE_FILMERS)
          : camera === 'selfie' || camera === 'handcam'
            ? pick(SELFIE_FILMERS)
            : pick(OUTSIDE_FILMERS);
    jump = { id: nextJumpId++, camera, filmer_id: filmer?.id ?? null, jumped_on: jumpOn };
  }

  const lastEvent = ledger.last();
  const booking: SeedBooking = {
    id: nextBookingId++,
    uuid: uuid(),
    link: link(),
    ...(options.walkIn ? {} : { external_id: externalId(), external_service: 'skybook' }),
    name: who.name,
    email: options.walkIn && chance(0.5) ? null : who.email,
    mobile: who.mobile,
    jump_on: jumpOn,
    language: who.language,
    reference: reference(options.walkIn === true),
    camera_package: noPackage ? null : pkg.text,
    show_publicly: chance(0.3),
    // Nothing to deliver without a camera: such past jumps have no album.
    album_status_raw: productId !== null || jump?.camera ? plan.album : null,
    product_id: productId,
    created_at: createdAt,
    updated_at: lastEvent && lastEvent.created_at > createdAt ? lastEvent.created_at : createdAt,
  };
  if (jump) booking.jump = jump;
  if (ledger.events.length > 0) booking.finance_events = ledger.events;
  return booking;
}

function reference(walkIn: boolean): string | null {
  if (walkIn) return pick(['Walk-in, paid at reception', 'Walk-in (cash)', 'Walk-in, weather standby list']);
  return weighted<string | null>([
    [null, 60],
    [`Gift voucher GV-${digits(5)}`, 10],
    [
      `Group: ${pick(['bachelor party', 'company outing', 'birthday', 'charity jump'])} ${pick(['Jansen', 'Weber', 'Taylor', 'Dubois'])} (${int(3, 9)} jumpers)`,
      8,
    ],
    [`Weight ${int(88, 99)} kg: check harness`, 3],
    ['Rebooked after weather hold', 6],
    ['Prefers morning load', 4],
    [`Booked by phone, ref ${digits(6)}`, 5],
  ]);
}

function makeBookings(): SeedBooking[] {
  const bookings: SeedBooking[] = [];
  // Delivered long ago: updates to these are a 409 conflict (reuse window, spec 8).
  for (const offset of [-64, -71, -83, -97, -118, -140]) {
    const history = weighted<Plan['history']>([
      ['plain', 3],
      ['upgrade', 2],
      ['manual_credit', 1],
    ]);
    bookings.push(
      makeBooking({ offset, album: 'delivered_paid', history }, { withProduct: true, legacyProduct: offset <= -118 }),
    );
  }
  // Delivered between the 14-day and the 60-day limit: still updatable.
  for (const offset of [-28, -35, -41, -52, -58]) {
    bookings.push(
      makeBooking(
        { offset, album: 'delivered_paid', history: pick(['plain', 'upgrade', 'reception_upgrade']) },
        { withProduct: true },
      ),
    );
  }
  // The busy window: 20 days back to 30 days ahead.
  for (let i = 0; i < 270; i++) {
    const offset = jumpDayOffset();
    if (offset >= 0) {
      bookings.push(makeBooking({ offset, album: null, history: 'plain' }));
      continue;
    }
    const history = weighted<Plan['history']>([
      ['plain', 44],
      ['upgrade', 12],
      ['reception_upgrade', 10],
      ['manual_credit', 14],
      ['preview_conversion', 10],
      ['preview_only', 10],
    ]);
    const editing = offset >= -2;
    const album = editing
      ? pick(['processing', 'uploaded'])
      : history === 'preview_only'
        ? 'preview_sent'
        : 'delivered_paid';
    // An album still being edited reached nobody: nothing was delivered, so nothing came after a delivery.
    bookings.push(makeBooking({ offset, album, history: editing ? 'plain' : history }));
  }
  // Walk-ins the booking system never saw (listed only with include_all=true).
  for (let i = 0; i < 14; i++) {
    const offset = int(-12, -1);
    const editing = offset >= -2;
    bookings.push(
      makeBooking(
        {
          offset,
          album: editing ? 'processing' : 'delivered_paid',
          history: editing ? 'plain' : pick(['plain', 'preview_conversion']),
        },
        { walkIn: true },
      ),
    );
  }
  // A couple of voucher bookings whose external_id needs URL-encoding (slash, space).
  for (const [i, id] of ['GV/2026-0142', 'GV/2026-0157 B'].entries()) {
    const b = makeBooking({ offset: 5 + i * 3, album: null, history: 'plain' });
    usedExternalIds.delete(b.external_id as string);
    b.external_id = id;
    bookings.push(b);
  }
  return bookings.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

// ---------------------------------------------------------------------------------------------

const fixture: SeedFile = {
  dates_relative_to: REFERENCE_DATE,
  dropzones: [
    {
      key: 'demo',
      name: 'Skydive Polderland',
      timezone: 'Europe/Amsterdam',
      currency: 'EUR',
      api_tokens: [DEMO_TOKEN],
      products: PRODUCTS,
      upgrades: UPGRADES,
      filmers: FILMERS,
      bookings: makeBookings(),
    },
  ],
};

mkdirSync(dirname(OUT_FILE), { recursive: true });
writeFileSync(OUT_FILE, `${JSON.stringify(fixture, null, 2)}\n`);
const dz = fixture.dropzones[0]!;
const events = dz.bookings.reduce((n, b) => n + (b.finance_events?.length ?? 0), 0);
console.log(
  `wrote ${OUT_FILE}: dropzone "${dz.key}", ${dz.products.length} products, ${dz.upgrades.length} upgrades, ${dz.filmers.length} filmers, ` +
    `${dz.bookings.length} bookings, ${events} finance events; dates relative to ${REFERENCE_DATE}; token "${DEMO_TOKEN}"`,
);
