import type { DeskChangeKind } from '../../../shared/schemas/desk-changes';
import type { ChangedRecords, DeskChanges } from '../../common/desk-changes';
import type { SyncResult } from '../../sync/context';

const SUCCESS = new Set(['created', 'ok', 'partial_update']);

function addRecord(element: unknown, records: { ids: number[]; externalIds: string[] }): void {
  if (typeof element !== 'object' || element === null) return;
  const { id, external_id: externalId, status } = element as Record<string, unknown>;
  if (typeof status === 'string' && !SUCCESS.has(status)) return;
  if (typeof id === 'number') records.ids.push(id);
  if (typeof externalId === 'string') records.externalIds.push(externalId);
}

/**
 * The records a Sync API write went through for: a record's answer (`id`, `external_id`), each
 * stored element of a batch (a refused one changed nothing), or the external id a delete named.
 */
export function syncResultRecords(result: SyncResult, deletedExternalId?: string): ChangedRecords | null {
  if (!SUCCESS.has(result.status)) return null;
  const records = { ids: [] as number[], externalIds: [] as string[] };
  const body = result.body;
  if (body === null) {
    if (deletedExternalId !== undefined) records.externalIds.push(deletedExternalId);
  } else if (!Array.isArray(body) && Array.isArray(body.results)) {
    for (const element of body.results) addRecord(element, records);
  } else {
    addRecord(body, records);
  }
  return records.ids.length + records.externalIds.length > 0 ? records : null;
}

/** Tells the bus what a Sync API write changed, once its commit is done. */
export function noteSyncWrite(
  changes: DeskChanges | null | undefined,
  dropzoneId: number,
  kind: DeskChangeKind,
  result: SyncResult,
  deletedExternalId?: string,
): SyncResult {
  const records = syncResultRecords(result, deletedExternalId);
  if (records) changes?.emit(dropzoneId, kind, records);
  return result;
}
