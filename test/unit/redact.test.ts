import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shellQuote, toCurl } from '../../electron/server/log/curl';
import { redactBodyText, redactHeaders, redactPath } from '../../electron/server/log/redact';

describe('redaction for the request log', () => {
  test('Authorization keeps its scheme; token, key, secret and cookie headers are hidden; the rest stays', () => {
    assert.deepEqual(
      redactHeaders({
        Authorization: 'Bearer abc.def',
        'Proxy-Authorization': 'Basic Zm9vOmJhcg==',
        cookie: 'a=1',
        'x-api-key': 'k',
        'X-Auth-Token': 't',
        'x-client-secret': 's',
        'content-type': 'application/json',
        accept: ['a', 'b'],
        skipped: undefined,
      }),
      {
        authorization: 'Bearer <redacted>',
        'proxy-authorization': 'Basic <redacted>',
        cookie: '<redacted>',
        'x-api-key': '<redacted>',
        'x-auth-token': '<redacted>',
        'x-client-secret': '<redacted>',
        'content-type': 'application/json',
        accept: 'a, b',
      },
    );
    assert.deepEqual(
      redactHeaders({ 'x-dropzone': 'v' }, ['X-Dropzone']),
      { 'x-dropzone': '<redacted>' },
      'a custom credential header by name',
    );
    assert.deepEqual(redactHeaders({ authorization: 'opaque' }), { authorization: '<redacted>' });
  });

  test('JSON body fields named like token, password or secret are hidden at any depth; other text is kept byte for byte', () => {
    const text =
      '{"name":"Ann","password":"p","nested":[{"access_token":"t","ok":1}],"client_secret":{"x":1},"api_key":"k"}';
    assert.deepEqual(JSON.parse(redactBodyText(text)), {
      name: 'Ann',
      password: '<redacted>',
      nested: [{ access_token: '<redacted>', ok: 1 }],
      client_secret: '<redacted>',
      api_key: '<redacted>',
    });
    const clean = '{ "name" : "Ann",  "email": "a@example.com" }';
    assert.equal(redactBodyText(clean), clean, 'untouched when nothing is secret');
    assert.equal(redactBodyText('user=ann&password=p&x=1'), 'user=ann&password=<redacted>&x=1');
    assert.equal(redactBodyText('not json mentioning a token'), 'not json mentioning a token');
  });

  test('a body that is no JSON: secret-looking fields are redacted by pattern, the rest kept as sent', () => {
    const cases: [string, string][] = [
      ['{"external_id":"A","token":"SECRET","name":"Ann"', '{"external_id":"A","token":"<redacted>","name":"Ann"'],
      ['{"external_id":"A", "password" : "SECRET",}', '{"external_id":"A", "password" : "<redacted>",}'],
      ["{'external_id': 'A', 'api_key': 'SECRET'}", "{'external_id': 'A', 'api_key': '<redacted>'}"],
      ['{"client_secret":12345678901234,}', '{"client_secret":"<redacted>",}'],
      ['{"client_secret":-1.5e3 "x":1', '{"client_secret":"<redacted>" "x":1'],
      ['{"ok":1,"access_token":true,', '{"ok":1,"access_token":"<redacted>",'],
      // Cut off inside the secret: the rest of the text is the secret.
      ['{"external_id":"A","token":"SECR', '{"external_id":"A","token":"<redacted>"'],
      ['{"token":"a \\"quoted\\" SECRET", "n":1', '{"token":"<redacted>", "n":1'],
      // An object or array under a secret name goes whole (to its end, or to the end of the text).
      ['{"credentials":{"user":"u","pass":"SECRET"},"n":1,', '{"credentials":"<redacted>","n":1,'],
      ['{"tokens":["SECRET1","SECRET2"],"n":1', '{"tokens":"<redacted>","n":1'],
      ['{"credentials":{"user":"u","pass":"SECRET"', '{"credentials":"<redacted>"'],
      // Bare names and `=`, as broken clients and hand-made bodies write them.
      ['{token: SECRET, name: Ann', '{token: "<redacted>", name: Ann'],
      ['name=Ann, token=SECRET; x=1', 'name=Ann, token="<redacted>"; x=1'],
      ['{"key":"SECRET"', '{"key":"<redacted>"'],
      ['{"keyboard":"qwerty"', '{"keyboard":"qwerty"'],
    ];
    for (const [text, expected] of cases) assert.equal(redactBodyText(text), expected, text);
    assert.equal(
      redactBodyText('user=ann&password=p&x=1'),
      'user=ann&password=<redacted>&x=1',
      'form text keeps its form',
    );
  });

  test('secrets nested deeper than 64 levels are redacted too, at any depth, and nothing else is lost', () => {
    for (const depth of [65, 70, 1_000, 100_000]) {
      const text = `${'{"a":'.repeat(depth)}{"token":"SECRET-${depth}","kept":"yes"}${'}'.repeat(depth)}`;
      const kept = redactBodyText(text);
      assert.ok(!kept.includes(`SECRET-${depth}`), `depth ${depth}`);
      assert.ok(kept.includes('<redacted>'), `depth ${depth}`);
      assert.ok(kept.includes('"kept":"yes"'), `depth ${depth}: the rest is kept`);
    }
    const arrays = `${'['.repeat(200)}{"password":"SECRET-ARRAY"}${']'.repeat(200)}`;
    assert.ok(!redactBodyText(arrays).includes('SECRET-ARRAY'));
  });

  test('a __proto__ key neither hides its content nor lets a secret inside it through', () => {
    const kept = redactBodyText('{"__proto__":{"token":"SECRET","name":"Ann"}}');
    assert.ok(!kept.includes('SECRET'), kept);
    assert.deepEqual(JSON.parse(kept), JSON.parse('{"__proto__":{"token":"<redacted>","name":"Ann"}}'));
  });

  test("a created API token's answer keeps its id, label and time but never the token", () => {
    const created =
      '{"id":7,"label":"Front desk","created_at":"2026-06-15T10:00:00.000Z","token":"dzd_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"}';
    const kept = redactBodyText(created);
    assert.ok(!kept.includes('dzd_'), kept);
    assert.deepEqual(JSON.parse(kept), {
      id: 7,
      label: 'Front desk',
      created_at: '2026-06-15T10:00:00.000Z',
      token: '<redacted>',
    });
  });

  test('query parameters named like secrets are hidden in logged paths', () => {
    assert.equal(
      redactPath('/api/f1/sync/bookings?api_key=x&page=2&token=y&q%5Bname_cont%5D=ann'),
      '/api/f1/sync/bookings?api_key=<redacted>&page=2&token=<redacted>&q%5Bname_cont%5D=ann',
    );
    assert.equal(redactPath('/api/f1/sync/bookings'), '/api/f1/sync/bookings');
  });
});

describe('Copy as cURL', () => {
  test('quotes for a POSIX shell, leaves out what curl works out itself, and carries the body', () => {
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    assert.equal(
      toCurl({
        method: 'POST',
        url: 'http://127.0.0.1:4780/api/f1/sync/bookings',
        headers: {
          host: 'x',
          authorization: 'Bearer <redacted>',
          'content-type': 'application/json',
          'content-length': '9',
        },
        body: `{"n":"O'Neil"}`,
        bodyNotKept: false,
      }),
      [
        `curl -X POST 'http://127.0.0.1:4780/api/f1/sync/bookings'`,
        `-H 'Authorization: Bearer <redacted>'`,
        `-H 'Content-Type: application/json'`,
        `--data-raw '{"n":"O'\\''Neil"}'`,
      ].join(' \\\n  '),
    );
    assert.equal(
      toCurl({ method: 'GET', url: 'http://h/x', headers: {}, body: null, bodyNotKept: false }),
      `curl 'http://h/x'`,
    );
    assert.equal(
      toCurl({ method: 'HEAD', url: 'http://h/x', headers: {}, body: null, bodyNotKept: false }),
      `curl --head 'http://h/x'`,
    );
    assert.match(
      toCurl({ method: 'POST', url: 'http://h/x', headers: {}, body: null, bodyNotKept: true }),
      /--data-binary @request-body\.json$/,
    );
  });
});
