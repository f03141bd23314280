import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UPGRADE_FIELDS, type Upgrade, type UpgradeListItem } from '../../../../shared/schemas/catalogue';
import { upgradeQuery, upgradesQuery } from '../../api/queries';
import { formatDateTime, formatMoney } from '../../lib/format';
import { UpgradeActions } from './admin/RecordActions';
import type { CatalogueKind, DetailSection } from './catalogue-kind';
import { retryUnlessNotFound } from './DetailError';
import { extraFieldRows } from './FieldList';
import { UPGRADE_COLUMNS } from './upgrade-columns';
import { YesNo } from './YesNo';

function upgradeSections(upgrade: Upgrade): DetailSection[] {
  const rows = [
    { field: 'id', label: 'Id', value: <span className="numeric">{upgrade.id}</span> },
    { field: 'name', label: 'Name', value: upgrade.name },
    {
      field: 'payment_price_cents',
      label: 'Price',
      value: (
        <span className="numeric">{formatMoney(upgrade.payment_price_cents, upgrade.payment_price_currency)}</span>
      ),
    },
    { field: 'payment_price_currency', label: 'Currency', value: <Code>{upgrade.payment_price_currency}</Code> },
    {
      field: 'payment_price_identifier',
      label: 'Payment price identifier',
      value: (
        <Group gap="xs" wrap="nowrap">
          <Code>{upgrade.payment_price_identifier}</Code>
          <CopyButton value={upgrade.payment_price_identifier}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ),
      hint: 'The price at the payment processor',
    },
    {
      field: 'active',
      label: 'Active',
      value: <YesNo value={upgrade.active} />,
      hint: upgrade.active ? undefined : 'Not offered to customers.',
    },
    {
      field: 'notify_staff',
      label: 'Notify staff',
      value: <YesNo value={upgrade.notify_staff} />,
      hint: 'Staff are told when a customer buys it',
    },
    { field: 'created_at', label: 'Created', value: formatDateTime(upgrade.created_at) },
    { field: 'updated_at', label: 'Updated', value: formatDateTime(upgrade.updated_at) },
    // Fields this desk does not know continue the same list: an upgrade has too few for sections.
    ...extraFieldRows(upgrade, UPGRADE_FIELDS),
  ];
  return [{ rows }];
}

const asList = ({ upgrades, version }: { upgrades: UpgradeListItem[]; version: string }) => ({
  items: upgrades,
  version,
});

/** Upgrades (spec 2.4): each priced in its own currency at the payment processor. */
export const UPGRADE_KIND: CatalogueKind<UpgradeListItem, Upgrade> = {
  noun: 'upgrade',
  plural: 'Upgrades',
  useList: () => useQuery({ ...upgradesQuery(), select: asList }),
  useRecord: (id) => useQuery({ ...upgradeQuery(id), retry: retryUnlessNotFound }),
  columns: () => UPGRADE_COLUMNS,
  maxWidth: 760,
  note: () => 'Offered to customers according to what their product entitles them to',
  empty: {
    title: 'No upgrades yet',
    whenLocal: 'Add the extras customers can buy later: Add upgrade.',
    whenRemote: 'Upgrades are set up in the remote service’s admin interface; once there, they appear here.',
  },
  add: (admin) => admin.editUpgrade(null),
  price: (upgrade) => formatMoney(upgrade.payment_price_cents, upgrade.payment_price_currency),
  sections: upgradeSections,
  Actions: UpgradeActions,
};
