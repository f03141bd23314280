import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { describe, test } from 'node:test';
import { outcomeOfResult } from '../../shared/rules/import-outcomes';
import { resultsCsv, resultsFileName } from '../../renderer/src/features/import/common/results-csv';

describe('results CSV', () => {
  const headers = ['Booking ID', 'Name', 'Notes'];
  const lines = [
    { cells: ['BK-1', 'Ann', 'likes; semicolons'], status: 'created' as const, message: null },
    {
      cells: ['BK-2', 'Ben "Big"', 'two\nlines'],
      status: 'partial_update' as const,
      message: 'product locked, some changes ignored (kept: camera_package)',
    },
    { cells: ['', 'Nadia', ''], status: 'left_out' as const, message: 'left out: requires external id' },
  ];

  test('the original columns, then status and message; read back cell for cell', () => {
    const csv = resultsCsv(headers, lines, ';');
    assert.ok(csv.startsWith('\uFEFF'), 'a BOM so spreadsheets read UTF-8');
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
    assert.deepEqual(parsed.data[0], ['Booking ID', 'Name', 'Notes', 'Import status', 'Import message']);
    assert.deepEqual(parsed.data[1], ['BK-1', 'Ann', 'likes; semicolons', 'created', '']);
    assert.deepEqual(parsed.data[2], [
      'BK-2',
      'Ben "Big"',
      'two\nlines',
      'partial_update',
      'product locked, some changes ignored (kept: camera_package)',
    ]);
    assert.deepEqual(parsed.data[3], ['', 'Nadia', '', 'left_out', 'left out: requires external id']);
  });
  test('file names', () => {
    assert.equal(resultsFileName('bookings june.csv'), 'bookings-june-results.csv');
    assert.equal(resultsFileName('Pasted cells', 'failed-rows'), 'Pasted-cells-failed-rows.csv');
  });
});

describe('batch results → row outcomes', () => {
  test('each Sync API status, with its words', () => {
    assert.deepEqual(outcomeOfResult({ id: 5, external_id: 'A', status: 'created' }), {
      status: 'created',
      message: null,
      record_id: 5,
    });
    assert.deepEqual(
      outcomeOfResult({
        id: 5,
        status: 'partial_update',
        warning: 'product locked, some changes ignored',
        ignored_attributes: ['camera_package'],
      }),
      {
        status: 'partial_update',
        message: 'product locked, some changes ignored (kept: camera_package)',
        record_id: 5,
      },
    );
    assert.deepEqual(outcomeOfResult({ external_id: 'A', error: 'booking is too old', status: 'not_acceptable' }), {
      status: 'not_acceptable',
      message: 'booking is too old',
      record_id: null,
    });
    assert.deepEqual(
      outcomeOfResult({ errors: ["Email can't be blank", 'Email is invalid'], status: 'unprocessable_content' })
        .message,
      "Email can't be blank; Email is invalid",
    );
  });
  test('an element the server could not store is not sent (a retry may send it)', () => {
    assert.equal(
      outcomeOfResult({ error: 'element could not be stored: disk full', status: 'internal_error' }).status,
      'not_sent',
    );
    assert.equal(outcomeOfResult(null).status, 'not_sent');
  });
});
