import type { OutboxFieldValue } from '../../shared/schemas/outbox';
import { sameValue, type Fields } from './outbox-fields';

/**
 * The three-way merge of a record's queued writes with the remote's record as it is now (the Sync
 * API has no versions or ETags, so the desk reads before it writes). Per field:
 *
 *   base   = the copy's value when the write was queued (what the desk last knew of the remote),
 *   desk   = the value the desk wants,
 *   remote = the remote's value now.
 *
 *   desk = remote            → nothing to send (it landed already, perhaps with an answer that was lost);
 *   remote = base            → only the desk changed it: send it;
 *   otherwise                → both changed it, to different values: a conflict, for a person.
 *
 * A field only the remote changed is not among the desk's fields at all, so it is kept. A record
 * the desk changed that the remote no longer has was deleted there: a conflict of its own, never
 * re-created by an upsert (which the Sync API would do by external id).
 */

/** One record's writes as they will be sent: the first one's base, the last one's values, per field. */
export interface PendingChange {
  /** null: the desk created the record (the copy had none when the first write was queued). */
  base: Fields | null;
  desk: Fields;
}

export interface MergedField {
  name: string;
  base: OutboxFieldValue;
  desk: OutboxFieldValue;
  remote: OutboxFieldValue | undefined;
  conflict: boolean;
}

export type MergePlan =
  /** The remote holds every value the desk wants. */
  | { kind: 'nothing' }
  /** Send these fields (`create`: the record is not on the remote and the desk made it). */
  | { kind: 'send'; fields: Fields; create: boolean }
  | { kind: 'conflict'; fields: MergedField[] }
  | { kind: 'deleted' };

/** Several queued writes of one record, oldest first, as one change (base of the first write that touched a field). */
export function combine(writes: readonly { before: Fields | null; after: Fields }[]): PendingChange {
  const first = writes[0];
  if (!first) return { base: {}, desk: {} };
  const base: Fields | null = first.before === null ? null : {};
  const desk: Fields = {};
  for (const write of writes) {
    for (const [name, value] of Object.entries(write.after)) {
      if (base !== null && !(name in base) && !(name in desk)) base[name] = write.before?.[name] ?? null;
      desk[name] = value;
    }
  }
  return { base, desk };
}

export function mergeForReplay(change: PendingChange, remote: Fields | null): MergePlan {
  if (remote === null)
    return change.base === null ? { kind: 'send', fields: change.desk, create: true } : { kind: 'deleted' };
  const fields: MergedField[] = [];
  const send: Fields = {};
  let conflicts = 0;
  for (const [name, desk] of Object.entries(change.desk)) {
    const base = change.base === null ? undefined : change.base[name];
    const there = remote[name];
    let conflict = false;
    if (sameValue(desk, there)) {
      // landed already, or both sides made the same change
    } else if (base !== undefined && sameValue(there, base)) {
      send[name] = desk;
    } else {
      conflict = true;
      conflicts += 1;
    }
    fields.push({ name, base: base ?? null, desk, remote: there, conflict });
  }
  if (conflicts > 0) return { kind: 'conflict', fields };
  if (Object.keys(send).length === 0) return { kind: 'nothing' };
  return { kind: 'send', fields: send, create: false };
}
