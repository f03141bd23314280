import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileNameOf } from '../../renderer/src/api/content-disposition';

test('the file name a Content-Disposition suggests: quoted, a token, or UTF-8 encoded (which wins)', () => {
  assert.equal(fileNameOf('attachment; filename="bookings-2026-11-24.csv"'), 'bookings-2026-11-24.csv');
  assert.equal(fileNameOf('attachment; filename=bookings-all.csv'), 'bookings-all.csv');
  assert.equal(fileNameOf('attachment;filename="say \\"hi\\".csv"'), 'say "hi".csv');
  assert.equal(fileNameOf(`attachment; filename="plain.csv"; filename*=UTF-8''Stra%C3%9Fe.csv`), 'Straße.csv');
  assert.equal(fileNameOf(`attachment; FILENAME*=utf-8'de'M%C3%BCller.csv`), 'Müller.csv');
  assert.equal(
    fileNameOf(`attachment; filename*=UTF-8''broken%E0%A4.csv; filename="fallback.csv"`),
    'fallback.csv',
    'a broken escape: the plain name',
  );
});

test('no name, or none worth saving under: null; a path is cut to its last part', () => {
  assert.equal(fileNameOf(null), null);
  assert.equal(fileNameOf('attachment'), null);
  assert.equal(fileNameOf('attachment; filename=""'), null);
  assert.equal(fileNameOf('attachment; filename=".."'), null);
  assert.equal(fileNameOf('attachment; filename="../../etc/passwd"'), 'passwd');
  assert.equal(fileNameOf('attachment; filename="C:\\\\temp\\\\x.csv"'), 'x.csv');
  assert.equal(fileNameOf('attachment; name="field"'), null, 'name= is not filename=');
});
