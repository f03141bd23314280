/**
 * What the spec leaves "not shown" and the desk decided, where it shapes an answer a caller sees
 * (docs/spec-decisions.md has each decision with its reason). Keyed by operation id; a note for an
 * operation no table holds fails the document's test.
 */
export const SPEC_NOTES: Readonly<Record<string, string>> = {
  listBookings:
    'Only bookings with an `external_id`, unless `include_all=true`. `per_page` defaults to 200 and is at most 200. A parameter that is not a whole number or a date `YYYY-MM-DD` where one is expected is `422` naming it in `fields`.',
  getBooking:
    'An unknown booking (or one of another dropzone): `404 {"external_id", "error": "booking not found", "status": "not_found"}`.',
  saveBooking:
    'Create and update are one operation: an unknown `external_id` creates (`201`, `status: created`), a known one updates (`200`, `status: ok`; `partial_update` with a `warning` when locked fields were ignored). `requires external id` and every other validation failure is `422` with `fields`; an unknown or read-only field (`id`, `uuid`…) is `422` naming it; `booking is too old` (a jump more than 14 days ago) is `406`; the 60-day reuse window is `409 {"id", "external_id", "error", "status": "conflict"}`.',
  saveBookings:
    'Every element is created or updated on its own (spec 4.5) and answered in `results`, in order, each with its own `status` (and `error`/`warning`): the HTTP status is `200` whatever the elements say. A body without a `bookings` array is `422`; over 10,000 elements, `413`.',
  deleteBooking: 'Deleted: `204`. An unknown booking: `404` as for a read.',
  listFilmers: 'Only filmers with an `external_id`, unless `include_all=true`.',
  getFilmer:
    'An unknown id (or one that is no number): `404 {"id", "error": "filmer not found", "status": "not_found"}`.',
  saveFilmer:
    "Without `id` a create (`201`); with one an update (`200`), or `404 filmer not found` (nothing is created). Validation failures are `422` with `errors` in the spec's wording (`Email is invalid`) and `fields`.",
  saveFilmers:
    'Each element answered in `results` (`created`, `ok`, `not_found`, `unprocessable_content` with `errors`); `200` whatever the elements say. A body without a `filmers` array is `422`.',
  deleteFilmer:
    'A filmer with jumps is refused: `422 {"id", "errors": ["Cannot delete record because dependent jumps exist"], "status": "unprocessable_content"}`.',
  listProducts:
    'Read-only: a write to `/products` is `405` with `Allow: GET, HEAD` (products are configured in the admin interface).',
  getProduct: 'An unknown id: `404 {"id", "error": "product not found", "status": "not_found"}`.',
  listUpgrades: 'Read-only, as products.',
  getUpgrade: 'An unknown id: `404 {"id", "error": "upgrade not found", "status": "not_found"}`.',
  recordUpgradePayment:
    'Open to a Sync API token of the dropzone too (a payment relay records online payments with it). The same payment sent again answers `200` with what it recorded the first time.',
  openApiDocument:
    "This document, for this desk in its present mode: in proxy mode the Sync API's answers are the remote's as the desk forwards them, with the desk's own answers when the remote does not give one.",
};
