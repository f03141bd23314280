import type { OutboxRow } from '../store/repos/outbox';
import { parseFields } from './outbox-fields';

/**
 * Which of a record's open writes can go now (docs/offline.md, "Replay"). A record's writes keep
 * their order field by field: a write that touches a field an earlier write still holds (held for
 * a person, a decision not yet acted on, a wait after the remote failed on it) stays behind it; a
 * write that touches other fields goes on. What concerns the record as a whole (a delete, a create,
 * a deletion at the remote, a refusal, a "create it again" not yet sent) holds every later write:
 * nothing can be sent to a record whose fate is undecided.
 */

type Scope = 'whole' | Set<string>;

interface StoredDecision {
  action: string;
  prior?: { attention: OutboxRow['attention'] };
}

function decisionOf(op: OutboxRow): StoredDecision | null {
  return op.decision === null ? null : (JSON.parse(op.decision) as StoredDecision);
}

/** A decision that settles without a send: keep theirs, discard. */
export function decidedWithoutSend(op: OutboxRow): boolean {
  const action = decisionOf(op)?.action;
  return op.state === 'waiting' && (action === 'keep_theirs' || action === 'discard');
}

/** What a write stands for: some fields of the record, or the record as a whole. */
export function scopeOf(op: OutboxRow): Scope {
  if (op.action === 'delete' || op.before === null) return 'whole';
  if (op.state === 'attention') return op.attention === 'conflict' ? fieldNames(op) : 'whole';
  const prior = decisionOf(op)?.prior?.attention;
  if (prior === 'deleted' || prior === 'refused') return 'whole';
  return fieldNames(op);
}

function fieldNames(op: OutboxRow): Set<string> {
  return new Set(Object.keys(parseFields(op.after) ?? {}));
}

const isDue = (op: OutboxRow, nowIso: string) =>
  op.state === 'waiting' && (op.next_attempt_at === null || op.next_attempt_at <= nowIso);

export interface LaneTurn {
  /** The writes that go this round, oldest first: upserts, or one delete alone. */
  go: OutboxRow[];
  /** Due writes that stay behind an earlier one: each with the write it waits for. */
  behind: { op: OutboxRow; heldBy: OutboxRow }[];
}

/** A record's open writes (oldest first): which go now, and which wait behind which. */
export function laneTurn(open: readonly OutboxRow[], nowIso: string): LaneTurn {
  const turn: LaneTurn = { go: [], behind: [] };
  const holders = new Map<string, OutboxRow>();
  let wholeHolder: OutboxRow | null = null;
  for (const op of open) {
    const scope = scopeOf(op);
    const clash =
      wholeHolder ??
      (scope === 'whole'
        ? (holders.values().next().value ?? null)
        : ([...scope].map((name) => holders.get(name)).find(Boolean) ?? null));
    if (isDue(op, nowIso) && !decidedWithoutSend(op) && clash === null) {
      if (op.action === 'delete') {
        // A delete goes alone, once the writes before it have landed.
        if (turn.go.length === 0) turn.go.push(op);
        break;
      }
      turn.go.push(op);
      continue;
    }
    if (clash !== null && isDue(op, nowIso)) turn.behind.push({ op, heldBy: clash });
    // Not going now: what it stands for holds every later write that touches it.
    if (scope === 'whole') {
      wholeHolder ??= op;
      if (turn.go.length > 0) break;
    } else for (const name of scope) if (!holders.has(name)) holders.set(name, op);
  }
  return turn;
}
