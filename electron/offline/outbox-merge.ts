import type { OutboxFieldValue } from '../../shared/schemas/outbox';
import { sameValue, type Fields } from './outbox-fields';

/**
 * The three-way merge of one queued write with the remote's record as it is now (the Sync API has
 * no versions or ETags, so the desk reads before it writes). Per field:
 *
 *   base   = the copy's value when the write was queued (what the desk last knew of the remote),
 *   desk   = the value the desk wants,
 *   remote = the remote's value now (with the record's earlier writes of this round applied).
 *
 *   desk = remote            → nothing to send (it landed already, perhaps with an answer that was lost);
 *   remote = base            → only the desk changed it: send it;
 *   otherwise                → both changed it, to different values: held for a person.
 *
 * A field only the remote changed is not among the desk's fields at all, so it is kept. Each write
 * is merged on its own, in its record's order: a write's fields that conflict are held, the others
 * go, and an earlier write that landed is not undone by a later one that conflicts.
 */

export interface MergedField {
  name: string;
  base: OutboxFieldValue;
  desk: OutboxFieldValue;
  remote: OutboxFieldValue | undefined;
  conflict: boolean;
}

export interface WriteMerge {
  /** Fields only the desk changed: sent. */
  send: Fields;
  /** Fields the remote already holds as the desk wants them. */
  there: Fields;
  /** Fields both sides changed, to different values: held for a person. */
  held: MergedField[];
}

/**
 * One write merged with the remote's record. `base` null: the desk made the record (the copy had
 * none when the write was queued), so any field the remote holds otherwise is a conflict.
 */
export function mergeWrite(base: Fields | null, desk: Fields, remote: Fields): WriteMerge {
  const merge: WriteMerge = { send: {}, there: {}, held: [] };
  for (const [name, value] of Object.entries(desk)) {
    const was = base === null ? undefined : base[name];
    const there = remote[name];
    if (sameValue(value, there)) merge.there[name] = value;
    else if (was !== undefined && sameValue(there, was)) merge.send[name] = value;
    else merge.held.push({ name, base: was ?? null, desk: value, remote: there, conflict: true });
  }
  return merge;
}

/** The remote's record once these fields have landed on it. */
export function withLanded(remote: Fields, landed: Fields): Fields {
  return { ...remote, ...landed };
}
