import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OutboxField, OutboxOpView, OutboxSummary } from '../../shared/schemas/outbox';
import { outboxDecisionInput } from '../../shared/schemas/outbox';
import { queuedOpOf } from '../../renderer/src/api/client';
import { outboxStatusWords } from '../../renderer/src/lib/outbox-status-words';
import {
  actionWords,
  attentionWords,
  expiryWords,
  relativeWords,
  valueWords,
} from '../../renderer/src/lib/outbox-write-words';
import {
  choiceProblems,
  choicesOfDecision,
  editAll,
  fieldsDecision,
  initialChoices,
  parseEdit,
} from '../../renderer/src/features/sync/field-choices';

// 13:05 UTC is 14:05 in Amsterdam (winter time).
const ZONE = 'Europe/Amsterdam';
const NOW = new Date('2026-11-27T13:10:00.000Z');

function summary(patch: Partial<OutboxSummary>): OutboxSummary {
  return {
    waiting: 0,
    attention: 0,
    sending: null,
    paused: null,
    synced_at: null,
    expiring: 0,
    capacity: 10_000,
    ...patch,
  };
}

function field(patch: Partial<OutboxField> & { name: string }): OutboxField {
  return { queued: 'a@old.example', desk: 'a@desk.example', remote: 'a@old.example', conflict: false, ...patch };
}

function op(patch: Partial<OutboxOpView>): OutboxOpView {
  return {
    id: 7,
    record: { kind: 'booking', key: 'B-17', label: 'Ann Lee', copy_id: 41 },
    action: 'upsert',
    source: 'desk',
    queued_at: '2026-11-27T13:02:00.000Z',
    state: 'attention',
    attention: 'conflict',
    predicted: 'ok',
    attempts: 1,
    last_attempt_at: null,
    next_attempt_at: null,
    last_error: null,
    remote_status: null,
    remote_error: null,
    fields: [],
    landed: [],
    decision: null,
    expires_on: null,
    settled_at: null,
    outcome: null,
    ...patch,
  };
}

describe('the status bar’s outbox words', () => {
  test('writes waiting, counted by the outbox, one or many', () => {
    assert.deepEqual(outboxStatusWords(summary({ waiting: 1 }), ZONE, NOW).progress, {
      kind: 'waiting',
      text: '1 write waiting',
    });
    assert.equal(outboxStatusWords(summary({ waiting: 1340 }), ZONE, NOW).progress?.text, '1,340 writes waiting');
  });

  test('a replay under way says how far it is, before the waiting count', () => {
    const words = outboxStatusWords(summary({ waiting: 328, sending: { done: 12, total: 340 } }), ZONE, NOW);
    assert.deepEqual(words.progress, { kind: 'sending', text: 'Sending 12 / 340' });
    // Writes made meanwhile join the count: never "Sending 0 / 1" with three waiting.
    const joined = outboxStatusWords(summary({ waiting: 3, sending: { done: 0, total: 1 } }), ZONE, NOW);
    assert.equal(joined.progress?.text, 'Sending 0 / 3');
  });

  test('while the remote does not answer, a replay that keeps failing is writes waiting, not sending', () => {
    const words = outboxStatusWords(summary({ waiting: 3, sending: { done: 0, total: 1 } }), ZONE, NOW, false);
    assert.deepEqual(words.progress, { kind: 'waiting', text: '3 writes waiting' });
  });

  test('writes held for a person: a count of their own, beside the progress', () => {
    const words = outboxStatusWords(summary({ waiting: 3, attention: 2 }), ZONE, NOW);
    assert.equal(words.attention, '2 need attention');
    assert.equal(words.progress?.text, '3 writes waiting');
  });

  test('empty again: synced at the dropzone’s time; not while something still needs a person', () => {
    assert.deepEqual(outboxStatusWords(summary({ synced_at: '2026-11-27T13:05:00.000Z' }), ZONE, NOW).progress, {
      kind: 'synced',
      text: 'Synced 14:05',
    });
    const held = outboxStatusWords(summary({ attention: 1, synced_at: '2026-11-27T13:05:00.000Z' }), ZONE, NOW);
    assert.equal(held.progress, null);
    assert.equal(held.attention, '1 need attention');
  });

  test('refused credentials hold every write and are never called offline', () => {
    const words = outboxStatusWords(summary({ waiting: 4, attention: 1, paused: 'credentials' }), ZONE, NOW);
    assert.deepEqual(words.progress, { kind: 'credentials', text: 'Credentials refused: 5 writes held' });
    assert.doesNotMatch(`${words.progress?.text} ${words.tooltip}`, /offline/i);
  });

  test('nothing ever queued: nothing said', () => {
    assert.deepEqual(outboxStatusWords(summary({}), ZONE, NOW), { progress: null, attention: null, tooltip: '' });
  });

  test('writes near the end of the 14-day window are named in the tooltip', () => {
    assert.match(
      outboxStatusWords(summary({ waiting: 2, expiring: 1 }), ZONE, NOW).tooltip,
      /1 write can no longer land/,
    );
  });
});

describe('X-Desk-Queued: an answer the desk queued for the remote', () => {
  const headers = (value?: string) => new Headers(value === undefined ? {} : { 'x-desk-queued': value });
  test('a write’s id, or the first of a batch’s range', () => {
    assert.deepEqual(queuedOpOf(headers('12')), { queuedOp: 12 });
    assert.deepEqual(queuedOpOf(headers('12-15')), { queuedOp: 12 });
  });
  test('a read of a record with writes waiting ("pending"), or no header: no write of its own', () => {
    assert.deepEqual(queuedOpOf(headers('pending')), {});
    assert.deepEqual(queuedOpOf(headers()), {});
  });
});

describe('a write in words', () => {
  test('create, update or delete, by the action and the desk’s prediction', () => {
    assert.equal(actionWords({ action: 'upsert', predicted: 'created' }), 'Create');
    assert.equal(actionWords({ action: 'upsert', predicted: 'ok' }), 'Update');
    assert.equal(actionWords({ action: 'delete', predicted: 'ok' }), 'Delete');
  });

  test('why it is held names the fields, the refusal or the deletion', () => {
    const conflict = op({
      fields: [
        field({ name: 'email', conflict: true }),
        field({ name: 'mobile' }),
        field({ name: 'name', conflict: true }),
      ],
    });
    assert.equal(attentionWords(conflict), 'The remote changed E-mail and Name too');
    const refused = op({ attention: 'refused', remote_status: 422, remote_error: 'email is invalid' });
    assert.equal(attentionWords(refused), 'The remote refused it (HTTP 422): email is invalid');
    assert.equal(attentionWords(op({ attention: 'deleted' })), 'The remote deleted the record this write changes');
  });

  test('times relative to now, past and to come', () => {
    assert.equal(relativeWords('2026-11-27T13:09:58.000Z', NOW), 'just now');
    assert.equal(relativeWords('2026-11-27T13:09:20.000Z', NOW), '40 s ago');
    assert.equal(relativeWords('2026-11-27T13:02:00.000Z', NOW), '8 min ago');
    assert.equal(relativeWords('2026-11-27T13:10:30.000Z', NOW), 'in 30 s');
    assert.equal(relativeWords('2026-11-24T13:10:00.000Z', NOW), '3 days ago');
  });

  test('values: empty and yes/no in words; the window’s end as a date', () => {
    assert.equal(valueWords(null), '(empty)');
    assert.equal(valueWords(''), '(empty)');
    assert.equal(valueWords(true), 'Yes');
    assert.equal(valueWords(undefined), '—');
    assert.match(expiryWords('2026-12-03'), /^Can no longer land after (3 Dec|Dec 3)$/);
  });
});

describe('choices per field → the decision the desk takes', () => {
  const fields = [
    field({ name: 'email', conflict: true, remote: 'a@remote.example' }),
    field({ name: 'mobile', queued: null, desk: '+31 6 1', remote: null }),
    field({ name: 'jump_on', queued: '2026-12-01', desk: '2026-12-02', remote: '2026-12-01', refused: 'is too far' }),
  ];

  test('a conflict waits for a person; a field only the desk changed starts as mine; a refused one as an edit', () => {
    const choices = initialChoices(fields);
    assert.equal(choices.email, undefined);
    assert.deepEqual(choices.mobile, { take: 'mine' });
    assert.deepEqual(choices.jump_on, { take: 'edit', text: '2026-12-02' });
    assert.deepEqual(choiceProblems(fields, choices), { email: 'choose mine, theirs or an edit' });
  });

  test('every field decided: the body names each choice, an edit with its typed value, and passes the contract', () => {
    const choices = { ...initialChoices(fields), email: { take: 'theirs' as const } };
    assert.deepEqual(choiceProblems(fields, choices), {});
    const body = fieldsDecision(fields, { ...choices, jump_on: { take: 'edit', text: '2026-11-30' } }, '  Rita ');
    assert.deepEqual(body, {
      action: 'fields',
      by: 'Rita',
      fields: { email: { take: 'theirs' }, mobile: { take: 'mine' }, jump_on: { take: 'edit', value: '2026-11-30' } },
    });
    assert.equal(outboxDecisionInput.safeParse(body).success, true);
  });

  test('an edit is read as the field’s kind: a number, yes/no, text; an empty box clears it', () => {
    assert.deepEqual(parseEdit(' 12 ', 'number'), { ok: true, value: 12 });
    assert.deepEqual(parseEdit('twelve', 'number'), { ok: false, problem: 'must be a number' });
    assert.deepEqual(parseEdit('No', 'boolean'), { ok: true, value: false });
    assert.deepEqual(parseEdit('maybe', 'boolean'), { ok: false, problem: 'must be yes or no' });
    assert.deepEqual(parseEdit('  ', 'text'), { ok: true, value: null });
    assert.deepEqual(parseEdit('Ann  Lee', 'text'), { ok: true, value: 'Ann  Lee' });
  });

  test('a bad edit, or "theirs" where the remote has nothing, stops Apply my choices', () => {
    const priced = [field({ name: 'price', queued: 10, desk: 12, remote: 11, conflict: true })];
    assert.deepEqual(choiceProblems(priced, { price: { take: 'edit', text: 'x' } }), { price: 'must be a number' });
    const gone = [field({ name: 'email', remote: undefined })];
    assert.deepEqual(choiceProblems(gone, { email: { take: 'theirs' } }), {
      email: 'the remote has no value to keep',
    });
  });

  test('"Edit and send again" makes every field an edit of the desk’s value', () => {
    assert.deepEqual(editAll(fields.slice(1, 2)), { mobile: { take: 'edit', text: '+31 6 1' } });
  });

  test('a decision taken shows as the radios it stands for; a field left out keeps the remote’s value', () => {
    const taken = choicesOfDecision(fields, { action: 'fields', fields: { email: { take: 'edit', value: 'x@y.z' } } });
    assert.deepEqual(taken, {
      email: { take: 'edit', text: 'x@y.z' },
      mobile: { take: 'theirs' },
      jump_on: { take: 'theirs' },
    });
    assert.deepEqual(choicesOfDecision(fields.slice(0, 1), { action: 'keep_mine' }), { email: { take: 'mine' } });
  });
});
