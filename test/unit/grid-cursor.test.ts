import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cursorWithin, movedCursor } from '../../renderer/src/components/grid/gridCursor';

const size = { rows: 50, columns: 6 };
const at = { position: 5, column: 2 };

test('row grids move between rows only; Home and End go to the first and last row', () => {
  assert.deepEqual(movedCursor('ArrowDown', false, at, size, 'row'), { position: 6, column: 2 });
  assert.deepEqual(movedCursor('PageUp', false, at, size, 'row'), { position: 0, column: 2 });
  assert.deepEqual(movedCursor('End', false, at, size, 'row'), { position: 49, column: 2 });
  assert.equal(movedCursor('ArrowRight', false, at, size, 'row'), null);
  assert.equal(movedCursor('Enter', false, at, size, 'row'), null);
});

test('cell grids move like a spreadsheet: Home and End along the row, with Ctrl to the first and last row', () => {
  assert.deepEqual(movedCursor('ArrowRight', false, at, size, 'cell'), { position: 5, column: 3 });
  assert.deepEqual(movedCursor('ArrowLeft', false, { position: 5, column: 0 }, size, 'cell'), {
    position: 5,
    column: 0,
  });
  assert.deepEqual(movedCursor('Home', false, at, size, 'cell'), { position: 5, column: 0 });
  assert.deepEqual(movedCursor('End', false, at, size, 'cell'), { position: 5, column: 5 });
  assert.deepEqual(movedCursor('End', true, at, size, 'cell'), { position: 49, column: 2 });
  assert.deepEqual(movedCursor('PageDown', false, { position: 45, column: 1 }, size, 'cell'), {
    position: 49,
    column: 1,
  });
});

test('the cursor stays inside a list that shrank, and is gone when it is empty', () => {
  assert.deepEqual(cursorWithin({ position: 80, column: 9 }, size), { position: 49, column: 5 });
  assert.equal(cursorWithin(at, { rows: 0, columns: 6 }), null);
  assert.equal(cursorWithin(null, size), null);
});
