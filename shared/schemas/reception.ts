import { z } from 'zod';
import { isoDate, isoDateTime, pagination } from './common';
import { bookingListItem } from './booking';
import { CAMERA_REQUIREMENTS } from './finance';
import { recordedBy } from './recorded-by';
import { readPageNumber } from '../page-number';

/**
 * Reception's day: the desk's own booking list, which finds anyone by anything
 * reception is told, sorts on the server across all pages, and shows what the desk knows beyond
 * the Sync API's fields; check-in per booking and day; the CSV export and the day sheet.
 * Local mode only: in proxy mode the bookings are the remote's and these answer 409.
 * The Sync API's own `GET /bookings` and its `q[...]` stay exactly as the spec says.
 */

/** Reception's marks for a booking on its jump day. `none` (in a filter) means not marked yet. */
export const CHECK_IN_STATES = ['arrived', 'no_show', 'jumped'] as const;
export type CheckInState = (typeof CHECK_IN_STATES)[number];
export const CHECK_IN_FILTERS = [...CHECK_IN_STATES, 'none'] as const;
export type CheckInFilter = (typeof CHECK_IN_FILTERS)[number];

/** The columns the desk list sorts by, on the server, across every page. */
export const DESK_SORT_KEYS = [
  'id',
  'external_id',
  'name',
  'email',
  'jump_on',
  'camera_package',
  'product',
  'check_in',
] as const;
export type DeskSortKey = (typeof DESK_SORT_KEYS)[number];

const flag = z
  .enum(['true', '1', 'false', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');
/** A page or page size: any whole number from 1, as the Sync API's list reads it (shared/page-number.ts). */
const positiveInteger = z.string().transform((text, context) => {
  const reading = readPageNumber(text);
  if (reading.ok) return reading.value;
  context.addIssue({ code: 'custom', message: reading.problem });
  return z.NEVER;
});

/** The trigram search index finds substrings of this many characters or more. */
export const DESK_SEARCH_MIN_CHARACTERS = 3;

/** True when a query is long enough to search for (trimmed, at least DESK_SEARCH_MIN_CHARACTERS). */
export function searchableQuery(q: string): boolean {
  return [...q.trim()].length >= DESK_SEARCH_MIN_CHARACTERS;
}

/** The filters shared by the list, the export and (with `day`) the day sheet; all optional. */
const listFilters = {
  /** One search box: name (case and accents ignored, words in any order), e-mail, phone digits, external id, link. */
  q: z
    .string()
    .max(200, { error: 'must be at most 200 characters' })
    // Blank is no search; one or two characters cannot be found from the search index (docs/spec-decisions.md).
    .refine((q) => q.trim() === '' || searchableQuery(q), {
      error: `must hold at least ${DESK_SEARCH_MIN_CHARACTERS} characters (or be left empty)`,
    })
    .optional(),
  /** jump_on from (inclusive). */
  from: isoDate.optional(),
  /** jump_on to (inclusive). */
  to: isoDate.optional(),
  check_in: z.enum(CHECK_IN_FILTERS, { error: `must be one of ${CHECK_IN_FILTERS.join(', ')}` }).optional(),
  /** Also bookings without an external id (walk-ins made at the desk, spec 4.1's `include_all`). */
  include_all: flag.optional(),
  sort: z.enum(DESK_SORT_KEYS, { error: `must be one of ${DESK_SORT_KEYS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
};

/** GET /api/desk/bookings: one page of the desk list. */
export const deskBookingQuery = z.strictObject({
  ...listFilters,
  page: positiveInteger.optional(),
  /** 1 to 200 (the Sync API's maximum), default 200. */
  per_page: positiveInteger.optional(),
});
export type DeskBookingQuery = z.input<typeof deskBookingQuery>;

/** GET /api/desk/bookings/export.csv: every row the filters match, as CSV. */
export const deskBookingExportQuery = z.strictObject({
  ...listFilters,
  /** The spreadsheet's list separator: `,` (default) or `;` (locales with a decimal comma), or `tab`. */
  delimiter: z.enum([',', ';', 'tab'], { error: 'must be , or ; or tab' }).optional(),
});
export type DeskBookingExportQuery = z.input<typeof deskBookingExportQuery>;

export const checkIn = z.object({
  state: z.enum(CHECK_IN_STATES),
  /** The jump day it was marked for (the booking's jump_on then). */
  day: isoDate,
  recorded_by: z.string().nullable(),
  recorded_at: isoDateTime,
});
export type CheckIn = z.infer<typeof checkIn>;

/** One row of the desk list: the Sync API's list fields plus what the desk knows of the booking. */
export const deskBookingRow = bookingListItem.extend({
  product: z.object({ id: z.number().int(), name: z.string(), price_cents: z.number().int() }).nullable(),
  /** What camera the booking's entitlements ask for (the ledger's latest, else the product's). */
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable(),
  /** The filmer(s) of the recorded jump, by name: "Anna", or "Anna + Ben" for a `both` jump. */
  filmer: z.string().nullable(),
  album_status_raw: z.string().nullable(),
  /** The check-in for the booking's jump day, if marked. */
  check_in: checkIn.nullable(),
});
export type DeskBookingRow = z.infer<typeof deskBookingRow>;

/**
 * The Sync API's pagination object, plus: a search by id counts its matches only up to a bound
 * (1,000, or the page's end when further); `count_is_lower_bound: true` says more match than
 * `total_count` ("1–200 of 1,000+"), `total_pages` is then the pages known to exist and
 * `next_page` is set while more rows follow. docs/spec-decisions.md, "Reception's desk list".
 */
export const deskPagination = pagination.extend({ count_is_lower_bound: z.boolean() });
export type DeskPagination = z.infer<typeof deskPagination>;

export const deskBookingPage = z.object({
  bookings: z.array(deskBookingRow),
  pagination: deskPagination,
  currency: z.string(),
});
export type DeskBookingPage = z.infer<typeof deskBookingPage>;

/** PUT /api/desk/bookings/by-id/:id/check-in: mark (or with `state: null` clear) the booking's check-in for its jump day. */
export const checkInWrite = z.strictObject(
  {
    state: z.enum(CHECK_IN_STATES, { error: `must be one of ${CHECK_IN_STATES.join(', ')}, or null` }).nullable(),
    recorded_by: recordedBy,
    /**
     * Made where the mark was made (a paired desk's mark sent later): the same key twice is one
     * mark. Absent: the desk makes one.
     */
    key: z
      .string()
      .regex(/^[\x21-\x7e]{8,100}$/, { error: 'must be 8 to 100 visible ASCII characters' })
      .optional(),
    /** When the mark was made (a mark made at a desk apart arrives later); absent: now. Of two marks, the later one is in force. */
    made_at: isoDateTime.optional(),
    /** The name of the desk where the mark was made, for the history (a paired desk sends its own). */
    desk: z.string().min(1).max(100).optional(),
  },
  { error: 'must be a check-in object' },
);
export type CheckInWrite = z.infer<typeof checkInWrite>;
export const checkInAnswer = z.object({ booking_id: z.number().int(), check_in: checkIn.nullable() });

/**
 * GET /api/desk/bookings/by-id/:id/check-in: the booking's mark for its jump day, as the booking
 * page shows it; `jump_on` null: no jump day, so nothing to check in for.
 */
/** GET /api/desk/check-ins?from=&to=: every mark in force for those jump days (a paired desk's copy takes them in). */
export const checkInsQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { error: 'from must not be after to' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, {
    error: 'at most 32 days at once',
  });
export const checkInsOfDays = z.object({
  check_ins: z.array(checkIn.extend({ booking_id: z.number().int() })),
});
export type CheckInsOfDays = z.infer<typeof checkInsOfDays>;

export const checkInMark = z.object({
  day: isoDate,
  /** Null: the day's mark was cleared. */
  state: z.enum(CHECK_IN_STATES).nullable(),
  recorded_by: z.string().nullable(),
  made_at: isoDateTime,
  /** The desk where it was made: a paired desk's name, or null for the main desk itself. */
  desk: z.string().nullable(),
});
export type CheckInMark = z.infer<typeof checkInMark>;

export const bookingCheckIn = checkInAnswer.extend({
  jump_on: isoDate.nullable(),
  /** Every mark the booking was given, oldest first, from every desk: two desks' marks made apart are both kept. */
  history: z.array(checkInMark),
});
export type BookingCheckIn = z.infer<typeof bookingCheckIn>;

/** GET /api/desk/day-sheet?day=YYYY-MM-DD: every booking of one jump day, for the printed sheet. */
export const daySheetQuery = z.strictObject({ day: isoDate });
export const daySheet = z.object({
  day: isoDate,
  dropzone: z.string(),
  currency: z.string(),
  bookings: z.array(deskBookingRow),
  /** True when the day has more bookings than the sheet holds (DAY_SHEET_MAX, 2,000): the sheet says so. */
  truncated: z.boolean(),
});
export type DaySheet = z.infer<typeof daySheet>;
