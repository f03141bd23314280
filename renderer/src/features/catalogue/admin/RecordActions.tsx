import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProductsQuery, adminUpgradesQuery, catalogueAdminApi } from '../../../api/catalogue-admin-api';
import { queryKeys } from '../../../api/queries';
import { formatCredits } from '../../../lib/format';
import { useCatalogueAdmin } from './CatalogueAdmin';
import { CAMERA_LABELS, VIDEO_LABELS } from './product-form';

/** Edit, (de)activate and delete one product, in its detail drawer (local mode only). */
export function ProductActions({ id }: { id: number }) {
  const admin = useCatalogueAdmin();
  const products = useQuery({ ...adminProductsQuery(), enabled: admin !== null });
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => catalogueAdminApi.updateProduct(id, { active }),
    onSuccess: (saved) => admin?.offerRematch(saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
  });
  const product = products.data?.products.find((p) => p.id === id);
  if (!admin || !product) return null;
  const inUse = product.bookings + product.finance_events > 0;
  const grants = [
    VIDEO_LABELS[product.video_entitlement],
    CAMERA_LABELS[product.camera_requirement ?? 'none'],
    `${formatCredits(product.centi_credits)} credits`,
  ].join(' · ');
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="product-grants">
        Grants: {grants}
      </Text>
      <Group gap="xs" data-testid="product-actions">
        <Button size="xs" onClick={() => admin.editProduct({ product })}>
          Edit…
        </Button>
        <Button size="xs" variant="default" loading={toggle.isPending} onClick={() => toggle.mutate(!product.active)}>
          {product.active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          // Not disabled when in use: the desk's refusal says why, with the counts, and what to do instead.
          aria-description={
            inUse ? `in use by ${product.bookings} booking(s) and ${product.finance_events} ledger event(s)` : undefined
          }
          onClick={() => admin.remove({ kind: 'product', id, name: product.name })}
        >
          Delete…
        </Button>
      </Group>
    </Stack>
  );
}

export function UpgradeActions({ id }: { id: number }) {
  const admin = useCatalogueAdmin();
  const upgrades = useQuery({ ...adminUpgradesQuery(), enabled: admin !== null });
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => catalogueAdminApi.updateUpgrade(id, { active }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
  });
  const upgrade = upgrades.data?.upgrades.find((u) => u.id === id);
  if (!admin || !upgrade) return null;
  return (
    <Group gap="xs" data-testid="upgrade-actions">
      <Button size="xs" onClick={() => admin.editUpgrade(upgrade)}>
        Edit…
      </Button>
      <Button size="xs" variant="default" loading={toggle.isPending} onClick={() => toggle.mutate(!upgrade.active)}>
        {upgrade.active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-description={upgrade.payments > 0 ? `paid for ${upgrade.payments} time(s)` : undefined}
        onClick={() => admin.remove({ kind: 'upgrade', id, name: upgrade.name })}
      >
        Delete…
      </Button>
    </Group>
  );
}
