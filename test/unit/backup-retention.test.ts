import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backupName, backupsToPrune } from '../../electron/store/backups';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const at = (iso: string) => ({ name: backupName(new Date(iso)), created_at: new Date(iso).toISOString() });
const newestFirst = (list: ReturnType<typeof at>[]) => [...list].sort((a, b) => b.name.localeCompare(a.name));

test('a backup name sorts by time and carries it', () => {
  assert.equal(backupName(new Date('2026-11-23T09:05:07.042Z')), 'desk-2026-11-23T090507042Z.sqlite3');
  assert.ok(backupName(new Date('2026-11-23T10:00:00Z')) > backupName(new Date('2026-11-23T09:59:59.999Z')));
});

test('the newest five are kept, and the newest of each of the last fourteen days', () => {
  const hourly = Array.from({ length: 30 }, (_, h) => at(new Date(NOW.getTime() - h * 3_600_000).toISOString()));
  const pruned = new Set(backupsToPrune(newestFirst(hourly), NOW));
  const kept = hourly.filter((b) => !pruned.has(b.name)).map((b) => b.created_at);
  // The newest five (12:00 back to 08:00 on the 23rd) and the newest of the 22nd (23:00): not 07:00 to 22:00 of the 22nd.
  assert.deepEqual(kept.sort(), [
    '2026-11-22T23:00:00.000Z',
    '2026-11-23T08:00:00.000Z',
    '2026-11-23T09:00:00.000Z',
    '2026-11-23T10:00:00.000Z',
    '2026-11-23T11:00:00.000Z',
    '2026-11-23T12:00:00.000Z',
  ]);
});

test('a burst of restarts cannot push the last good day out', () => {
  const lastWeek = at('2026-11-17T18:00:00.000Z');
  const burst = Array.from({ length: 50 }, (_, i) => at(new Date(NOW.getTime() - i * 1000).toISOString()));
  const pruned = backupsToPrune(newestFirst([...burst, lastWeek]), NOW);
  assert.ok(!pruned.includes(lastWeek.name));
  assert.equal(pruned.length, 45);
});

test('a day older than the window goes, unless it is among the newest five', () => {
  const old = [at('2026-10-01T10:00:00.000Z'), at('2026-10-02T10:00:00.000Z')];
  assert.deepEqual(backupsToPrune(newestFirst(old), NOW), []);
  const recent = Array.from({ length: 5 }, (_, i) => at(new Date(NOW.getTime() - i * 86_400_000).toISOString()));
  assert.deepEqual(backupsToPrune(newestFirst([...recent, ...old]), NOW).sort(), old.map((b) => b.name).sort());
});
