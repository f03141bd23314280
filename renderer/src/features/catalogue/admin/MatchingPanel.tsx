import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeVerdict, explainMatch } from '../../../../../shared/service/product-match';
import { adminProductsQuery, catalogueAdminApi, unmatchedPackagesQuery } from '../../../api/catalogue-admin-api';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCatalogueAdmin } from './CatalogueAdmin';

/**
 * Matching made manageable (spec 2.3: product names "must be configured by hand so that [they]
 * match the names the external system sends"): a tester that explains the rule for one camera
 * package, and the packages of bookings no product matches.
 */
export function MatchingPanel() {
  return (
    <Stack gap="lg">
      <MatchTester />
      <UnmatchedPackages />
    </Stack>
  );
}

function MatchTester() {
  const products = useQuery(adminProductsQuery());
  const [cameraPackage, setCameraPackage] = useState('');
  const explained =
    products.data && cameraPackage !== '' ? explainMatch(products.data.products, cameraPackage) : undefined;
  return (
    <Paper withBorder p="md" radius="md" data-testid="match-tester">
      <Title order={4} mb={4}>
        Which product does a camera package get?
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The active product whose booking system name the package starts with (any case); the longest name wins, then the
        lowest id.
      </Text>
      <TextInput
        label="Camera package"
        placeholder="as the booking system sends it, e.g. Selfie + Photos 4K"
        value={cameraPackage}
        onChange={(event) => setCameraPackage(event.currentTarget.value)}
        maw={480}
        autoComplete="off"
      />
      {products.isError && <ErrorState error={products.error} onRetry={() => products.refetch()} />}
      {explained && (
        <Stack gap="xs" mt="md" aria-live="polite">
          <Text fw={600} data-testid="match-winner">
            {explained.winner
              ? `Matches ${explained.winner.name} (product ${explained.winner.id})`
              : 'Matches no product'}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Why each product won or lost" data-testid="match-steps">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Booking system name</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {explained.steps.map((step) => (
                  <Table.Tr key={step.product.id} data-verdict={step.verdict}>
                    <Table.Td>
                      {step.product.name}
                      {step.verdict === 'winner' && (
                        <Badge ml="xs" size="sm" color="teal" variant="light">
                          winner
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {step.product.booking_system_name ? <Code>{step.product.booking_system_name}</Code> : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={step.verdict === 'winner' ? undefined : 'dimmed'}>
                        {describeVerdict(step, explained.winner)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
}

function UnmatchedPackages() {
  const admin = useCatalogueAdmin();
  const unmatched = useQuery(unmatchedPackagesQuery());
  const products = useQuery(adminProductsQuery());
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const matchTo = async (productId: number) => {
    const product = products.data?.products.find((p) => p.id === productId);
    if (!admin || !product) return;
    setBusy(productId);
    setFailure(null);
    try {
      admin.offerRematch({ product, rematch: await catalogueAdminApi.previewRematch(productId) });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  let content;
  if (unmatched.isError) content = <ErrorState error={unmatched.error} onRetry={() => unmatched.refetch()} />;
  else if (unmatched.isPending) content = <LoadingState label="Looking for unmatched camera packages…" />;
  else if (unmatched.data.packages.length === 0)
    content = <Text size="sm">Every booking with a camera package has a product.</Text>;
  else
    content = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Camera packages without a product" data-testid="unmatched-packages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Camera package</Table.Th>
              <Table.Th ta="right">Bookings</Table.Th>
              <Table.Th ta="right">Would be matched</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {unmatched.data.packages.map((p) => (
              <Table.Tr key={p.camera_package}>
                <Table.Td>
                  <Code>{p.camera_package}</Code>
                </Table.Td>
                <Table.Td ta="right" className="numeric">
                  {p.bookings}
                </Table.Td>
                <Table.Td ta="right" className="numeric">
                  {p.matchable}
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {p.product ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={busy === p.product.id}
                        onClick={() => matchTo(p.product!.id)}
                      >
                        Match to {p.product.name}…
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => admin?.editProduct({ product: null, bookingSystemName: p.camera_package })}
                      >
                        Create product for this name…
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb={4}>
        Camera packages without a product
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What the booking system sent for bookings that have no product. “Would be matched” leaves out bookings whose
        album already reached the customer.
      </Text>
      {failure && (
        <Alert color="red" mb="sm">
          {failure}
        </Alert>
      )}
      {content}
    </Paper>
  );
}
