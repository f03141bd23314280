import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { waitFor } from '../support/wait-for';
import {
  direct,
  FAST_HEALTH,
  REMOTE_OTHER_TOKEN,
  sendJson,
  startFakeRemote,
  startRemoteDesk,
  startSilentServer,
  useProxy,
  waitForSession,
  type FakeRemote,
} from '../support/remote';

describe('proxy mode: a remote that goes away and comes back', () => {
  const remoteDir = mkdtempSync(join(tmpdir(), 'desk-remote-'));
  let remote: TestDesk;
  let desk: TestDesk;
  after(async () => {
    await desk?.dispose();
    await remote?.dispose();
    rmSync(remoteDir, { recursive: true, force: true });
  });

  test('killed mid-run: a 502 naming the cause, health offline; back on the same port: calls and health recover', async () => {
    remote = await startRemoteDesk({ dataDir: remoteDir });
    const port = remote.port;
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
    await useProxy(desk, remote.url);
    assert.equal((await desk.sync('GET', '/bookings/REMOTE-ONLY')).status, 200);
    await waitForSession(desk, (s) => s.health.state === 'online');

    await remote.close();
    // The booking's show went into the desk's copy as it passed: the copy answers it now, marked.
    const copied = await desk.sync('GET', '/bookings/REMOTE-ONLY');
    assert.equal(copied.status, 200);
    assert.equal(copied.body.external_id, 'REMOTE-ONLY');
    assert.match(copied.headers.get('x-desk-source') ?? '', /^copy; as-of=/);
    // A read the copy cannot answer truly (a list without dates) says the remote's failure, then why.
    const down = await desk.sync('GET', '/bookings');
    assert.equal(down.status, 503);
    assert.match(down.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(down.body.status, 'not_in_copy');
    assert.match(
      down.body.error,
      /^remote unreachable: (connection refused \(127\.0\.0\.1:\d+\)|connection closed by the remote); the desk's copy answers a list only within its window/,
    );
    // A write of a booking the copy does not hold (no jump day in its window): the desk cannot tell a
    // create from an update, so it says the remote's failure, then why it does not guess (docs/offline.md).
    const again = await desk.sync('POST', '/bookings', { external_id: 'LOST-1', name: 'Never stored' });
    assert.equal(again.status, 503, again.text);
    assert.equal(again.body.status, 'not_in_copy');
    assert.match(
      again.body.error,
      new RegExp(
        `^remote unreachable: connection refused \\(127\\.0\\.0\\.1:${port}\\); the desk's copy does not hold LOST-1`,
      ),
    );

    const offline = await waitForSession(desk, (s) => s.health.state === 'offline');
    assert.equal(offline.health.result, 'refused');
    assert.equal(offline.health.cause, `connection refused (127.0.0.1:${port})`);
    const log = await desk.desk('GET', '/log?status=503&limit=1');
    const entry = await desk.desk('GET', `/log/${log.body.entries[0].id}`);
    // The desk had just seen the line refused: the write was not even sent.
    assert.equal(entry.body.remote_error, `not sent: remote unreachable: connection refused (127.0.0.1:${port})`);
    assert.equal(entry.body.upstream_url, '');

    remote = await startRemoteDesk({ dataDir: remoteDir, port, fresh: false });
    const back = await desk.sync('GET', '/bookings/REMOTE-ONLY');
    assert.equal(back.status, 200);
    assert.equal(back.body.external_id, 'REMOTE-ONLY');
    const online = await waitForSession(desk, (s) => s.health.state === 'online');
    assert.equal(online.health.cause, null);
    assert.equal((await direct(remote, 'GET', '/bookings/LOST-1')).status, 404, 'the failed write was never applied');
  });
});

describe('proxy mode: a remote that accepts but never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let desk: TestDesk;
  before(async () => {
    silent = await startSilentServer();
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
    await useProxy(desk, silent.url, { request_timeout_ms: 300, connect_timeout_ms: 300 });
  });
  after(async () => {
    await desk?.dispose();
    await silent?.close();
  });

  test('a 504 within the set timeout, never a hang', async () => {
    const started = Date.now();
    const res = await desk.sync('GET', '/bookings/NEVER-COPIED');
    const took = Date.now() - started;
    // A read: the copy of a remote that never answered holds nothing, and says so after the timeout.
    assert.equal(res.status, 503);
    assert.deepEqual(res.body, {
      error:
        "remote did not answer within 300 ms; NEVER-COPIED is not in the desk's copy (bookings jumping from 2026-06-01 to 2026-06-29)",
      status: 'not_in_copy',
    });
    assert.ok(took < 5_000, `answered after ${took} ms`);
    assert.ok(silent.accepted() >= 1, 'the connection was accepted');
  });

  test('a write times out the same way; health says offline with the cause', async () => {
    const res = await desk.sync('POST', '/bookings/batch', { bookings: [{ external_id: 'T-1' }] });
    assert.equal(res.status, 504);
    assert.equal(res.body.status, 'remote_timeout');
    const session = await waitForSession(desk, (s) => s.health.state === 'offline');
    assert.equal(session.health.result, 'timeout');
    assert.equal(session.health.cause, 'remote did not answer within 300 ms');
  });

  // The remote would be waited for a minute; the test's own timeout is what fails if closing waits.
  test('closing the desk does not wait for the silent remote', { timeout: 15_000 }, async () => {
    await useProxy(desk, silent.url, { request_timeout_ms: 60_000 });
    const pending = desk.sync('GET', '/filmers');
    await waitFor(() => silent.heard().includes('GET /api/f1/sync/filmers '), 'the call to reach the remote', {
      timeoutMs: 10_000,
    });
    await desk.dispose();
    // The call waiting on the remote ends at once, and says why.
    const res = await pending;
    assert.equal(res.status, 503);
    assert.deepEqual(res.body, {
      error:
        "remote unreachable: the desk is closing: the call to the remote was cut short (the remote may have received it); the desk has not copied the remote's filmers yet",
      status: 'not_in_copy',
    });
  });
});

describe('proxy mode: wrong remote credentials', () => {
  let remote: TestDesk;
  let desk: TestDesk;
  before(async () => {
    remote = await startRemoteDesk();
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
    await useProxy(desk, remote.url, { credentials: { kind: 'bearer', token: 'wrong-token-eeeeeeeeeeeeeeee' } });
  });
  after(async () => {
    await desk?.dispose();
    await remote?.dispose();
  });

  test("the remote's 401 comes back as such, body and WWW-Authenticate unchanged; health says the credentials were rejected", async () => {
    const viaDesk = await desk.sync('GET', '/bookings');
    const viaRemote = await remote.sync('GET', '/bookings', undefined, {
      authorization: 'Bearer wrong-token-eeeeeeeeeeeeeeee',
    });
    assert.equal(viaDesk.status, 401);
    assert.equal(viaDesk.text, viaRemote.text);
    assert.equal(viaDesk.headers.get('www-authenticate'), viaRemote.headers.get('www-authenticate'));
    const session = await waitForSession(desk, (s) => s.health.state === 'error');
    assert.equal(session.health.result, 'credentials_rejected');
    assert.match(session.health.cause, /rejected the credentials \(HTTP 401/);
  });

  test("the other remote dropzone's token reaches the other dropzone's data: scoping is the remote's", async () => {
    await desk.admin('PUT', '/connection', { credentials: { kind: 'bearer', token: REMOTE_OTHER_TOKEN } });
    const res = await desk.sync('GET', '/bookings/OTHER-1');
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Somebody Else');
  });
});

describe('proxy mode: the contract check', () => {
  let fake: FakeRemote;
  let desk: TestDesk;
  const NOT_A_LIST = '{"bookings": "nope", "pagination": {"current_page": 1}}';
  const UNKNOWN_STATUS = '{"id": 5, "external_id": "NEW-1", "name": "N", "status": "made"}';
  const GOOD_SHOW = JSON.stringify({
    id: 1,
    uuid: 'u',
    link: 'l',
    external_id: 'GOOD',
    name: 'G',
    email: null,
    jump_on: '2026-06-20',
    show_publicly: false,
    album_status_raw: null,
    jump: null,
    finance_events: [],
    a_field_the_spec_does_not_know: { deep: true },
  });

  before(async () => {
    fake = await startFakeRemote((req, res) => {
      if (req.url.startsWith('/api/f1/sync/products')) sendJson(res, 200, '{"version":"v9","products":[]}');
      else if (req.method === 'GET' && req.url === '/api/f1/sync/bookings') sendJson(res, 200, NOT_A_LIST);
      else if (req.method === 'GET' && req.url === '/api/f1/sync/bookings/GOOD') sendJson(res, 200, GOOD_SHOW);
      else if (req.method === 'GET' && req.url === '/api/f1/sync/filmers')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hello</h1>');
      else if (req.method === 'POST' && req.url === '/api/f1/sync/bookings') sendJson(res, 201, UNKNOWN_STATUS);
      else if (req.method === 'DELETE') sendJson(res, 200, '{"status":"ok"}');
      else sendJson(res, 404, '{"message":"nope"}');
    });
    // Its remote breaks the spec on purpose, and the desk passes that on as it came: not what the document promises.
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH }, checkOpenApi: false });
    await useProxy(desk, fake.url);
  });
  after(async () => {
    await desk?.dispose();
    await fake?.close();
  });

  const lastEntry = async () => {
    const page = await desk.desk('GET', '/log?limit=1');
    return (await desk.desk('GET', `/log/${page.body.entries[0].id}`)).body;
  };

  test('a shape the spec forbids is passed through unchanged, flagged in the log with the field and what was expected, and counted', async () => {
    const before = (await desk.desk('GET', '/session')).body.contract_deviations;
    const res = await desk.sync('GET', '/bookings');
    assert.equal(res.status, 200);
    assert.equal(res.text, NOT_A_LIST);
    const entry = await lastEntry();
    assert.equal(entry.contract_checked, true);
    assert.ok(entry.deviation_count >= 2);
    const fields = entry.deviations.map((d: { field: string }) => d.field);
    assert.ok(fields.includes('bookings'), JSON.stringify(entry.deviations));
    assert.ok(fields.includes('pagination.per_page'), JSON.stringify(entry.deviations));
    const bookings = entry.deviations.find((d: { field: string }) => d.field === 'bookings');
    assert.equal(bookings.expected, 'array, got "nope"');
    const session = (await desk.desk('GET', '/session')).body;
    assert.equal(session.contract_deviations, before + 1);
  });

  test('an unknown status value is a deviation; the response still goes through', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'NEW-1' });
    assert.equal(res.status, 201);
    assert.equal(res.text, UNKNOWN_STATUS);
    const entry = await lastEntry();
    assert.equal(entry.status, 'made');
    assert.deepEqual(entry.deviations, [
      {
        field: 'status',
        expected:
          'one of the spec\'s outcomes (created, ok, partial_update, unprocessable_content, not_acceptable, conflict, not_found), got "made"',
      },
    ]);
  });

  test('fields the spec does not know are not deviations', async () => {
    const res = await desk.sync('GET', '/bookings/GOOD');
    assert.equal(res.text, GOOD_SHOW);
    const entry = await lastEntry();
    assert.equal(entry.contract_checked, true);
    assert.deepEqual(entry.deviations, []);
  });

  test('a body that is not JSON, an error without status, and a delete that is not 204 are deviations', async () => {
    const html = await desk.sync('GET', '/filmers');
    assert.equal(html.text, '<h1>hello</h1>');
    assert.deepEqual((await lastEntry()).deviations, [
      { field: '(body)', expected: 'a JSON body, got 14 bytes of text/html that are not JSON' },
    ]);

    const missing = await desk.sync('GET', '/upgrades/1');
    assert.equal(missing.status, 404);
    const fields = (await lastEntry()).deviations.map((d: { field: string }) => d.field);
    assert.deepEqual(fields.sort(), ['error', 'status']);

    const removed = await desk.sync('DELETE', '/filmers/1');
    assert.equal(removed.status, 200);
    assert.deepEqual((await lastEntry()).deviations, [
      { field: '(http status)', expected: '204 No Content for a successful delete (spec 4), got 200' },
    ]);
  });

  test('the log filters deviating calls; the count survives in the session', async () => {
    const flagged = await desk.desk('GET', '/log?deviations=true');
    assert.ok(flagged.body.entries.length >= 4);
    assert.ok(flagged.body.entries.every((e: { deviation_count: number }) => e.deviation_count > 0));
    assert.equal(flagged.body.deviation_count, (await desk.desk('GET', '/session')).body.contract_deviations);
  });
});
