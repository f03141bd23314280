import { Code, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ProductListItem } from '../../../../shared/schemas/catalogue';
import { BooleanMark, localeSort, NameCell } from '../../components/grid/cells';
import type { GridColumnMeta } from '../../components/grid/columnLayout';
import { formatMoney } from '../../lib/format';
import { ActiveBadge } from './YesNo';

const column = createColumnHelper<ProductListItem>();
const byText = localeSort<ProductListItem>();
const center: GridColumnMeta = { align: 'center' };

/** The products list's columns (the list response's fields, spec 2.3). Prices are in the dropzone's currency. */
export function productColumns(currency: string) {
  return [
    column.accessor('name', {
      header: 'Name',
      size: 200,
      meta: { grow: true } satisfies GridColumnMeta,
      sortingFn: byText,
      cell: (info) => <NameCell value={info.getValue()} />,
    }),
    column.accessor('booking_system_name', {
      header: 'Booking system name',
      size: 166,
      meta: { grow: true } satisfies GridColumnMeta,
      sortingFn: byText,
      cell: (info) =>
        info.getValue() ? (
          <Code>{info.getValue()}</Code>
        ) : (
          <Text span c="dimmed">
            –
          </Text>
        ),
    }),
    column.accessor('price_cents', {
      header: 'Price',
      cell: (info) => <span className="numeric">{formatMoney(info.getValue(), currency)}</span>,
      size: 100,
      meta: { align: 'right' } satisfies GridColumnMeta,
    }),
    column.accessor('photos', {
      header: 'Photos',
      size: 90,
      cell: (info) => <BooleanMark value={info.getValue()} />,
      meta: center,
    }),
    column.accessor('videographer', {
      header: 'Videographer',
      size: 124,
      cell: (info) => <BooleanMark value={info.getValue()} />,
      meta: center,
    }),
    column.accessor('active', {
      header: 'Active',
      size: 100,
      cell: (info) => <ActiveBadge active={info.getValue()} />,
      meta: center,
    }),
  ];
}
