import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deskChangeEvents, type DeskChange } from '../../shared/schemas/desk-changes';
import { startTestDesk, type TestDesk } from '../support/desk';
import { importAndWait, watchEvents, type EventWatch, type ServerEvent } from '../support/import-events';
import { OTHER_DZ_TOKEN } from '../support/seed';

const CHANGES = '/api/desk/changes';

/** Every change of `kind` the watch has seen, in order. */
const changesOf = (watch: EventWatch, kind: string): DeskChange[] =>
  watch.events
    .filter((e) => e.event === 'changes')
    .flatMap((e) => deskChangeEvents.changes.parse(e.data).changes)
    .filter((change) => change.kind === kind);

const hasChange =
  (kind: string, match: (change: DeskChange) => boolean) =>
  (event: ServerEvent): boolean =>
    event.event === 'changes' &&
    deskChangeEvents.changes.parse(event.data).changes.some((c) => c.kind === kind && match(c));

describe('the change stream (GET /api/desk/changes)', () => {
  let desk: TestDesk;
  let watch: EventWatch;
  before(async () => {
    desk = await startTestDesk();
    watch = await watchEvents(desk, CHANGES);
    await watch.next((e) => e.event === 'ready');
  });
  after(async () => {
    watch.close();
    await desk.dispose();
  });

  test("the desk's own session only; the stream is counted while open", async () => {
    assert.equal((await desk.request(CHANGES)).status, 401);
    const bookingSystem = await watchEvents(desk, CHANGES, OTHER_DZ_TOKEN);
    assert.equal(bookingSystem.status, 403);
    assert.match(watch.contentType ?? '', /^text\/event-stream/);
    assert.equal((await desk.desk('GET', '/changes/status')).body.open_streams, 1);
    const second = await watchEvents(desk, CHANGES);
    await second.next((e) => e.event === 'ready');
    assert.equal((await desk.desk('GET', '/changes/status')).body.open_streams, 2);
    second.close();
    // The server hears the close a moment later: wait for the count itself.
    while ((await desk.desk('GET', '/changes/status')).body.open_streams !== 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });

  test('a Sync API booking upsert names the booking by both ids, and carries none of its contents', async () => {
    const saved = await desk.sync('POST', '/bookings', {
      external_id: 'LIVE-1',
      name: 'Secret Person',
      email: 'x@y.z',
    });
    assert.equal(saved.status, 201, saved.text);
    const event = await watch.next(hasChange('bookings', (c) => c.external_ids.includes('LIVE-1')));
    const change = deskChangeEvents.changes.parse(event.data).changes.find((c) => c.kind === 'bookings')!;
    assert.deepEqual(change, { kind: 'bookings', ids: [saved.body.id], external_ids: ['LIVE-1'], many: false });
    assert.doesNotMatch(JSON.stringify(watch.events), /Secret Person|x@y\.z/);
  });

  test('a batch is one event naming each stored element; a refused element is not named', async () => {
    const before = watch.events.length;
    const batch = await desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'LIVE-B1', name: 'One' },
        { external_id: 'LIVE-B2', name: 'Two' },
        { external_id: 'LIVE-BAD', name: 'Too old', jump_on: '2026-05-31' },
      ],
    });
    assert.equal(batch.status, 200, batch.text);
    await watch.next(hasChange('bookings', (c) => c.external_ids.includes('LIVE-B1')));
    const events = watch.events.slice(before).filter((e) => e.event === 'changes');
    assert.equal(events.length, 1, JSON.stringify(events));
    const change = deskChangeEvents.changes.parse(events[0]!.data).changes[0]!;
    assert.deepEqual(change.external_ids.toSorted(), ['LIVE-B1', 'LIVE-B2']);
    assert.equal(change.ids.length, 2);
  });

  test('a batch of more bookings than an event lists is one event that says "many"', async () => {
    const before = watch.events.length;
    const bookings = Array.from({ length: 150 }, (_, i) => ({ external_id: `LIVE-MANY-${i}`, name: `Many ${i}` }));
    assert.equal((await desk.sync('POST', '/bookings/batch', { bookings })).status, 200);
    const event = await watch.next((e) => watch.events.indexOf(e) >= before && e.event === 'changes');
    assert.deepEqual(deskChangeEvents.changes.parse(event.data).changes, [
      { kind: 'bookings', ids: [], external_ids: [], many: true },
    ]);
  });

  test('an import of 2,000 rows: a handful of events, each "many", and the import named', async () => {
    const before = watch.events.length;
    const rows = 2_000;
    const send = Array.from({ length: rows }, (_, i) => {
      const record = { external_id: `LIVE-IMP-${i}`, name: `Imported ${i}` };
      return { row_number: i + 1, cells: [record.external_id, record.name], key: record.external_id, record };
    });
    const { summary, end } = await importAndWait(desk, {
      kind: 'bookings',
      file_name: 'live.csv',
      headers: ['External ID', 'Name'],
      mapping: { 'External ID': 'external_id', Name: 'name' },
      total_rows: rows,
      send,
    });
    assert.equal(end.state, 'finished');
    await watch.next(
      (e) =>
        watch.events.indexOf(e) >= before &&
        e.event === 'changes' &&
        deskChangeEvents.changes.parse(e.data).changes.some((c) => c.kind === 'imports' && c.ids.includes(summary.id)),
    );
    const bookingChanges = watch.events
      .slice(before)
      .filter((e) => e.event === 'changes')
      .flatMap((e) => deskChangeEvents.changes.parse(e.data).changes)
      .filter((c) => c.kind === 'bookings');
    // At most one per batch answered (four of 500), however the batches fall in the 100 ms windows.
    assert.ok(bookingChanges.length >= 1 && bookingChanges.length <= 4, `${bookingChanges.length} events`);
    assert.ok(bookingChanges.every((c) => c.many && c.ids.length === 0));
  });

  test('a check-in names the booking by its desk id', async () => {
    const marked = await desk.desk('PUT', '/bookings/by-id/101/check-in', { state: 'arrived', recorded_by: 'Rita' });
    assert.equal(marked.status, 200, marked.text);
    await watch.next(hasChange('check_ins', (c) => c.ids.includes(101) && !c.many));
  });

  test('a catalogue change names the product; the bookings that show its name are asked again', async () => {
    const made = await desk.admin('POST', '/catalogue/products', {
      name: 'Live Product',
      booking_system_name: 'Live Product',
      price_cents: 100,
      centi_credits: 100,
      video_entitlement: 'main',
      camera_requirement: 'both',
      photos: true,
      has_4k: false,
      raw_footage: false,
    });
    assert.equal(made.status, 201, made.text);
    await watch.next(hasChange('catalogue', (c) => c.ids.includes(made.body.product.id)));
    await watch.next(hasChange('bookings', (c) => c.many));
  });

  test('a refused write tells nobody', async () => {
    const before = watch.events.length;
    const tooOld = { external_id: 'LIVE-OLD', jump_on: '2026-05-31' };
    assert.equal((await desk.sync('POST', '/bookings', tooOld)).status, 406);
    assert.equal(
      (await desk.desk('PUT', '/bookings/by-id/999999/check-in', { state: 'arrived', recorded_by: 'R' })).status,
      404,
    );
    // A write that goes through afterwards is the next thing the stream says.
    await desk.sync('POST', '/filmers', { external_id: 'LIVE-F1', name: 'Fay Filmer', email: 'fay@example.com' });
    const next = await watch.next((e, i = watch.events.indexOf(e)) => i >= before && e.event === 'changes');
    assert.deepEqual(
      deskChangeEvents.changes.parse(next.data).changes.map((c) => c.kind),
      ['filmers'],
    );
    assert.equal(
      changesOf(watch, 'bookings').some((c) => c.external_ids.includes('LIVE-OLD')),
      false,
    );
  });

  test('another dropzone hears nothing of this one', async () => {
    const other = await watchEvents(desk, CHANGES, desk.addSession('other'));
    await other.next((e) => e.event === 'ready');
    await desk.sync('POST', '/bookings', { external_id: 'LIVE-2', name: 'Mine' });
    await watch.next(hasChange('bookings', (c) => c.external_ids.includes('LIVE-2')));
    other.close();
    assert.deepEqual(
      other.events.map((e) => e.event),
      ['ready'],
    );
  });
});
