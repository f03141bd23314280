import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byReadingOrder } from '../../electron/desk/reading-order';

const names = (rows: { name: string | null }[]) => rows.map((r) => r.name);
const rowsOf = (list: (string | null)[]) => list.map((name, i) => ({ id: i + 1, name }));

test('the day sheet reads names as people do: numbers by value, accents and case beside their letter', () => {
  const sorted = byReadingOrder(rowsOf(['Ann 10', 'Zoë', 'élise', 'Ann 2', 'bob', 'Elise', 'Émile', 'Ann 1']), 'en');
  assert.deepEqual(names(sorted), ['Ann 1', 'Ann 2', 'Ann 10', 'bob', 'élise', 'Elise', 'Émile', 'Zoë']);
});

test('plain text order would differ: that is what this changes', () => {
  const plain = rowsOf(['Ann 10', 'Ann 2', 'élise', 'Zed']).toSorted((a, b) => (a.name! < b.name! ? -1 : 1));
  assert.deepEqual(names(plain), ['Ann 10', 'Ann 2', 'Zed', 'élise']);
});

test('names that read the same keep the desk id order; a booking without a name comes last', () => {
  const sorted = byReadingOrder(
    [
      { id: 9, name: 'ELISE' },
      { id: 3, name: null },
      { id: 4, name: 'élise' },
      { id: 7, name: 'Elise' },
    ],
    'en',
  );
  assert.deepEqual(
    sorted.map((r) => r.id),
    [4, 7, 9, 3],
  );
});

test('the locale decides: Swedish puts Ö after Z, German beside O', () => {
  assert.deepEqual(names(byReadingOrder(rowsOf(['Östen', 'Zander', 'Olle']), 'sv')), ['Olle', 'Zander', 'Östen']);
  assert.deepEqual(names(byReadingOrder(rowsOf(['Östen', 'Zander', 'Olle']), 'de')), ['Olle', 'Östen', 'Zander']);
});
