import { createColumnHelper } from '@tanstack/react-table';
import type { UpgradeListItem } from '../../../../shared/schemas/catalogue';
import { localeSort, NameCell } from '../../components/grid/cells';
import type { GridColumnMeta } from '../../components/grid/columnLayout';
import { formatMoney } from '../../lib/format';
import { ActiveBadge } from './YesNo';

const column = createColumnHelper<UpgradeListItem>();

/** The upgrades list's columns (spec 2.4); each price in its own currency. A module constant: stable for TanStack. */
export const UPGRADE_COLUMNS = [
  column.accessor('name', {
    header: 'Name',
    size: 200,
    meta: { grow: true } satisfies GridColumnMeta,
    sortingFn: localeSort<UpgradeListItem>(),
    cell: (info) => <NameCell value={info.getValue()} />,
  }),
  column.accessor('payment_price_cents', {
    header: 'Price',
    cell: ({ row: { original: upgrade } }) => (
      <span className="numeric">{formatMoney(upgrade.payment_price_cents, upgrade.payment_price_currency)}</span>
    ),
    size: 140,
    meta: { align: 'right' } satisfies GridColumnMeta,
  }),
  column.accessor('active', {
    header: 'Active',
    cell: (info) => <ActiveBadge active={info.getValue()} />,
    size: 120,
    meta: { align: 'center' } satisfies GridColumnMeta,
  }),
];
