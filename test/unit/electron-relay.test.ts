import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CONTENT_SECURITY_POLICY } from '../../electron/server/guards/csp';
import { makeRelay } from '../../electron/shell/relay';
import { startDesk, type RunningDesk } from '../../electron/start';

/** The app:// protocol handler against a real desk server on 127.0.0.1. */
describe('the app://desk relay', () => {
  let dir: string;
  let desk: RunningDesk;
  let relay: (request: Request) => Promise<Response>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-relay-'));
    desk = await startDesk({ dataDir: dir, logErrors: false, sessionToken: 'dzd_relay-test-token' });
    relay = makeRelay({ serverUrl: async () => desk.url });
  });
  after(async () => {
    await desk.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const auth = { authorization: 'Bearer dzd_relay-test-token' };

  test('the server honours the session token the shell chose', async () => {
    assert.equal(desk.sessionToken, 'dzd_relay-test-token');
  });

  test('serves the UI with the server CSP (connect-src self = app://desk)', async () => {
    const response = await relay(new Request('app://desk/'));
    assert.ok(response.status === 200 || response.status === 503, `status ${response.status}`);
    assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  });

  test('relays the API both ways: method, body, query, status, JSON', async () => {
    const created = await relay(
      new Request('app://desk/api/f1/sync/filmers', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ external_id: 'F-RELAY', name: 'Relay Filmer', email: 'relay@example.com' }),
      }),
    );
    assert.equal(created.status, 201, await created.clone().text());
    const listed = await relay(new Request('app://desk/api/f1/sync/filmers?include_all=true', { headers: auth }));
    assert.equal(listed.status, 200);
    assert.match(await listed.text(), /Relay Filmer/);
    const head = await relay(new Request('app://desk/api/desk/health', { method: 'HEAD' }));
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  test('passes the import progress stream through as it comes, not once it ends (the desktop window follows an import live)', async () => {
    const abort = new AbortController();
    const response = await relay(
      new Request('app://desk/api/desk/imports/events', { headers: auth, signal: abort.signal }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    // The stream stays open (no import ends it): the first event arriving proves it is not buffered to the end.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.match(new TextDecoder().decode(first.value), /^event: snapshot\ndata: \{"imports":\[\]\}/);
    await reader.cancel();
    abort.abort();
  });

  test("the page's Origin and Referer (app://desk) do not reach the server's rebinding guard", async () => {
    const direct = await fetch(`${desk.url}/api/desk/session`, { headers: { ...auth, origin: 'app://desk' } });
    assert.equal(direct.status, 403, 'the server alone refuses the foreign origin');
    const relayed = await relay(
      new Request('app://desk/api/desk/session', {
        headers: { ...auth, origin: 'app://desk', referer: 'app://desk/#/settings' },
      }),
    );
    assert.equal(relayed.status, 200);
  });

  test('without the token the server still says 401: the relay adds no authority', async () => {
    assert.equal((await relay(new Request('app://desk/api/desk/session'))).status, 401);
    assert.equal((await relay(new Request('app://desk/api/f1/sync/bookings'))).status, 401);
  });

  test('answers for other hosts of the scheme with 404, and carries a CSP even then', async () => {
    const response = await relay(new Request('app://evil/api/desk/session', { headers: auth }));
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
  });

  test('a server that is down or not running answers 503 in the API error shape', async () => {
    const none = makeRelay({ serverUrl: async () => null });
    const down = await none(new Request('app://desk/api/desk/session'));
    assert.equal(down.status, 503);
    assert.equal(((await down.json()) as { status: string }).status, 'unavailable');
    const refused = makeRelay({ serverUrl: async () => 'http://127.0.0.1:9' });
    const gone = await refused(new Request('app://desk/api/desk/session'));
    assert.equal(gone.status, 503);
    assert.match(((await gone.json()) as { error: string }).error, /does not answer/);
  });

  test('a redirect to the server stays on the app origin', async () => {
    const fakeServer = async () =>
      new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:1234/elsewhere?x=1' } });
    const redirecting = makeRelay({
      serverUrl: async () => 'http://127.0.0.1:1234',
      fetch: fakeServer as typeof fetch,
    });
    const response = await redirecting(new Request('app://desk/somewhere'));
    assert.equal(response.headers.get('location'), 'app://desk/elsewhere?x=1');
  });
});
