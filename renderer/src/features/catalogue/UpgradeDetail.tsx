import { Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Upgrade } from '../../../../shared/schemas/catalogue';
import { sessionQuery, upgradeQuery } from '../../api/queries';
import { LoadingState } from '../../components/states';
import { formatDateTime, formatMoney } from '../../lib/format';
import { DetailError, retryUnlessNotFound } from './DetailError';
import { extraFieldRows, FieldList, type FieldRow } from './FieldList';
import { UpgradeActions } from './admin/RecordActions';
import { ReadOnlyFootnote } from './ReadOnlyNote';
import { ActiveBadge, YesNo } from './YesNo';

/** Every field of spec 2.4. */
const KNOWN_FIELDS = [
  'id',
  'name',
  'active',
  'notify_staff',
  'payment_price_cents',
  'payment_price_currency',
  'payment_price_identifier',
  'created_at',
  'updated_at',
] as const;

function upgradeRows(upgrade: Upgrade): FieldRow[] {
  return [
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
    ...extraFieldRows(upgrade, KNOWN_FIELDS),
  ];
}

/** One upgrade, as the show endpoint gives it. */
export function UpgradeDetail({ id }: { id: number }) {
  const upgrade = useQuery({ ...upgradeQuery(id), retry: retryUnlessNotFound });
  const session = useQuery(sessionQuery());
  if (upgrade.isError)
    return <DetailError error={upgrade.error} kind="upgrade" id={id} onRetry={() => upgrade.refetch()} />;
  if (upgrade.isPending) return <LoadingState label="Loading the upgrade…" />;
  return (
    <Stack gap="lg" data-testid="upgrade-detail">
      <div>
        <Group gap="sm" align="center">
          <Title order={3}>{upgrade.data.name}</Title>
          <ActiveBadge active={upgrade.data.active} />
        </Group>
        <Text size="xl" fw={650} className="numeric" mt={4}>
          {formatMoney(upgrade.data.payment_price_cents, upgrade.data.payment_price_currency)}
        </Text>
      </div>
      <UpgradeActions id={id} />
      <FieldList rows={upgradeRows(upgrade.data)} />
      <ReadOnlyFootnote local={session.data?.mode !== 'proxy'} />
    </Stack>
  );
}
