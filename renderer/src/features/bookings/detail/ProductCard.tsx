import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../../shared/schemas/catalogue';
import { productQuery } from '../../../api/queries';
import { formatMoney } from '../../../lib/format';

const PRODUCT_ENTITLEMENTS: [keyof Product, string][] = [
  ['selfie', 'Selfie video'],
  ['videographer', 'Videographer video'],
  ['either_video', 'Either camera'],
  ['socials', 'Social clips'],
  ['photos', 'Photos'],
  ['has_4k', '4K'],
  ['raw_footage', 'Raw footage'],
];

function MatchedProduct({ productId, currency }: { productId: number; currency: string | undefined }) {
  const product = useQuery(productQuery(productId));
  if (product.isPending) return <Skeleton h={64} />;
  if (product.isError) {
    return (
      <Text size="sm" c="red" data-testid="product-error">
        Product #{productId} could not be loaded: {product.error.message}
      </Text>
    );
  }
  const p = product.data;
  const entitlements = PRODUCT_ENTITLEMENTS.filter(([key]) => p[key] === true);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Group gap="xs" align="baseline">
          <Text fw={600} size="lg" data-testid="product-name">
            {p.name}
          </Text>
          {!p.active && (
            <Badge size="xs" color="gray" variant="outline">
              Inactive
            </Badge>
          )}
        </Group>
        <Text fw={600} className="numeric" data-testid="product-price">
          {currency ? formatMoney(p.price_cents, currency) : '…'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Booking-system name “{p.booking_system_name}” · product #{p.id}
      </Text>
      <Group gap={6} data-testid="product-entitlements">
        {entitlements.length === 0 ? (
          <Text size="sm" c="dimmed">
            No entitlements
          </Text>
        ) : (
          entitlements.map(([key, label]) => (
            <Badge key={key} variant="light" color="sky" size="sm" radius="sm" tt="none">
              {label}
            </Badge>
          ))
        )}
      </Group>
    </Stack>
  );
}

/** The product the camera package matched (spec 2.3), or why there is none. */
export function ProductCard({
  productId,
  cameraPackage,
  currency,
}: {
  productId: number | null;
  cameraPackage: string | null;
  currency: string | undefined;
}) {
  return (
    <Card withBorder padding="lg" data-testid="booking-product">
      <Title order={4} mb="sm">
        Product
      </Title>
      {productId !== null ? (
        <MatchedProduct productId={productId} currency={currency} />
      ) : (
        <Stack gap={4} data-testid="product-none">
          <Text fw={600}>No product matched</Text>
          <Text size="sm" c="dimmed">
            {cameraPackage
              ? `No active product’s booking-system name is the start of “${cameraPackage}”. `
              : 'The booking has no camera package. '}
            Products match by booking-system name as a prefix of the camera package (case-insensitive), e.g. “Selfie”
            matches “Selfie video”.
          </Text>
        </Stack>
      )}
    </Card>
  );
}
