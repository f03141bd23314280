/** The screens and their hash routes (hash routing: the server serves one static page). */
export const ROUTES = {
  bookings: '/bookings',
  booking: (externalId: string) => `/bookings/${encodeURIComponent(externalId)}`,
  /** A booking by the desk's id: a walk-in (made at the desk) has no external id. */
  bookingById: (id: number) => `/bookings/id/${id}`,
  filmers: '/filmers',
  /** The Filmers screen with one filmer's jumps open beside it. */
  filmer: (id: number) => `/filmers/${id}`,
  catalogue: '/catalogue',
  settings: '/settings',
  /** The API's reference (the OpenAPI document, with "try it"): linked from Settings, beside the booking systems. */
  apiReference: '/settings/api-reference',
  log: '/log',
  /** The Log screen showing only calls whose response deviated from the spec. */
  logDeviations: '/log/deviations',
  importBookings: '/import/bookings',
  importFilmers: '/import/filmers',
  imports: '/imports',
  importDetail: (id: number) => `/imports/${id}`,
  /** The Sync screen (proxy mode's outbox): writes waiting, the ones that need a person, the settled. */
  sync: '/sync',
  syncAttention: '/sync/attention',
  syncSettled: '/sync/settled',
  /** One write of the outbox, with its fields side by side and the choices for it. */
  syncWrite: (id: number) => `/sync/writes/${id}`,
  /** The printable day sheet (opened from Bookings; not in the navigation). */
  daySheet: (day: string) => `/day-sheet/${day}`,
} as const;
