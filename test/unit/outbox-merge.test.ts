import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changedFields, sameValue } from '../../electron/offline/outbox-fields';
import { mergeWrite } from '../../electron/offline/outbox-merge';
import { laneTurn } from '../../electron/offline/outbox-lane';
import type { OutboxRow } from '../../electron/store/repos/outbox';
import { jittered } from '../../electron/offline/outbox-timing';
import { retryAfterMs } from '../../electron/offline/outbox-answers';

// The three-way merge the replay runs before it sends a queued write (base = the copy when
// queued, desk = what the desk wants, remote = the remote now), field by field.

describe('mergeWrite', () => {
  const base = { name: 'Ann', email: 'ann@example.com', mobile: null };

  test('a field only the desk changed is sent', () => {
    assert.deepEqual(mergeWrite(base, { email: 'new@example.com' }, { ...base }), {
      send: { email: 'new@example.com' },
      there: {},
      held: [],
    });
  });

  test('a field only the remote changed is kept: it is not among the desk fields, so nothing is sent for it', () => {
    const merge = mergeWrite(base, { email: 'new@example.com' }, { ...base, name: 'Anna (remote)' });
    assert.deepEqual(merge.send, { email: 'new@example.com' });
    assert.deepEqual(merge.held, []);
  });

  test('the desk value already at the remote (an answer lost after it landed) sends nothing', () => {
    assert.deepEqual(mergeWrite(base, { email: 'new@example.com' }, { ...base, email: 'new@example.com' }), {
      send: {},
      there: { email: 'new@example.com' },
      held: [],
    });
  });

  test('both changed a field: that field alone is held, with all three values; the others are sent', () => {
    const merge = mergeWrite(
      { ...base, reference: 'R-1' },
      { name: 'Ann Desk', reference: 'R-2' },
      { ...base, reference: 'R-1', name: 'Ann Remote' },
    );
    assert.deepEqual(merge.send, { reference: 'R-2' });
    assert.deepEqual(merge.held, [
      { name: 'name', base: 'Ann', desk: 'Ann Desk', remote: 'Ann Remote', conflict: true },
    ]);
  });

  test('a record the desk made that the remote holds: the same values settle, others conflict', () => {
    assert.deepEqual(mergeWrite(null, { name: 'New' }, { name: 'New', email: null }).held, []);
    assert.equal(mergeWrite(null, { name: 'New' }, { name: 'Other' }).held.length, 1);
  });

  test('null, missing and "" say the same (the remote may answer an unset text either way)', () => {
    assert.ok(sameValue(null, ''));
    assert.ok(sameValue(undefined, null));
    assert.ok(!sameValue('a', 'A'));
    assert.ok(!sameValue(false, null));
    assert.deepEqual(mergeWrite({ mobile: null }, { mobile: '' }, { mobile: null }).send, {});
  });
});

describe('laneTurn', () => {
  const NOW = '2026-11-27T12:00:00.000Z';
  let next = 0;
  const row = (patch: Omit<Partial<OutboxRow>, 'after'> & { after: Record<string, unknown> }): OutboxRow => ({
    id: ++next,
    lane: 'booking:HQ-1',
    record_kind: 'booking',
    record_key: 'HQ-1',
    action: 'upsert',
    label: null,
    jump_on: null,
    source: 'a booking system',
    predicted: 'ok',
    before: JSON.stringify(Object.fromEntries(Object.keys(patch.after).map((k) => [k, 'old']))),
    queued_at: NOW,
    state: 'waiting',
    attention: null,
    attempts: 0,
    last_attempt_at: null,
    next_attempt_at: null,
    last_error: null,
    in_flight_at: null,
    remote: null,
    remote_status: null,
    remote_error: null,
    decision: null,
    settled_at: null,
    outcome: null,
    ...patch,
    after: JSON.stringify(patch.after),
  });

  test('writes that touch a field held for a person stay behind it; writes of other fields go on', () => {
    const held = row({ after: { name: 'Desk' }, state: 'attention', attention: 'conflict' });
    const sameField = row({ after: { name: 'Later', email: 'e@x' } });
    const afterIt = row({ after: { email: 'f@x' } });
    const other = row({ after: { reference: 'R-3' } });
    const turn = laneTurn([held, sameField, afterIt, other], NOW);
    assert.deepEqual(
      turn.go.map((op) => op.id),
      [other.id],
    );
    assert.deepEqual(
      turn.behind.map((b) => [b.op.id, b.heldBy.id]),
      [
        [sameField.id, held.id],
        [afterIt.id, sameField.id],
      ],
    );
  });

  test('a deletion at the remote, a refusal, a delete and a create not yet sent hold the whole record', () => {
    for (const holder of [
      row({ after: { name: 'x' }, state: 'attention', attention: 'deleted' }),
      row({ after: { name: 'x' }, state: 'attention', attention: 'refused' }),
      row({ after: {}, action: 'delete', next_attempt_at: '2026-11-27T13:00:00.000Z' }),
      row({ after: { name: 'x' }, before: null, next_attempt_at: '2026-11-27T13:00:00.000Z' }),
    ]) {
      const later = row({ after: { reference: 'R-9' } });
      assert.deepEqual(laneTurn([holder, later], NOW).go, [], `behind ${holder.attention ?? holder.action}`);
    }
  });

  test('a delete goes alone, once the writes before it have gone', () => {
    const first = row({ after: { name: 'x' } });
    const gone = row({ after: {}, action: 'delete' });
    assert.deepEqual(
      laneTurn([first, gone], NOW).go.map((op) => op.id),
      [first.id],
    );
    assert.deepEqual(
      laneTurn([gone, row({ after: { name: 'y' } })], NOW).go.map((op) => op.id),
      [gone.id],
    );
  });
});

describe('changedFields', () => {
  test('an update: only the fields whose value changed; a create: every field with a value', () => {
    const before = { name: 'Ann', email: 'a@x', mobile: null };
    assert.deepEqual(changedFields('booking', before as never, { ...before, email: 'b@x' } as never), {
      email: 'b@x',
    });
    assert.deepEqual(changedFields('booking', null, { name: 'New', email: null, show_publicly: false } as never), {
      name: 'New',
      show_publicly: false,
    });
  });
});

describe('waits', () => {
  test('jitter stays between half and all of the wait', () => {
    assert.equal(
      jittered(1000, () => 0),
      500,
    );
    assert.equal(
      jittered(1000, () => 1),
      1000,
    );
  });

  test('Retry-After in seconds or as an HTTP date; nonsense is no wait', () => {
    const now = new Date('2026-06-15T10:00:00Z');
    assert.equal(retryAfterMs('30', now), 30_000);
    assert.equal(retryAfterMs('Mon, 15 Jun 2026 10:01:00 GMT', now), 60_000);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs(undefined, now), undefined);
  });
});
