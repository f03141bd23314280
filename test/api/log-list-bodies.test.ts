import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LogEntryDetail, LogPage } from '../../shared/schemas/log';
import { startTestDesk, type TestDesk } from '../support/desk';

/**
 * A list page comes from a reader thread as UTF-8 bytes (electron/readers/read-ops.ts) and is
 * sent as those bytes; the request log keeps them undecoded until an entry is opened. What the
 * entry shows must still be exactly what the caller got, non-ASCII letters included.
 */
let desk: TestDesk;
before(async () => {
  desk = await startTestDesk();
  await desk.readersStarted();
  const saved = await desk.sync('POST', '/bookings', {
    external_id: 'LOG-BYTES-1',
    name: 'Jürgen Müller-Øster',
    email: 'jurgen@example.com',
    jump_on: '2026-06-01',
  });
  assert.ok([200, 201].includes(saved.status), saved.text);
});
after(() => desk.dispose());

test("a list page handed over as bytes is in the log's entry as the caller got it", async () => {
  const listed = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[name_cont]': 'müller' })}`);
  assert.equal(listed.status, 200, listed.text);
  assert.equal(listed.body.bookings[0].name, 'Jürgen Müller-Øster');

  const page = await desk.desk<LogPage>('GET', '/log?limit=1');
  const [entry] = page.body.entries;
  assert.match(entry!.path, /^\/api\/f1\/sync\/bookings\?/);
  assert.equal(entry!.response_bytes, Buffer.byteLength(listed.text), 'the bytes sent, counted as bytes');
  assert.equal(entry!.status, null, 'a list page has no top-level status');
  const detail = await desk.desk<LogEntryDetail>('GET', `/log/${entry!.id}`);
  assert.equal(detail.status, 200, detail.text);
  assert.equal(detail.body.response?.body, listed.text);
});

test('an answer with a status, sent as text, still shows its status', async () => {
  const missing = await desk.sync('GET', '/bookings/NO-SUCH-BOOKING');
  assert.equal(missing.status, 404);
  const page = await desk.desk<LogPage>('GET', '/log?limit=1');
  assert.equal(page.body.entries[0]!.status, missing.body.status);
});
