import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRoute } from 'wouter';
import { upgradesQuery } from '../../api/queries';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useCatalogueAdmin } from './admin/CatalogueAdmin';
import { CatalogueTable } from './CatalogueTable';
import { CatalogueVersion } from './CatalogueVersion';
import { DetailDrawer } from './DetailDrawer';
import { UPGRADE_COLUMNS } from './upgrade-columns';
import { UpgradeDetail } from './UpgradeDetail';

/** The upgrades list; `/upgrades/:id` (relative to the catalogue) opens one beside it. */
export function UpgradesPanel() {
  const [, navigate] = useLocation();
  const [detailOpen, params] = useRoute('/upgrades/:id');
  const openId = detailOpen ? Number(params.id) : null;
  const upgrades = useQuery(upgradesQuery());
  const admin = useCatalogueAdmin();

  let content;
  if (upgrades.isError) content = <ErrorState error={upgrades.error} onRetry={() => upgrades.refetch()} />;
  else if (upgrades.isPending) content = <LoadingState label="Loading upgrades…" />;
  else if (upgrades.data.upgrades.length === 0)
    content = (
      <EmptyState title="No upgrades yet">
        {admin
          ? 'Add the extras customers can buy later: Add upgrade.'
          : 'Upgrades are set up in the remote service’s admin interface; once there, they appear here.'}
      </EmptyState>
    );
  else
    content = (
      <CatalogueTable
        items={upgrades.data.upgrades}
        columns={UPGRADE_COLUMNS}
        label="Upgrades"
        testId="upgrades-grid"
        maxWidth={760}
        openId={openId}
        onOpen={(upgrade) => navigate(`/upgrades/${upgrade.id}`)}
      />
    );

  return (
    <Stack gap="sm">
      {upgrades.isSuccess && (
        <Group justify="space-between" maw={760}>
          <Group gap="md">
            {admin && (
              <Button size="xs" onClick={() => admin.editUpgrade(null)}>
                Add upgrade
              </Button>
            )}
            <Text size="xs" c="dimmed">
              Offered to customers according to what their product entitles them to
            </Text>
          </Group>
          <CatalogueVersion version={upgrades.data.version} testId="upgrades-version" />
        </Group>
      )}
      {content}
      <DetailDrawer id={openId} label="Upgrade" onClose={() => navigate('/upgrades')}>
        {(id) => <UpgradeDetail id={id} />}
      </DetailDrawer>
    </Stack>
  );
}
