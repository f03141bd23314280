import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changedFields, sameValue } from '../../electron/offline/outbox-fields';
import { combine, mergeForReplay } from '../../electron/offline/outbox-merge';
import { jittered } from '../../electron/offline/outbox-timing';
import { retryAfterMs } from '../../electron/offline/outbox-answers';

// The three-way merge the replay runs before it sends a queued write (base = the copy when
// queued, desk = what the desk wants, remote = the remote now), field by field.

describe('mergeForReplay', () => {
  const base = { name: 'Ann', email: 'ann@example.com', mobile: null };

  test('a field only the desk changed is sent', () => {
    const plan = mergeForReplay({ base, desk: { email: 'new@example.com' } }, { ...base });
    assert.deepEqual(plan, { kind: 'send', fields: { email: 'new@example.com' }, create: false });
  });

  test('a field only the remote changed is kept: it is not among the desk fields, so nothing is sent for it', () => {
    const plan = mergeForReplay({ base, desk: { email: 'new@example.com' } }, { ...base, name: 'Anna (remote)' });
    assert.deepEqual(plan, { kind: 'send', fields: { email: 'new@example.com' }, create: false });
  });

  test('the desk value already at the remote (an answer lost after it landed) sends nothing', () => {
    const plan = mergeForReplay({ base, desk: { email: 'new@example.com' } }, { ...base, email: 'new@example.com' });
    assert.deepEqual(plan, { kind: 'nothing' });
  });

  test('both changed a field to different values: a conflict naming it, with all three values', () => {
    const plan = mergeForReplay(
      { base, desk: { email: 'desk@example.com', mobile: '0611' } },
      { ...base, email: 'remote@example.com' },
    );
    assert.equal(plan.kind, 'conflict');
    if (plan.kind !== 'conflict') return;
    assert.deepEqual(plan.fields, [
      {
        name: 'email',
        base: 'ann@example.com',
        desk: 'desk@example.com',
        remote: 'remote@example.com',
        conflict: true,
      },
      { name: 'mobile', base: null, desk: '0611', remote: null, conflict: false },
    ]);
  });

  test('a record gone from the remote: a create is sent whole, an update is a deletion for a person', () => {
    assert.deepEqual(mergeForReplay({ base: null, desk: { name: 'New' } }, null), {
      kind: 'send',
      fields: { name: 'New' },
      create: true,
    });
    assert.deepEqual(mergeForReplay({ base, desk: { name: 'Edited' } }, null), { kind: 'deleted' });
  });

  test('a create that the remote already holds as sent settles; one it holds otherwise is a conflict', () => {
    assert.deepEqual(mergeForReplay({ base: null, desk: { name: 'New' } }, { name: 'New', email: null }), {
      kind: 'nothing',
    });
    assert.equal(mergeForReplay({ base: null, desk: { name: 'New' } }, { name: 'Other' }).kind, 'conflict');
  });

  test('null, missing and "" say the same (the remote may answer an unset text either way)', () => {
    assert.ok(sameValue(null, ''));
    assert.ok(sameValue(undefined, null));
    assert.ok(!sameValue('a', 'A'));
    assert.ok(!sameValue(false, null));
    assert.deepEqual(mergeForReplay({ base: { mobile: null }, desk: { mobile: '' } }, { mobile: null }), {
      kind: 'nothing',
    });
  });
});

describe('combine', () => {
  test('several writes of a record: each field keeps the base of the first write that changed it and the last value', () => {
    const change = combine([
      { before: { name: 'Ann', email: 'a@x' }, after: { name: 'Anna' } },
      { before: { name: 'Anna', email: 'a@x' }, after: { email: 'b@x' } },
      { before: { name: 'Anna', email: 'b@x' }, after: { name: 'Annie' } },
    ]);
    assert.deepEqual(change, { base: { name: 'Ann', email: 'a@x' }, desk: { name: 'Annie', email: 'b@x' } });
  });

  test('a run that starts with a create stays a create', () => {
    const change = combine([
      { before: null, after: { name: 'New' } },
      { before: { name: 'New' }, after: { email: 'n@x' } },
    ]);
    assert.deepEqual(change, { base: null, desk: { name: 'New', email: 'n@x' } });
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
