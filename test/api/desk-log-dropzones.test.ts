import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LogEntryDetail, LogEntrySummary, LogPage } from '../../shared/schemas/log';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { FAST_HEALTH, sendJson, startFakeRemote, useProxy, type FakeRemote } from '../support/remote';
import { OTHER_DZ_TOKEN, TEST_TOKEN } from '../support/seed';

type DeskAs = <T>(method: string, path: string) => Promise<ApiResponse<T>>;

/** Every entry a desk sees, page by page (`limit` per page), checking that the pages join up. */
async function everyEntry(as: DeskAs, query: string, limit: number): Promise<LogEntrySummary[]> {
  const seen: LogEntrySummary[] = [];
  let cursor: number | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res: ApiResponse<LogPage> = await as<LogPage>(
      'GET',
      `/log?limit=${limit}${query}${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.entries.length <= limit);
    seen.push(...res.body.entries);
    cursor = res.body.next_cursor;
    if (cursor === null) return seen;
    assert.equal(cursor, res.body.entries[res.body.entries.length - 1]!.id, 'the cursor is the last entry of the page');
  }
  throw new Error('the pages never ended');
}

/**
 * One server, the desks of two dropzones: each desk's Log holds its own dropzone's calls (its
 * booking systems', its screens') and the calls without a valid credential, never the other's.
 */
describe('the request log per dropzone (local mode)', () => {
  let desk: TestDesk;
  let otherSession: string;
  const asTest: DeskAs = (method, path) => desk.desk(method, path);
  const asOther: DeskAs = (method, path) => desk.deskAs('other', method, path);
  /** Paths and callers, oldest first, of the calls each desk should see. */
  const testCalls: string[] = [];
  const otherCalls: string[] = [];
  const credentialLess: string[] = [];

  const call = async (authorization: string | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = authorization === null ? {} : { authorization: `Bearer ${authorization}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return desk.request(`/api/f1/sync${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  before(async () => {
    desk = await startTestDesk();
    otherSession = desk.addSession('other');
    const otherIssued = await desk.adminAs('other', 'POST', '/api-tokens', { label: 'Other booking system' });
    assert.equal(otherIssued.status, 201, otherIssued.text);
    const otherToken = otherIssued.body.token as string;

    // Interleaved, so each desk's entries are not one run of ids.
    await call(TEST_TOKEN, 'GET', '/bookings?q[name_cont]=Nina');
    testCalls.push('GET /api/f1/sync/bookings?q[name_cont]=Nina');
    await call(otherToken, 'POST', '/bookings', {
      external_id: 'OTHER-2',
      name: 'Olga Otherdz',
      email: 'olga@other.example',
      jump_on: '2026-06-20',
    });
    otherCalls.push('POST /api/f1/sync/bookings');
    await call('dzd_revoked-or-never-issued', 'POST', '/bookings?q[email_cont]=lost@customer.example', {
      name: 'Lost Customer',
      email: 'lost@customer.example',
    });
    credentialLess.push('POST /api/f1/sync/bookings?q[email_cont]=<not kept>');
    await call(OTHER_DZ_TOKEN, 'GET', '/bookings/OTHER-1');
    otherCalls.push('GET /api/f1/sync/bookings/OTHER-1');
    await call(desk.sessionToken, 'GET', '/filmers');
    testCalls.push('GET /api/f1/sync/filmers');
    await call(otherSession, 'GET', '/products');
    otherCalls.push('GET /api/f1/sync/products');
    await call(null, 'GET', '/bookings');
    credentialLess.push('GET /api/f1/sync/bookings');
    // A path no route answers: the auth hook never ran, the dropzone still comes from the token.
    await call(otherToken, 'GET', '/no-such-resource');
    otherCalls.push('GET /api/f1/sync/no-such-resource');
    await call(TEST_TOKEN, 'POST', '/bookings', {
      external_id: 'TEST-NEW',
      name: 'Tessa Testdz',
      email: 'tessa@test.example',
      jump_on: '2026-06-20',
    });
    testCalls.push('POST /api/f1/sync/bookings');
    await call(TEST_TOKEN, 'GET', '/upgrades');
    testCalls.push('GET /api/f1/sync/upgrades');
  });
  after(() => desk.dispose());

  const calls = (entries: LogEntrySummary[]) => entries.map((entry) => `${entry.method} ${entry.path}`);
  const sorted = (list: string[]) => [...list].sort();

  test("each desk lists its own dropzone's calls and the credential-less ones, and counts only those", async () => {
    for (const [as, own] of [
      [asTest, testCalls],
      [asOther, otherCalls],
    ] as const) {
      const page = await as<LogPage>('GET', '/log');
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(sorted(calls(page.body.entries)), sorted([...own, ...credentialLess]));
      assert.equal(page.body.kept, own.length + credentialLess.length);
      assert.equal(page.body.deviation_count, 0);
      assert.equal(page.body.next_cursor, null);
    }
    const other = await asOther<LogPage>('GET', '/log');
    assert.deepEqual(
      other.body.entries.filter((entry) => entry.caller === 'token').map((entry) => entry.caller_label),
      ['Other booking system', 'seed token 1', 'Other booking system'],
    );
  });

  test("nothing of the other dropzone's calls shows in a desk's list or details: names, e-mails, labels", async () => {
    const leaks: [DeskAs, string[]][] = [
      [asTest, ['Olga', 'olga@other.example', 'OTHER-', 'Other booking system', 'no-such-resource', '/products']],
      [asOther, ['Tessa', 'tessa@test.example', 'Nina', '/filmers', '/upgrades']],
    ];
    for (const [as, foreign] of leaks) {
      const list = await as<LogPage>('GET', '/log?limit=500');
      const details = await Promise.all(
        list.body.entries.map((entry) => as<LogEntryDetail>('GET', `/log/${entry.id}`)),
      );
      for (const text of [list.text, ...details.map((detail) => detail.text)]) {
        for (const word of foreign)
          assert.ok(!text.includes(word), `"${word}" leaked into the other desk's log: ${text.slice(0, 300)}`);
      }
    }
    // The desk's own booking system's body is kept, for its own desk.
    const own = (await asTest<LogPage>('GET', '/log?method=POST&caller=token')).body.entries;
    const detail = await asTest<LogEntryDetail>('GET', `/log/${own[0]!.id}`);
    assert.match(detail.body.request?.body ?? '', /tessa@test\.example/);
  });

  test("another dropzone's entry answers 404 exactly as an id never given does", async () => {
    const theirs = (await asOther<LogPage>('GET', '/log?caller=token')).body.entries;
    const mine = (await asTest<LogPage>('GET', '/log?caller=token')).body.entries;
    const unknownId = Math.max(...theirs.map((entry) => entry.id), ...mine.map((entry) => entry.id)) + 1000;
    const unknown = await asTest('GET', `/log/${unknownId}`);
    assert.equal(unknown.status, 404);
    for (const entry of theirs) {
      const res = await asTest('GET', `/log/${entry.id}`);
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, JSON.parse(unknown.text.replace(String(unknownId), String(entry.id))));
      assert.deepEqual([...res.headers.keys()].sort(), [...unknown.headers.keys()].sort());
    }
    for (const entry of mine) assert.equal((await asOther('GET', `/log/${entry.id}`)).status, 404);
    assert.equal((await asTest('GET', `/log/${mine[0]!.id}`)).status, 200);
  });

  test('a call without a valid credential shows on both desks, its request body and query values not kept', async () => {
    for (const as of [asTest, asOther]) {
      const entries = (await as<LogPage>('GET', '/log?caller=invalid')).body.entries;
      assert.deepEqual(calls(entries), ['POST /api/f1/sync/bookings?q[email_cont]=<not kept>']);
      const detail = (await as<LogEntryDetail>('GET', `/log/${entries[0]!.id}`)).body;
      assert.equal(detail.http_status, 401);
      assert.equal(detail.request?.body, null);
      assert.match(detail.request?.body_note ?? '', /no valid credential/);
      assert.match(detail.response?.body ?? '', /invalid token: it is unknown or was revoked/);
      assert.ok(!JSON.stringify(detail).includes('lost@customer.example'));
      assert.ok(!JSON.stringify(detail).includes('Lost Customer'));
      assert.equal((await as<LogPage>('GET', '/log?caller=none')).body.entries.length, 1);
    }
  });

  test('paging and polling walk exactly what the desk may see, filters included', async () => {
    for (const [as, own] of [
      [asTest, testCalls],
      [asOther, otherCalls],
    ] as const) {
      const whole = (await as<LogPage>('GET', '/log')).body.entries;
      for (const limit of [1, 2, 3]) {
        const walked = await everyEntry(as, '', limit);
        assert.deepEqual(
          walked.map((entry) => entry.id),
          whole.map((entry) => entry.id),
          `pages of ${limit}`,
        );
      }
      const tokens = await everyEntry(as, '&caller=token', 1);
      assert.deepEqual(
        tokens.map((entry) => entry.id),
        whole.filter((entry) => entry.caller === 'token').map((entry) => entry.id),
      );
      assert.equal(whole.length, own.length + credentialLess.length);
      const oldest = whole[whole.length - 1]!.id;
      const newer = (await as<LogPage>('GET', `/log?after=${oldest}`)).body.entries;
      assert.deepEqual(
        newer.map((entry) => entry.id),
        whole.slice(0, -1).map((entry) => entry.id),
      );
    }
    // A cursor taken from the other desk's ids still pages this desk's own entries only.
    const theirs = (await asOther<LogPage>('GET', '/log?caller=token')).body.entries;
    const below = (await asTest<LogPage>('GET', `/log?cursor=${theirs[0]!.id}`)).body.entries;
    assert.ok(below.every((entry) => entry.id < theirs[0]!.id && !entry.path.includes('OTHER')));
  });
});

/**
 * Proxy mode: the desk forwards its own dropzone's calls with the remote credentials; each call is
 * still the dropzone's of the local credential that made it, deviations counted per dropzone.
 */
describe('the request log per dropzone (proxy mode)', () => {
  let fake: FakeRemote;
  let desk: TestDesk;

  before(async () => {
    fake = await startFakeRemote((req, res) => {
      if (req.url.startsWith('/api/f1/sync/products')) sendJson(res, 200, '{"version":"v9","products":[]}');
      else sendJson(res, 200, '{"bookings": "not a list"}');
    });
    // Its remote deviates from the spec on purpose (the log's deviations): not the document's to judge.
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH }, checkOpenApi: false });
    await useProxy(desk, fake.url);
    assert.equal((await desk.sync('GET', '/bookings')).status, 200);
    const refused = await desk.request('/api/f1/sync/bookings', {
      headers: { authorization: `Bearer ${OTHER_DZ_TOKEN}` },
    });
    assert.equal(refused.status, 403, "the remote credentials are the desk dropzone's only");
  });
  after(async () => {
    await desk?.dispose();
    await fake?.close();
  });

  test("the forwarded call and its deviations are the desk dropzone's; the other's refused call is the other's", async () => {
    const mine = (await desk.desk<LogPage>('GET', '/log?mode=proxy&path=/bookings')).body;
    assert.deepEqual(
      mine.entries.map((entry) => [entry.http_status, entry.forwarded, entry.caller_label]),
      [[200, true, 'seed token 1']],
    );
    assert.equal(mine.deviation_count, 1);
    assert.equal((await desk.desk('GET', '/session')).body.contract_deviations, 1);

    const theirs = (await desk.deskAs<LogPage>('other', 'GET', '/log?mode=proxy&path=/bookings')).body;
    assert.deepEqual(
      theirs.entries.map((entry) => [entry.http_status, entry.forwarded, entry.caller_label]),
      [[403, false, 'seed token 1']],
    );
    assert.equal(theirs.deviation_count, 0);
    assert.equal((await desk.deskAs('other', 'GET', '/session')).body.contract_deviations, 0);
    assert.equal((await desk.deskAs('other', 'GET', `/log/${mine.entries[0]!.id}`)).status, 404);
  });
});
