/** Where an import as a whole stands: what the store keeps, and what the history shows. */

/** What the store keeps: the desk sets these as it runs an import. */
export const IMPORT_STATES = ['running', 'finished', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * What the history shows: a stored `running` import that this desk process is not running (the
 * desk stopped or crashed while sending it) reads as `interrupted` (docs/spec-decisions.md, "An
 * import left running").
 */
export const IMPORT_SHOWN_STATES = [...IMPORT_STATES, 'interrupted'] as const;
export type ImportShownState = (typeof IMPORT_SHOWN_STATES)[number];
