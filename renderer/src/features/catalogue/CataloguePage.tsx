import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { productsQuery, upgradesQuery } from '../../api/queries';
import { ProductsPanel } from './ProductsPanel';
import { ReadOnlyNote } from './ReadOnlyNote';
import { UpgradesPanel } from './UpgradesPanel';

type CatalogueTab = 'products' | 'upgrades';

/**
 * The read-only catalogue. Nested under /catalogue: `/` and `/products` show products,
 * `/upgrades` upgrades, `/products/:id` and `/upgrades/:id` one record's detail.
 */
export function CataloguePage() {
  const [location, navigate] = useLocation();
  const tab: CatalogueTab = location.startsWith('/upgrades') ? 'upgrades' : 'products';
  // Both lists are small and cached: loading them here gives the tabs their counts.
  const products = useQuery(productsQuery());
  const upgrades = useQuery(upgradesQuery());
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Catalogue</Title>
        <Text size="sm" c="dimmed">
          What the dropzone sells: camera packages (products) and extras customers can buy later (upgrades).
        </Text>
      </div>
      <ReadOnlyNote />
      <Tabs value={tab} onChange={(value) => value && value !== tab && navigate(`/${value}`)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="products" rightSection={<TabCount count={products.data?.products.length} />}>
            Products
          </Tabs.Tab>
          <Tabs.Tab value="upgrades" rightSection={<TabCount count={upgrades.data?.upgrades.length} />}>
            Upgrades
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          <ProductsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="upgrades">
          <UpgradesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function TabCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge size="sm" variant="light" color="gray" aria-label={`${count}`}>
      {count}
    </Badge>
  );
}
