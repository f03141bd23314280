import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTable, getCoreRowModel, type ColumnDef, type ColumnSizingState } from '@tanstack/react-table';
import {
  cellLayout,
  columnFlexes,
  EMPTY_COLUMN_MIN,
  minimumWidth,
  type GridColumnMeta,
} from '../../renderer/src/components/grid/columnLayout';

type Row = Record<string, string>;
const column = (id: string, size: number, meta?: GridColumnMeta, minSize?: number): ColumnDef<Row, unknown> => ({
  id,
  accessorKey: id,
  size,
  meta,
  ...(minSize === undefined ? {} : { minSize }),
});

function columnsOf(defs: ColumnDef<Row, unknown>[], columnSizing: ColumnSizingState = {}) {
  const table = createTable<Row>({
    data: [],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    state: { columnSizing, columnVisibility: {}, columnOrder: [], columnPinning: {} },
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  return table.getVisibleLeafColumns();
}

const BOOKINGS = [
  column('date', 144),
  column('name', 160, { grow: 1, shrink: 0.5 }, 120),
  column('email', 220, { grow: 1, shrink: 1 }, 140),
  column('product', 296, { grow: 1, shrink: 0.05 }, 130),
  column('id', 110),
];

test('grow and shrink weights, scaled so the smallest is 1; the others keep their size', () => {
  const columns = columnsOf(BOOKINGS);
  const flexes = columnFlexes(columns, {});
  const byId = Object.fromEntries(columns.map((c) => [c.id, flexes.get(c)]));
  assert.equal(byId.date, undefined);
  assert.equal(byId.id, undefined);
  assert.deepEqual(byId.name, { grow: 1, shrink: 10, min: 120 });
  assert.deepEqual(byId.email, { grow: 1, shrink: 20, min: 140 });
  assert.deepEqual(byId.product, { grow: 1, shrink: 1, min: 130 });
  assert.equal(minimumWidth(columns, flexes), 144 + 120 + 140 + 130 + 110);
  assert.deepEqual(cellLayout(columns[3]!, byId.product).style, {
    width: 'var(--grid-w-product)',
    flex: '1 1 var(--grid-w-product)',
    minWidth: '130px',
  });
  assert.deepEqual(cellLayout(columns[0]!, byId.date).style, { width: 'var(--grid-w-date)' });
});

test('a column the user sized keeps its width; with no column left to grow, the last one does', () => {
  const sized = columnsOf(BOOKINGS, { product: 300 });
  const flexes = columnFlexes(sized, { product: 300 });
  assert.equal(flexes.get(sized[3]!), undefined);
  assert.equal(minimumWidth(sized, flexes), 144 + 120 + 140 + 300 + 110);

  const plain = columnsOf([column('a', 100), column('b', 80)]);
  const last = columnFlexes(plain, {});
  assert.deepEqual([last.get(plain[0]!), last.get(plain[1]!)], [undefined, { grow: 1, shrink: 0, min: 80 }]);
  assert.equal(minimumWidth(plain, last), 180);
});

test('grow without shrink never goes below its size; a size under minSize is minSize (TanStack clamps it)', () => {
  const columns = columnsOf([column('a', 100, { grow: true }, 40), column('b', 90, { grow: 2, shrink: 1 }, 200)]);
  const flexes = columnFlexes(columns, {});
  assert.deepEqual(flexes.get(columns[0]!), { grow: 1, shrink: 0, min: 100 });
  assert.deepEqual(flexes.get(columns[1]!), { grow: 2, shrink: 1, min: 200 });
});

test('a column with nothing in it on the rows shown is narrow and takes no room; one the user sized keeps its width', () => {
  const columns = columnsOf(BOOKINGS);
  const flexes = columnFlexes(columns, {}, new Set(['product', 'date']));
  const byId = Object.fromEntries(columns.map((c) => [c.id, flexes.get(c)]));
  assert.deepEqual(byId.product, { grow: 0, shrink: 0, min: EMPTY_COLUMN_MIN, basis: EMPTY_COLUMN_MIN });
  assert.deepEqual(byId.date, { grow: 0, shrink: 0, min: EMPTY_COLUMN_MIN, basis: EMPTY_COLUMN_MIN });
  assert.deepEqual(byId.email, { grow: 1, shrink: 2, min: 140 }, 'the others share the room it left');
  assert.equal(minimumWidth(columns, flexes), EMPTY_COLUMN_MIN + 120 + 140 + EMPTY_COLUMN_MIN + 110);
  assert.deepEqual(cellLayout(columns[3]!, byId.product).style, {
    width: `${EMPTY_COLUMN_MIN}px`,
    flex: `0 0 ${EMPTY_COLUMN_MIN}px`,
    minWidth: `${EMPTY_COLUMN_MIN}px`,
  });

  const sized = columnsOf(BOOKINGS, { product: 300 });
  assert.equal(columnFlexes(sized, { product: 300 }, new Set(['product'])).get(sized[3]!), undefined);
});

test('the last column, empty, still reaches the edge when no other grows', () => {
  const plain = columnsOf([column('a', 100), column('b', 180)]);
  const flexes = columnFlexes(plain, {}, new Set(['b']));
  assert.deepEqual(flexes.get(plain[1]!), { grow: 1, shrink: 0, min: EMPTY_COLUMN_MIN, basis: EMPTY_COLUMN_MIN });
});
