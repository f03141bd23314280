import { Code, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ProductListItem } from '../../../../shared/schemas/catalogue';
import { BooleanMark, localeSort, type DataGridColumnMeta, NameCell } from '../../components/DataGrid';
import { formatMoney } from '../../lib/format';
import { ActiveBadge } from './YesNo';

const column = createColumnHelper<ProductListItem>();
const byText = localeSort<ProductListItem>();
const center: DataGridColumnMeta = { align: 'center', width: 120 };

/** The products list's columns (the list response's fields, spec 2.3). Prices are in the dropzone's currency. */
export function productColumns(currency: string) {
  return [
    column.accessor('name', {
      header: 'Name',
      sortingFn: byText,
      cell: (info) => <NameCell value={info.getValue()} />,
    }),
    column.accessor('booking_system_name', {
      header: 'Booking system name',
      sortingFn: byText,
      cell: (info) => (info.getValue() ? <Code>{info.getValue()}</Code> : <Text span c="dimmed">–</Text>),
    }),
    column.accessor('price_cents', {
      header: 'Price',
      cell: (info) => <span className="numeric">{formatMoney(info.getValue(), currency)}</span>,
      meta: { align: 'right', width: 120 },
    }),
    column.accessor('photos', { header: 'Photos', cell: (info) => <BooleanMark value={info.getValue()} />, meta: center }),
    column.accessor('videographer', { header: 'Videographer', cell: (info) => <BooleanMark value={info.getValue()} />, meta: center }),
    column.accessor('active', { header: 'Active', cell: (info) => <ActiveBadge active={info.getValue()} />, meta: center }),
  ];
}
