import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { productsQuery, sessionQuery, upgradesQuery } from '../../api/queries';
import { CatalogueAdminProvider } from './admin/CatalogueAdmin';
import { MatchingPanel } from './admin/MatchingPanel';
import { CataloguePanel } from './CataloguePanel';
import { PRODUCT_KIND } from './product-kind';
import { ReadOnlyNote } from './ReadOnlyNote';
import { UPGRADE_KIND } from './upgrade-kind';

type CatalogueTab = 'products' | 'upgrades' | 'matching';

/**
 * The catalogue. Nested under /catalogue: `/` and `/products` show products, `/upgrades`
 * upgrades, `/products/:id` and `/upgrades/:id` one record's detail, `/matching` (local mode) the
 * matching tester and the camera packages no product matches. In local mode it is administered
 * here; in proxy mode it is the remote's, read-only.
 */
export function CataloguePage() {
  const [location, navigate] = useLocation();
  const session = useQuery(sessionQuery());
  const local = session.data?.mode === 'local';
  const tab: CatalogueTab = location.startsWith('/upgrades')
    ? 'upgrades'
    : location.startsWith('/matching') && local
      ? 'matching'
      : 'products';
  // Both lists are small and cached: loading them here gives the tabs their counts.
  const products = useQuery(productsQuery());
  const upgrades = useQuery(upgradesQuery());
  return (
    <CatalogueAdminProvider onDeleted={(deleted) => navigate(`/${deleted.kind}s`)}>
      <Stack gap="md">
        <div>
          <Title order={2}>Catalogue</Title>
          <Text size="sm" c="dimmed">
            What the dropzone sells: camera packages (products) and extras customers can buy later (upgrades).
          </Text>
        </div>
        {session.isSuccess && <ReadOnlyNote local={local} />}
        <Tabs value={tab} onChange={(value) => value && value !== tab && navigate(`/${value}`)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="products" rightSection={<TabCount count={products.data?.products.length} />}>
              Products
            </Tabs.Tab>
            <Tabs.Tab value="upgrades" rightSection={<TabCount count={upgrades.data?.upgrades.length} />}>
              Upgrades
            </Tabs.Tab>
            {local && <Tabs.Tab value="matching">Matching</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="products">
            <CataloguePanel kind={PRODUCT_KIND} />
          </Tabs.Panel>
          <Tabs.Panel value="upgrades">
            <CataloguePanel kind={UPGRADE_KIND} />
          </Tabs.Panel>
          {local && (
            <Tabs.Panel value="matching">
              <MatchingPanel />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </CatalogueAdminProvider>
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
