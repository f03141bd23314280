/** Limits the spec fixes (section 8) and the ones it leaves open, decided in docs/spec-decisions.md. */
export const LIMITS = {
  perPageDefault: 200,
  perPageMax: 200,
  /** jump_on may be at most this many days before today (in the dropzone's time zone). */
  maxBookingAgeDays: 14,
  /** A booking delivered for a jump more than this many days ago keeps its external_id forever. */
  externalIdReuseDays: 60,
  /** Request bodies: a 10,000-booking batch is about 3 MB, so this leaves ample headroom. */
  bodyLimitBytes: 32 * 1024 * 1024,
  /** Elements in one batch request. */
  batchMaxElements: 10_000,
  /** Longest accepted external_id, and longest ordinary text field. */
  externalIdMaxLength: 255,
  textMaxLength: 1_000,
  referenceMaxLength: 10_000,
} as const;

/** Proxy mode: how long the desk waits for the remote Sync API server (docs/spec-decisions.md). */
export const CONNECTION_LIMITS = {
  requestTimeoutMsDefault: 30_000,
  requestTimeoutMsMin: 100,
  requestTimeoutMsMax: 600_000,
  connectTimeoutMsDefault: 5_000,
  connectTimeoutMsMin: 100,
  connectTimeoutMsMax: 60_000,
} as const;
