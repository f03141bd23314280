import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readImportEvent } from '../../renderer/src/features/import/common/import-events';
import { startTestDesk, type TestDesk } from '../support/desk';
import { importAndWait, watchImports } from '../support/import-events';

function bookingsImport(rows: number) {
  const send = Array.from({ length: rows }, (_, i) => {
    const record = { external_id: `EVT-${i + 1}`, name: `Person ${i + 1}` };
    return { row_number: i + 1, cells: [record.external_id, record.name], key: record.external_id, record };
  });
  return {
    kind: 'bookings',
    file_name: 'events.csv',
    headers: ['External ID', 'Name'],
    mapping: { 'External ID': 'external_id', Name: 'name' },
    total_rows: rows,
    send,
  };
}

/** console.warn, recorded instead of printed, for the duration of `body`. */
async function warnings(body: () => void | Promise<void>): Promise<unknown[][]> {
  const seen: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void seen.push(args);
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return seen;
}

describe("the page's reading of the import progress stream", () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('what a real desk streams is read as it was sent, without a warning', async () => {
    const watch = await watchImports(desk);
    try {
      await watch.next((e) => e.event === 'snapshot');
      const { end } = await importAndWait(desk, bookingsImport(3));
      await watch.next((e) => e.event === 'progress' && e.data.id === end.id && e.data.state !== 'running');
      const seen = await warnings(() => {
        for (const { event, data } of watch.events) {
          const read = readImportEvent(event, data);
          if (event === 'snapshot') assert.deepEqual(read, { name: 'snapshot', imports: data.imports });
          else assert.deepEqual(read, { name: 'progress', progress: data }, `the ${event} event`);
        }
      });
      assert.deepEqual(seen, []);
      assert.equal(end.state, 'finished');
      assert.equal(end.sent, 3);
    } finally {
      watch.close();
    }
  });

  test('a malformed event is dropped with a warning naming it, not thrown', async () => {
    const progress = {
      id: 7,
      kind: 'bookings',
      state: 'running',
      to_send: 10,
      sent: 5,
      cancelling: false,
      counts: { created: 5 },
      stop_reason: null,
    };
    const malformed: [string, unknown][] = [
      ['progress', { ...progress, id: 'seven' }],
      ['progress', { ...progress, state: 'exploded' }],
      ['progress', null],
      ['snapshot', { imports: [{ ...progress, sent: undefined }] }],
      ['snapshot', { imports: 'none' }],
    ];
    for (const [name, data] of malformed) {
      const seen = await warnings(() => assert.equal(readImportEvent(name, data), null, JSON.stringify(data)));
      assert.equal(seen.length, 1, `one warning for ${JSON.stringify(data)}`);
      assert.match(String(seen[0]![0]), new RegExp(`"${name}"`));
    }
    // The well-formed twin of the first is read: the drop is the data's fault, not the event's name.
    assert.deepEqual(readImportEvent('progress', progress), { name: 'progress', progress });
  });

  test('events of other names are not the progress store’s: null, and no warning', async () => {
    const seen = await warnings(() => assert.equal(readImportEvent('ping', { imports: [] }), null));
    assert.deepEqual(seen, []);
  });
});
