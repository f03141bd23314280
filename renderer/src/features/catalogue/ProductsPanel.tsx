import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useRoute } from 'wouter';
import { productsQuery, sessionQuery } from '../../api/queries';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useCatalogueAdmin } from './admin/CatalogueAdmin';
import { CatalogueTable } from './CatalogueTable';
import { CatalogueVersion } from './CatalogueVersion';
import { DetailDrawer } from './DetailDrawer';
import { ProductDetail } from './ProductDetail';
import { productColumns } from './product-columns';

/** The products list; `/products/:id` (relative to the catalogue) opens one beside it. */
export function ProductsPanel() {
  const [, navigate] = useLocation();
  const [detailOpen, params] = useRoute('/products/:id');
  const openId = detailOpen ? Number(params.id) : null;
  const products = useQuery(productsQuery());
  const session = useQuery(sessionQuery());
  const currency = session.data?.dropzone.currency;
  const columns = useMemo(() => productColumns(currency ?? 'EUR'), [currency]);
  const admin = useCatalogueAdmin();

  let content;
  if (products.isError) content = <ErrorState error={products.error} onRetry={() => products.refetch()} />;
  else if (session.isError) content = <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  else if (products.isPending || session.isPending) content = <LoadingState label="Loading products…" />;
  else if (products.data.products.length === 0)
    content = (
      <EmptyState title="No products yet">
        {admin
          ? 'Add the camera packages the dropzone sells: Add product.'
          : 'Products are set up in the remote service’s admin interface; once there, they appear here.'}
      </EmptyState>
    );
  else
    content = (
      <CatalogueTable
        items={products.data.products}
        columns={columns}
        label="Products"
        testId="products-grid"
        openId={openId}
        onOpen={(product) => navigate(`/products/${product.id}`)}
      />
    );

  return (
    <Stack gap="sm">
      {products.isSuccess && (
        <Group justify="space-between">
          <Group gap="md">
            {admin && (
              <Button size="xs" onClick={() => admin.editProduct({ product: null })}>
                Add product
              </Button>
            )}
            <Text size="xs" c="dimmed">
              Prices in {currency ?? '…'}, the dropzone’s currency
            </Text>
          </Group>
          <CatalogueVersion version={products.data.version} testId="products-version" />
        </Group>
      )}
      {content}
      <DetailDrawer id={openId} label="Product" onClose={() => navigate('/products')}>
        {(id) => <ProductDetail id={id} />}
      </DetailDrawer>
    </Stack>
  );
}
