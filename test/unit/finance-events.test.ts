import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadSeed } from '../../electron/seed/seed';
import { seedFile } from '../../electron/seed/seed-schema';
import { Store } from '../../electron/store/store';
import { ProductCache, updateBooking, upsertBooking } from '../../electron/sync/bookings';
import type { SyncContext } from '../../electron/sync/context';

const dir = mkdtempSync(join(tmpdir(), 'desk-ledger-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A real store with products that differ in name only, in credits only, or in entitlements. */
function deskWithProducts(): SyncContext {
  const store = Store.open(join(dir, `ledger-${Math.random().toString(36).slice(2)}.sqlite3`));
  loadSeed(
    store,
    seedFile.parse({
      dropzones: [
        {
          key: 'dz',
          name: 'DZ',
          timezone: 'UTC',
          products: [
            { id: 1, name: 'Selfie', booking_system_name: 'Selfie', selfie: true, centi_credits: 100 },
            {
              id: 2,
              name: 'Selfie (summer name)',
              booking_system_name: 'Summer selfie',
              selfie: true,
              centi_credits: 100,
            },
            {
              id: 3,
              name: 'Selfie + 4K',
              booking_system_name: 'Selfie 4K',
              selfie: true,
              has_4k: true,
              centi_credits: 150,
            },
          ],
        },
      ],
    }),
  );
  return { store, dropzone: store.dropzones.all()[0]!, now: () => new Date('2026-06-01T10:00:00Z') };
}

test('a product matched or changed on sync or by a hand edit before delivery is `unspecified` with its entitlements and no credit: nothing reached the customer', () => {
  const ctx = deskWithProducts();
  assert.equal(upsertBooking(ctx, { external_id: 'L-1', camera_package: 'Selfie' }).status, 'created');
  // A booking with a product keeps its package against the sync: the desk's hand edit changes it.
  const handEdit = (camera_package: string) =>
    updateBooking(
      ctx,
      ctx.store.bookings.byExternalId(ctx.dropzone.id, 'L-1')!,
      { camera_package },
      new ProductCache(ctx),
      'record',
      'hand',
    ).status;
  assert.equal(
    upsertBooking(ctx, { external_id: 'L-1', camera_package: 'Summer selfie' }).status,
    'partial_update',
    'the sync cannot change it',
  );
  assert.equal(handEdit('Summer selfie'), 'ok');
  assert.equal(handEdit('Selfie 4K'), 'ok');
  const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, 'L-1')!;
  const ledger = ctx.store.finance.ledger(booking.id);
  assert.deepEqual(
    ledger.map((e) => [e.event_type, e.product_id, e.centi_credit_change, e.centi_total_credits, e.has_4k]),
    [
      ['unspecified', 1, 0, 0, false],
      ['unspecified', 2, 0, 0, false],
      ['unspecified', 3, 0, 0, true],
    ],
  );
  ctx.store.close();
});
