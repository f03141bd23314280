import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { decodeBytes } from '../../renderer/src/features/import/parsing/decode-bytes';
import { parseTable } from '../../renderer/src/features/import/parsing/parse-table';
import { readSource, type ReadResult } from '../../renderer/src/features/import/parsing/read-source';
import { IMPORT_FIXTURES, renderImportFixture } from '../support/import-fixtures';

const TODAY = '2026-06-15';

function bytesOf(text: string | Buffer): ArrayBuffer {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

function readFile(name: string, content: string | Buffer): ReadResult {
  return readSource({ kind: 'file', name, bytes: bytesOf(content) });
}

function table(content: string | Buffer) {
  const result = readFile('test.csv', content);
  assert.ok(result.ok, `expected a table, got: ${result.ok ? '' : result.reason}`);
  return result.source.table;
}

function refusal(content: string | Buffer | Uint8Array): string {
  const result = readSource({
    kind: 'file',
    name: 'x.csv',
    bytes:
      content instanceof Uint8Array && !Buffer.isBuffer(content)
        ? (content.buffer as ArrayBuffer)
        : bytesOf(content as string | Buffer),
  });
  assert.equal(result.ok, false, 'expected the file to be refused');
  return result.ok ? '' : result.reason;
}

describe('the messy bookings fixture', () => {
  const result = readFile('bookings-messy.csv', renderImportFixture('bookings-messy.csv', TODAY));
  assert.ok(result.ok);
  const { table: t, notes } = result.source;

  test('the UTF-8 byte-order mark is gone from the first header', () => {
    assert.equal(t.headers[0], 'Booking ID');
  });
  test('semicolons are found as the delimiter', () => {
    assert.equal(t.delimiter, ';');
    assert.ok(notes.some((n) => n.includes('semicolon')));
  });
  test('a quoted cell keeps its ; and its line break; doubled quotes become one', () => {
    assert.equal(t.rows[0]?.[6], 'Prefers morning; first jump');
    assert.equal(t.rows[1]?.[1], 'Ben "Big" Bakker');
    assert.equal(t.rows[1]?.[6], 'Line one\r\nline two');
  });
  test('blank lines (empty, and bare delimiters) are skipped and counted', () => {
    assert.equal(t.rows.length, 9);
    assert.equal(t.blankRowsSkipped, 2);
    assert.ok(notes.some((n) => n.includes('2 blank lines')));
  });
  test('no cell keeps a Windows line end', () => {
    assert.ok(t.rows.every((row) => row.every((cell, i) => i === 6 || !cell.includes('\r'))));
    assert.equal(t.headers.at(-2), 'Internal code');
  });
  test('a cell past the header gets a column of its own; shorter rows are padded', () => {
    assert.equal(t.headers.length, 9);
    assert.equal(t.headers[8], 'Column 9');
    assert.equal(t.rows[8]?.[8], 'spare');
    assert.ok(t.rows.every((row) => row.length === 9));
  });
});

describe('delimiters and line ends', () => {
  test('commas, with quoted commas and a blank line', () => {
    const t = table(readFileSync(`${IMPORT_FIXTURES}filmers.csv`));
    assert.equal(t.delimiter, ',');
    assert.deepEqual(t.headers, ['Name', 'Email', 'External ID', 'Videographer', 'Tandem instructor', 'Active']);
    assert.equal(t.rows.length, 6);
    assert.equal(t.rows[5]?.[0], 'Kim, the Flyer');
  });
  test('tabs (cells pasted from a spreadsheet)', () => {
    const result = readSource({
      kind: 'paste',
      text: 'External id\tName\tJump date\nBK-1\tAnn, Smith\t2026-06-20\nBK-2\tBo\t2026-06-21\n',
    });
    assert.ok(result.ok);
    assert.equal(result.source.fileName, 'Pasted cells');
    assert.equal(result.source.table.delimiter, '\t');
    assert.deepEqual(result.source.table.rows[0], ['BK-1', 'Ann, Smith', '2026-06-20']);
  });
  test('CRLF, CR-only and LF files read the same', () => {
    for (const eol of ['\r\n', '\n', '\r']) {
      const t = table(['a;b', '1;2', '3;4'].join(eol) + eol);
      assert.deepEqual(
        t.rows,
        [
          ['1', '2'],
          ['3', '4'],
        ],
        JSON.stringify(eol),
      );
    }
  });
  test('a one-column file is fine', () => {
    const t = table('External id\nBK-1\nBK-2\n');
    assert.deepEqual(t.headers, ['External id']);
    assert.equal(t.rows.length, 2);
  });
  test('blank and repeated headers get names of their own', () => {
    const t = table('Name,,Name\nA,B,C\n');
    assert.deepEqual(t.headers, ['Name', 'Column 2', 'Name (2)']);
  });
  test('a BOM in pasted text goes too', () => {
    const result = readSource({ kind: 'paste', text: '\uFEFFName\tEmail\nA\ta@b.c' });
    assert.ok(result.ok);
    assert.equal(result.source.table.headers[0], 'Name');
  });
});

describe("real files' quirks", () => {
  test("Excel's sep= first line names the delimiter and is dropped, not a header", () => {
    const t = table(readFileSync(`${IMPORT_FIXTURES}bookings-excel-nl.csv`));
    assert.equal(t.delimiter, ';');
    assert.equal(t.delimiterHint, true);
    assert.equal(t.headers[0], 'Booking ID');
    assert.equal(t.rows.length, 3);
    assert.deepEqual(t.rows[0], ['BK-301', 'Anna', 'de Vries', 'anna@example.com', '2-5-2026', '1-6-2026']);
    const notes = (
      readFile('x.csv', readFileSync(`${IMPORT_FIXTURES}bookings-excel-nl.csv`)) as {
        ok: true;
        source: { notes: string[] };
      }
    ).source.notes;
    assert.match(notes[0] ?? '', /semicolon \(as the file's first line, sep=, says\)/);
  });
  test('sep= with a comma, a tab (also written as \\t), quoted or padded; the hint beats the guess', () => {
    assert.deepEqual(table('sep=,\nName,Email;x\nAnn,a@example.com;y\n').headers, ['Name', 'Email;x']);
    assert.equal(table('sep=\t\nName\tEmail\nAnn\ta@example.com\n').delimiter, '\t');
    assert.equal(table('sep=\\t\r\nName\tEmail\r\nAnn\ta@example.com\r\n').delimiter, '\t');
    assert.equal(table('\uFEFF"sep=;";;\nName;Email\nAnn;a@example.com\n').headers[0], 'Name');
    assert.equal(table('SEP=|\nName|Email\nAnn|a@example.com\n').delimiter, '|');
    // Only as the first line: a cell reading "sep=;" further down is data.
    assert.equal(table('Name,Note\nAnn,sep=;\n').rows[0]?.[1], 'sep=;');
  });
  test('a cell that starts with a quote ending early ("Big" Ben) is read as written; the quoted cells after it stay whole', () => {
    const result = readFile('q.csv', readFileSync(`${IMPORT_FIXTURES}bookings-stray-quote.csv`));
    assert.ok(result.ok, result.ok ? '' : result.reason);
    const t = result.source.table;
    assert.deepEqual(t.rows, [
      ['BK-401', '"Big" Ben', 'first'],
      ['BK-402', 'Ann', 'quoted, with a comma'],
      ['BK-403', 'Bo', 'Line one\nline two'],
      ['BK-404', '"Tiny" Tim', 'last'],
    ]);
    assert.deepEqual(t.strayQuoteLines, [2, 6]);
    assert.ok(
      result.source.notes.some((n) => /read as written, on lines 2, 6/.test(n)),
      result.source.notes.join(' | '),
    );
  });
  test('a stray quote at the start of a line, after a semicolon, and with a sep= line counted in the line number', () => {
    assert.deepEqual(table('Name,Email\n"Big" Ben,b@example.com\n').rows[0], ['"Big" Ben', 'b@example.com']);
    const t = table('sep=;\nid;name\nB1;"Big" Ben\nB2;Ann\n');
    assert.deepEqual(t.rows, [
      ['B1', '"Big" Ben'],
      ['B2', 'Ann'],
    ]);
    assert.deepEqual(t.strayQuoteLines, [3]);
  });
});

describe('encodings', () => {
  test('a file that is not UTF-8 is read as Windows-1252, and the person is told', () => {
    const bytes = Buffer.concat([
      Buffer.from('Name;Email\nChlo'),
      Buffer.from([0xe9]),
      Buffer.from(' Dubois;c@example.com\n'),
    ]);
    const result = readFile('ansi.csv', bytes);
    assert.ok(result.ok);
    assert.equal(result.source.table.rows[0]?.[0], 'Chloé Dubois');
    assert.ok(result.source.notes.some((n) => n.includes('Windows-1252')));
  });
  test('UTF-16 with its byte-order mark', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tEmail\r\nZoë\tz@example.com\r\n', 'utf16le'),
    ]);
    const t = table(bytes);
    assert.deepEqual(t.rows[0], ['Zoë', 'z@example.com']);
  });
  test('decodeBytes: a UTF-8 BOM is dropped', () => {
    const decoded = decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]));
    assert.deepEqual(decoded, { ok: true, text: 'A', encoding: 'utf-8' });
  });
});

describe('files that cannot be read say why', () => {
  test('empty', () => {
    assert.match(refusal(''), /empty/);
    assert.match(refusal('\r\n\r\n  \n'), /empty/);
    assert.match(refusal(';;;\n;;;\n'), /empty/);
  });
  test('a header and nothing under it', () => {
    assert.match(refusal('External id;Name\r\n\r\n'), /header row but no rows of data/);
  });
  test('a spreadsheet workbook', () => {
    assert.match(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])), /workbook.*Save as.*CSV/);
    assert.match(refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), /old Excel workbook/);
  });
  test('binary data', () => {
    assert.match(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])), /not text/);
    assert.match(refusal(Buffer.from('abc\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x10\x11\x12\x13\x14')), /not text/);
  });
  test('a quote that is never closed: the line is named and shown', () => {
    const reason = refusal('Name;Notes\nAnn;fine\nBo;x\r\nCy;"never closed\nDi;x\n');
    assert.match(reason, /never closed/);
    assert.match(reason, /on line 4, which reads: Cy;"never closed /);
  });
  test('more stray quotes than are mended: refused, naming the next line', () => {
    const lines = Array.from({ length: 22 }, (_, i) => `B-${i},"Big" Ben ${i}`);
    const reason = refusal(`id,name\n${lines.join('\n')}\n`);
    assert.match(reason, /More than 20 cells start with a quote/);
    assert.match(reason, /on line 22, which reads: B-20,"Big" Ben 20/);
  });
  test('pasted text is named as such', () => {
    const result = readSource({ kind: 'paste', text: 'Name\tEmail\n' });
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.reason, /^The pasted text has a header row/);
  });
  test('parseTable alone: whitespace only', () => {
    assert.equal(parseTable('   \n\t\n').ok, false);
  });
});
