import type { RowOutcome } from '../../shared/rules/import-outcomes';
import type { ImportKind } from '../../shared/schemas/imports/kinds';
import type { DropzoneRecord } from '../store/records';

/** A row the desk is to send: its number in the file (its identity in the history) and its record. */
export interface SendItem {
  row_number: number;
  record: Record<string, unknown>;
}

/** Which import a batch belongs to. */
export interface ImportJobFacts {
  importId: number;
  dropzone: DropzoneRecord;
  kind: ImportKind;
}

/**
 * What became of one batch: every row's outcome, recorded in the history by the sender; or no
 * answer at all (nothing recorded: the rows stay pending), with the cause.
 */
export type BatchAnswer = { ok: true; outcomes: RowOutcome[] } | { ok: false; error: string };

/** Sends one batch of an import and records its rows' outcomes. */
export type BatchSender = (job: ImportJobFacts, batch: readonly SendItem[]) => Promise<BatchAnswer>;
