import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkContract, routeOf } from '../../electron/proxy/contract';

const json = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const check = (
  method: string,
  path: string,
  statusCode: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
) => checkContract({ method, path, statusCode, contentType, body: body === null ? Buffer.alloc(0) : json(body) });

const LIST_ROW = {
  id: 1,
  uuid: 'u',
  link: 'l',
  external_id: 'E',
  name: 'N',
  email: null,
  jump_on: '2026-06-20',
  show_publicly: false,
};
const PAGINATION = { current_page: 1, per_page: 200, total_pages: 1, total_count: 1, next_page: null, prev_page: null };
const FINANCE_EVENT = {
  id: 1,
  event_type: 'regular',
  video_entitlement: 'main',
  camera_requirement: 'selfie',
  photos: false,
  has_4k: false,
  raw_footage: false,
  centi_credit_change: 100,
  centi_total_credits: 100,
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:00:00.000Z',
  selfie: true,
  videographer: false,
  either_video: false,
  socials: false,
};
const FILMER = {
  id: 1,
  external_id: null,
  name: 'F',
  email: 'f@example.com',
  tandem_instructor: false,
  videographer: true,
  active: true,
};

describe('contract check: which spec endpoint a call names', () => {
  test('the routes of spec 4, trailing slashes allowed; others are unknown', () => {
    assert.deepEqual(routeOf('GET', '/bookings'), { resource: 'bookings', action: 'list' });
    assert.deepEqual(routeOf('POST', '/bookings/batch/'), { resource: 'bookings', action: 'batch' });
    assert.deepEqual(
      routeOf('GET', '/bookings/batch'),
      { resource: 'bookings', action: 'show' },
      'an external_id may be "batch"',
    );
    assert.deepEqual(routeOf('DELETE', '/filmers/3'), { resource: 'filmers', action: 'delete' });
    assert.deepEqual(routeOf('GET', '/upgrades/1'), { resource: 'upgrades', action: 'show' });
    assert.equal(routeOf('POST', '/products'), null);
    assert.equal(routeOf('GET', '/bookings/a/b'), null);
    assert.equal(routeOf('GET', '/jumps'), null);
    assert.equal(routeOf('GET', ''), null);
  });
});

describe('contract check: what is and is not a deviation', () => {
  test('conforming bodies of every endpoint pass; unknown extra fields are fine', () => {
    const ok: [string, string, number, unknown][] = [
      ['GET', '/bookings', 200, { bookings: [{ ...LIST_ROW, extra: 1 }], pagination: PAGINATION, more: true }],
      [
        'GET',
        '/bookings/E',
        200,
        {
          ...LIST_ROW,
          album_status_raw: 'delivered_paid',
          jump: { id: 1, camera: 'selfie' },
          finance_events: [FINANCE_EVENT],
        },
      ],
      ['POST', '/bookings', 201, { id: 1, external_id: 'E', name: 'N', status: 'created' }],
      ['POST', '/bookings', 200, { id: 1, external_id: 'E', status: 'ok' }],
      [
        'POST',
        '/bookings',
        200,
        { external_id: 'E', status: 'partial_update', warning: 'product locked, some changes ignored' },
      ],
      ['POST', '/bookings', 422, { error: 'requires external id', status: 'unprocessable_content' }],
      ['POST', '/bookings', 409, { external_id: 'E', error: 'x', status: 'conflict' }],
      [
        'POST',
        '/bookings/batch',
        200,
        {
          results: [
            { status: 'created', external_id: 'A' },
            { status: 'unprocessable_content', error: 'requires external id' },
            { status: 'partial_update', warning: 'w' },
          ],
        },
      ],
      ['GET', '/filmers', 200, [FILMER, { ...FILMER, id: 2, shoe_size: 44 }]],
      ['GET', '/filmers/1', 200, FILMER],
      ['POST', '/filmers', 201, { id: 1, external_id: null, name: 'F', status: 'created' }],
      ['POST', '/filmers', 200, { ...FILMER, status: 'ok' }],
      ['POST', '/filmers', 200, { id: 9, error: 'filmer not found', status: 'not_found' }],
      [
        'POST',
        '/filmers/batch',
        200,
        { results: [{ status: 'unprocessable_content', errors: ["Email can't be blank"], external_id: 'X' }] },
      ],
      [
        'GET',
        '/products',
        200,
        {
          version: 'v',
          products: [
            {
              id: 1,
              name: 'P',
              active: true,
              booking_system_name: 'P',
              price_cents: 1,
              photos: false,
              videographer: false,
            },
          ],
        },
      ],
      [
        'GET',
        '/upgrades',
        200,
        {
          version: 'v',
          upgrades: [{ id: 1, name: 'U', active: true, payment_price_cents: 1, payment_price_currency: 'EUR' }],
        },
      ],
      ['GET', '/bookings/NOPE', 404, { external_id: 'NOPE', error: 'booking not found', status: 'not_found' }],
      ['GET', '/anything', 401, { error: 'invalid token', status: 'unauthorized' }],
      ['GET', '/anything', 500, { errors: ['boom'], status: 'whatever_the_remote_calls_it' }],
    ];
    for (const [method, path, code, body] of ok) {
      const result = check(method, path, code, body);
      assert.equal(result.checked, true, `${method} ${path} ${code}`);
      assert.deepEqual(result.deviations, [], `${method} ${path} ${code}`);
    }
    assert.deepEqual(
      checkContract({
        method: 'DELETE',
        path: '/bookings/E',
        statusCode: 204,
        contentType: undefined,
        body: Buffer.alloc(0),
      }).deviations,
      [],
    );
  });

  test('a missing required field or a wrong type names the field and what was expected', () => {
    const { deviations } = check('GET', '/bookings', 200, {
      bookings: [{ ...LIST_ROW, uuid: undefined, id: '1' }],
      pagination: PAGINATION,
    });
    assert.deepEqual(deviations, [
      { field: 'bookings[0].id', expected: 'number, got "1"' },
      { field: 'bookings[0].uuid', expected: 'a required field, got nothing (missing)' },
    ]);
    const show = check('GET', '/bookings/E', 200, {
      ...LIST_ROW,
      album_status_raw: null,
      jump: null,
      finance_events: [{ ...FINANCE_EVENT, video_entitlement: 'everything' }],
    });
    assert.equal(show.deviations[0]?.field, 'finance_events[0].video_entitlement');
    assert.match(show.deviations[0]!.expected, /got "everything"/);
  });

  test('an unknown status value is a deviation, in single answers, batch entries and outcome errors', () => {
    assert.equal(
      check('POST', '/bookings', 201, { id: 1, external_id: 'E', status: 'made' }).deviations[0]?.field,
      'status',
    );
    assert.equal(
      check('POST', '/bookings/batch', 200, { results: [{ status: 'created' }, { status: 'skipped' }] }).deviations[0]
        ?.field,
      'results[1].status',
    );
    assert.equal(check('GET', '/bookings/X', 404, { error: 'gone', status: 'gone' }).deviations[0]?.field, 'status');
    assert.deepEqual(check('POST', '/bookings/batch', 200, { results: [{ status: 'not_found' }] }).deviations, [
      {
        field: 'results[0].error',
        expected: 'an "error" string or an "errors" array of strings (status is not_found), got an object',
      },
    ]);
  });

  test('the HTTP codes the spec fixes: 204 for a delete, 409 for a single conflict', () => {
    assert.match(check('DELETE', '/bookings/E', 200, { status: 'ok' }).deviations[0]!.expected, /204 No Content/);
    assert.match(
      check('POST', '/bookings', 422, { error: 'x', status: 'conflict' }).deviations[0]!.expected,
      /409 for status "conflict"/,
    );
    assert.deepEqual(
      check('POST', '/bookings/batch', 200, { results: [{ status: 'conflict', error: 'x' }] }).deviations,
      [],
      'batches answer 200',
    );
  });

  test('bodies that are not JSON, or JSON labelled otherwise', () => {
    assert.deepEqual(check('GET', '/products', 200, '<html>').deviations, [
      { field: '(body)', expected: 'a JSON body, got 6 bytes of application/json; charset=utf-8 that are not JSON' },
    ]);
    assert.deepEqual(check('GET', '/products', 200, null).deviations, [
      { field: '(body)', expected: 'a JSON body, got an empty body' },
    ]);
    assert.deepEqual(check('GET', '/products', 200, { version: 'v', products: [] }, 'text/plain').deviations, [
      { field: '(content-type)', expected: 'application/json, got "text/plain"' },
    ]);
    assert.deepEqual(check('GET', '/filmers', 204, null).deviations, [
      { field: '(body)', expected: 'a JSON body, got 204 No Content' },
    ]);
  });

  test('what the spec says nothing about is not checked', () => {
    assert.equal(check('GET', '/jumps', 200, { whatever: true }).checked, false);
    assert.equal(check('GET', '/bookings', 302, null).checked, false);
    assert.equal(check('HEAD', '/bookings', 200, null).checked, false);
  });

  test('the top-level status is read for the log', () => {
    assert.equal(check('POST', '/bookings', 201, { id: 1, external_id: 'E', status: 'created' }).status, 'created');
    assert.equal(check('GET', '/filmers', 200, [FILMER]).status, null);
  });
});
