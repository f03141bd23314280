/** How much one import may hold, and how the desk cuts it into batches. */

/** Rows per batch the desk sends (to its own store or to the remote): one transaction, one progress step. */
export const IMPORT_CHUNK_SIZE = 500;

export const IMPORT_LIMITS = {
  /** Rows one import may hold: the 50,000-row file the desk is built for, with headroom. */
  maxRows: 200_000,
  /**
   * The hand-over (every row of an import in one call, records and cells): a 50,000-row file of
   * seven columns is about 20 MB, so 200,000 rows fit, wide ones too. The rest of the desk API
   * keeps the server's usual limit.
   */
  handOverBodyBytes: 256 * 1024 * 1024,
  /** External ids in one stored-jump-dates look-up (a file's worth). */
  maxLookups: 200_000,
  maxColumns: 200,
  maxCellLength: 10_000,
  maxFileNameLength: 255,
  rowsPerPageDefault: 1_000,
  rowsPerPageMax: 10_000,
} as const;
