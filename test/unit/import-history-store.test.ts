import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { headerSignature, mappingForHeaders, normaliseHeader } from '../../shared/import-headers';
import { IMPORT_DONE_STATUSES, IMPORT_ROW_STATUSES } from '../../shared/schemas/imports/row-outcomes';
import { migrate } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';
import { NOT_DONE_CONDITION } from '../../electron/store/repos/imports';
import { Store } from '../../electron/store/store';

test('a header is compared trimmed, lower-cased, with inner spaces as one and in NFC', () => {
  assert.equal(normaliseHeader('  Jump   Date\t'), 'jump date');
  assert.equal(normaliseHeader('\uFEFFExternal ID'), 'external id', 'a BOM stuck to the first header goes too');
  assert.equal(normaliseHeader('E-MAIL'), 'e-mail');
  assert.equal(normaliseHeader('Ne\u0301e'), normaliseHeader('N\u00e9e'), 'decomposed and composed accents match');
  assert.equal(normaliseHeader('ÄRGER'), 'ärger');
});

test('the header signature joins the normalised headers with U+001F: order and column count still count', () => {
  assert.equal(headerSignature(['Name', ' E-mail ']), 'name\u001fe-mail');
  assert.equal(headerSignature([' NAME', 'e-mail']), headerSignature(['Name', 'E-Mail  ']));
  assert.notEqual(headerSignature(['Name', 'E-mail']), headerSignature(['E-mail', 'Name']));
  assert.notEqual(headerSignature(['Name', 'E-mail']), headerSignature(['Name', 'E-mail', '']));
  assert.notEqual(
    headerSignature(['a\u001fb']),
    headerSignature(['a', 'b']),
    'a separator inside a header cannot fake two columns',
  );
  assert.equal(headerSignature([]), '');
});

test('a remembered mapping comes back keyed by the headers of the file at hand', () => {
  const stored = { 'Jump Date': 'jump_on', 'E-mail': 'email', Notes: null, Gone: 'name' };
  assert.deepEqual(mappingForHeaders(stored, ['jump date ', 'E-MAIL', 'notes', 'New']), {
    'jump date ': 'jump_on',
    'E-MAIL': 'email',
    notes: null,
  });
});

test('"failed rows" (every status not done) walk the partial index in row order, count from it alone, and prepare only while it fits', () => {
  const failed = IMPORT_ROW_STATUSES.filter((s) => !IMPORT_DONE_STATUSES.includes(s));
  assert.ok(failed.includes('left_out') && failed.includes('not_sent') && failed.includes('conflict'));
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  const page = plan(
    `SELECT * FROM import_rows INDEXED BY import_rows_failed WHERE import_id = 1 AND ${NOT_DONE_CONDITION} ORDER BY row_number LIMIT 100 OFFSET 1000`,
  );
  assert.match(page, /INDEX import_rows_failed/);
  assert.doesNotMatch(page, /TEMP B-TREE/);
  assert.match(
    plan(
      `SELECT count(*) FROM import_rows INDEXED BY import_rows_failed WHERE import_id = 1 AND ${NOT_DONE_CONDITION}`,
    ),
    /COVERING INDEX import_rows_failed/,
  );
  // The repository's statements are prepared with INDEXED BY: they would not prepare if the condition drifted from the index's.
  assert.doesNotThrow(() => new Store(db));
  db.close();
});
