import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LogEntrySummary, LogPage } from '../../shared/schemas/log';
import { startTestDesk, type TestDesk } from '../support/desk';
import { TEST_TOKEN } from '../support/seed';

/** The Log names who called each Sync API call: the desk's screens, a token by its label, or nobody valid. */
describe('the request log: who called', () => {
  let desk: TestDesk;
  let issued: string;
  before(async () => {
    desk = await startTestDesk();
    const created = await desk.admin('POST', '/api-tokens', { label: 'Bookeo sync' });
    assert.equal(created.status, 201, created.text);
    issued = created.body.token as string;
    // One call of each kind of caller, in this order.
    await desk.request('/api/f1/sync/products', { headers: { authorization: `Bearer ${issued}` } });
    await desk.request('/api/f1/sync/bookings', { headers: { authorization: `Bearer ${desk.sessionToken}` } });
    await desk.sync('GET', '/filmers');
    await desk.request('/api/f1/sync/bookings', { headers: { authorization: 'Bearer dzd_not-a-real-token-at-all' } });
    await desk.request('/api/f1/sync/bookings');
    // A path no route answers: the auth hook never ran, the log still names the caller.
    await desk.request('/api/f1/sync/no-such-resource', { headers: { authorization: `Bearer ${issued}` } });
  });
  after(() => desk.dispose());

  const entries = async (query = ''): Promise<LogEntrySummary[]> => {
    const res = await desk.desk<LogPage>('GET', `/log${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.entries;
  };

  test("each call shows its caller, and a token's label, never the token", async () => {
    const callers = (await entries()).map((entry) => [entry.path, entry.caller, entry.caller_label]);
    assert.deepEqual(callers, [
      ['/api/f1/sync/no-such-resource', 'token', 'Bookeo sync'],
      ['/api/f1/sync/bookings', 'none', null],
      ['/api/f1/sync/bookings', 'invalid', null],
      ['/api/f1/sync/filmers', 'token', 'seed token 1'],
      ['/api/f1/sync/bookings', 'desk', null],
      ['/api/f1/sync/products', 'token', 'Bookeo sync'],
    ]);
  });

  test('no token, session or API, appears anywhere in the log, list or details', async () => {
    const list = await desk.desk('GET', '/log');
    const details = await Promise.all(
      list.body.entries.map((entry: LogEntrySummary) => desk.desk('GET', `/log/${entry.id}`)),
    );
    for (const text of [list.text, ...details.map((detail) => detail.text)]) {
      for (const secret of [issued, desk.sessionToken, TEST_TOKEN])
        assert.ok(!text.includes(secret), `a token leaked into the log: ${text.slice(0, 200)}`);
    }
    assert.equal(details[5]!.body.caller_label, 'Bookeo sync');
  });

  test("exclude_desk=true leaves out the desk's own calls; caller= keeps one kind", async () => {
    const withoutDesk = await entries('?exclude_desk=true');
    assert.equal(withoutDesk.length, 5);
    assert.ok(withoutDesk.every((entry) => entry.caller !== 'desk'));
    assert.deepEqual(
      (await entries('?caller=desk')).map((entry) => entry.path),
      ['/api/f1/sync/bookings'],
    );
    assert.deepEqual(
      (await entries('?caller=invalid&exclude_desk=1')).map((entry) => entry.caller),
      ['invalid'],
    );
    assert.equal((await entries('?exclude_desk=false')).length, 6);
  });

  test('a caller filter that is not one of the kinds is a 422 saying which are', async () => {
    const res = await desk.desk('GET', '/log?caller=robot');
    assert.equal(res.status, 422);
    assert.match(res.text, /caller/);
    assert.match(res.text, /desk, token, paired, none, invalid/);
    assert.equal((await desk.desk('GET', '/log?exclude_desk=maybe')).status, 422);
  });
});
