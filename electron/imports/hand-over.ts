import type {
  ImportKeptBackRow,
  ImportResend,
  ImportSendRow,
  ImportStart,
} from '../../shared/schemas/imports/hand-over';
import type { DeskConnection } from '../proxy/connection';
import type { ImportFacts, ImportRecord } from '../store/repos/imports';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import type { ImportRunner } from './import-runner';

/** What taking over an import needs from the desk. */
export interface ImportDesk {
  store: Store;
  runner: ImportRunner;
  connection: DeskConnection;
  /** The dropzone the remote credentials belong to (proxy mode sends for it alone). */
  deskDropzone: DropzoneRecord;
  now: () => Date;
}

/** Why a hand-over is refused; nothing was recorded. `field` names the part of the body at fault. */
export type HandOverProblem =
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'busy'; message: string };

export type HandOverResult<P extends HandOverProblem = HandOverProblem> =
  { ok: true; importId: number } | { ok: false; problem: P };

/** A new import cannot be busy: only invalid or forbidden. */
export type StartProblem = Exclude<HandOverProblem, { kind: 'busy' }>;

/** The first row numbered beyond the import's rows, named as the body names it. */
function beyondTotal(
  send: readonly { row_number: number }[],
  keptBack: readonly { row_number: number }[],
  totalRows: number,
): StartProblem | null {
  for (const [list, rows] of [
    ['send', send],
    ['kept_back', keptBack],
  ] as const) {
    const i = rows.findIndex((row) => row.row_number > totalRows);
    if (i >= 0)
      return {
        kind: 'invalid',
        field: `${list}.${i}.row_number`,
        message: `is ${rows[i]!.row_number}, beyond the import's ${totalRows} rows`,
      };
  }
  return null;
}

/** In proxy mode the remote credentials are one dropzone's: an import for another is refused (not a refusal of the mode). */
function otherDropzoneInProxyMode(desk: ImportDesk, dropzone: DropzoneRecord): StartProblem | null {
  if (desk.connection.mode !== 'proxy' || dropzone.id === desk.deskDropzone.id) return null;
  return {
    kind: 'forbidden',
    message: `proxy mode sends imports for dropzone "${desk.deskDropzone.key}" only (the remote credentials are its); this desk session is "${dropzone.key}"`,
  };
}

/**
 * Records the rows (to send: pending; kept back: left out, with the reason) and, once that has
 * committed, starts sending them. Returns as soon as the rows are the desk's: the send goes on
 * whatever becomes of the window that handed them over.
 */
function takeOver(
  desk: ImportDesk,
  dropzone: DropzoneRecord,
  target: ImportFacts | ImportRecord,
  send: readonly ImportSendRow[],
  keptBack: readonly ImportKeptBackRow[],
): number {
  const at = desk.now().toISOString();
  const id = desk.store.transaction(() => {
    const id = 'id' in target ? target.id : desk.store.imports.create(dropzone.id, target, at);
    desk.store.imports.handOver(id, send, keptBack, at);
    return id;
  });
  void desk.runner.start(
    { importId: id, dropzone, kind: target.kind },
    send.map((row) => ({ row_number: row.row_number, record: row.record })),
  );
  return id;
}

/** POST /imports: a new import, its rows handed over once. */
export function startImport(
  desk: ImportDesk,
  dropzone: DropzoneRecord,
  input: ImportStart,
): HandOverResult<StartProblem> {
  const { send, kept_back: keptBack = [], ...facts } = input;
  const problem = beyondTotal(send, keptBack, facts.total_rows) ?? otherDropzoneInProxyMode(desk, dropzone);
  if (problem) return { ok: false, problem };
  return { ok: true, importId: takeOver(desk, dropzone, facts, send, keptBack) };
}

/** POST /imports/:id/send: more rows of a stored import ("Retry failed rows"), while it is not being sent. */
export function resendImport(
  desk: ImportDesk,
  dropzone: DropzoneRecord,
  record: ImportRecord,
  input: ImportResend,
): HandOverResult {
  const { send, kept_back: keptBack = [] } = input;
  if (desk.runner.isRunning(record.id))
    return {
      ok: false,
      problem: { kind: 'busy', message: `import ${record.id} is being sent now: wait for it to end, or cancel it` },
    };
  const problem = beyondTotal(send, keptBack, record.total_rows) ?? otherDropzoneInProxyMode(desk, dropzone);
  if (problem) return { ok: false, problem };
  return { ok: true, importId: takeOver(desk, dropzone, record, send, keptBack) };
}
