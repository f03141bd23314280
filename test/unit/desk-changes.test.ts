import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deskRoutes } from '../../shared/api/desk-routes';
import { CHANGE_ID_CAP, type DeskChange } from '../../shared/schemas/desk-changes';
import { DeskChanges } from '../../electron/common/desk-changes';
import { ROUTE_CHANGES } from '../../electron/server/changes/route-changes';

function listen(bus: DeskChanges) {
  const heard: { dropzoneId: number; changes: readonly DeskChange[] }[] = [];
  bus.subscribe((dropzoneId, changes) => heard.push({ dropzoneId, changes }));
  return heard;
}

describe('the change bus', () => {
  test('a burst is one event per dropzone, each kind once, its ids together and each once', () => {
    const bus = new DeskChanges(60_000);
    const heard = listen(bus);
    bus.emit(1, 'bookings', { ids: [1], externalIds: ['A'] });
    bus.emit(1, 'bookings', { ids: [2, 1], externalIds: ['B'] });
    bus.emit(1, 'check_ins', { ids: [2] });
    bus.emit(2, 'filmers', { externalIds: ['F'] });
    assert.deepEqual(heard, [], 'nothing before the window ends');
    bus.flush();
    assert.deepEqual(heard, [
      {
        dropzoneId: 1,
        changes: [
          { kind: 'bookings', ids: [1, 2], external_ids: ['A', 'B'], many: false },
          { kind: 'check_ins', ids: [2], external_ids: [], many: false },
        ],
      },
      { dropzoneId: 2, changes: [{ kind: 'filmers', ids: [], external_ids: ['F'], many: false }] },
    ]);
    bus.flush();
    assert.equal(heard.length, 2, 'a window with nothing in it sends nothing');
  });

  test('10,000 writes in a burst: one event that says "many" and lists no id', () => {
    const bus = new DeskChanges(60_000);
    const heard = listen(bus);
    for (let i = 0; i < 10_000; i++) bus.emit(1, 'bookings', { ids: [i], externalIds: [`X-${i}`] });
    bus.flush();
    assert.deepEqual(heard, [
      { dropzoneId: 1, changes: [{ kind: 'bookings', ids: [], external_ids: [], many: true }] },
    ]);
  });

  test('up to the cap the ids are listed', () => {
    const bus = new DeskChanges(60_000);
    const heard = listen(bus);
    bus.emit(1, 'bookings', { ids: Array.from({ length: CHANGE_ID_CAP }, (_, i) => i) });
    bus.flush();
    assert.equal(heard[0]!.changes[0]!.ids.length, CHANGE_ID_CAP);
    assert.equal(heard[0]!.changes[0]!.many, false);
  });

  test('the window sends by itself', async () => {
    const bus = new DeskChanges(10);
    const heard = listen(bus);
    const sent = new Promise<void>((resolve) => bus.subscribe(() => resolve()));
    bus.emit(1, 'imports', { ids: [7] });
    // The bus's timer never holds the desk open (unref'd): this one keeps the test's event loop alive meanwhile.
    const alive = setTimeout(() => undefined, 5_000);
    await sent;
    clearTimeout(alive);
    assert.deepEqual(heard[0]!.changes, [{ kind: 'imports', ids: [7], external_ids: [], many: false }]);
  });
});

/** Writing routes that change nothing a window shows from its lists and pages. */
const CHANGE_NOTHING_SHOWN = new Set<string>([
  'setAdminPassphrase',
  'unlockAdmin',
  'lockAdmin',
  'testConnection',
  'previewBookingAction',
  'checkJump',
  'putListen',
  'putImportMapping',
  'storedJumpDates',
  'createApiToken',
  'revokeApiToken',
  // Settings → Desks: its own mutations refetch it, and it looks again every 15 s (a desk pairing from the LAN).
  'pair',
  'putLan',
  'newPairingCode',
  'revokeDesk',
  // The first-run question: its panel refetches the session itself, and a join restarts the desk.
  'firstRun',
  'previewRematch',
]);

test('every desk route that writes says what it changes, or is known to change nothing shown', () => {
  const unaccounted = Object.entries(deskRoutes)
    .filter(([, route]) => route.method !== 'GET')
    .filter(([name, route]) => !ROUTE_CHANGES.has(route) && !CHANGE_NOTHING_SHOWN.has(name))
    .map(([name]) => name);
  assert.deepEqual(unaccounted, []);
});
