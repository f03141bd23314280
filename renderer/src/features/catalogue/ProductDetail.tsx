import { Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/catalogue';
import { productQuery, sessionQuery } from '../../api/queries';
import { ErrorState, LoadingState } from '../../components/states';
import { formatMoney } from '../../lib/format';
import { DetailError, retryUnlessNotFound } from './DetailError';
import { extraFieldRows, FieldList, type FieldRow } from './FieldList';
import { ProductActions } from './admin/RecordActions';
import { ReadOnlyFootnote } from './ReadOnlyNote';
import { ActiveBadge, YesNo } from './YesNo';

/** Every field of spec 2.3, in the order a desk user reads them. */
const KNOWN_FIELDS = [
  'id',
  'name',
  'active',
  'booking_system_name',
  'price_cents',
  'photos',
  'selfie',
  'videographer',
  'either_video',
  'socials',
  'has_4k',
  'raw_footage',
] as const;

const ENTITLEMENTS: { field: keyof Product & (typeof KNOWN_FIELDS)[number]; label: string; hint?: string }[] = [
  { field: 'selfie', label: 'Selfie video' },
  { field: 'videographer', label: 'Videographer' },
  { field: 'either_video', label: 'Either video', hint: 'Whichever camera is available' },
  { field: 'socials', label: 'Social clips', hint: 'Short edits for social media' },
  { field: 'photos', label: 'Photos' },
  { field: 'has_4k', label: '4K footage' },
  { field: 'raw_footage', label: 'Raw footage', hint: 'The unedited files' },
];

function productRows(
  product: Product,
  currency: string,
): { facts: FieldRow[]; entitlements: FieldRow[]; extra: FieldRow[] } {
  return {
    facts: [
      { field: 'id', label: 'Id', value: <span className="numeric">{product.id}</span> },
      { field: 'name', label: 'Name', value: product.name },
      {
        field: 'booking_system_name',
        label: 'Booking system name',
        value: product.booking_system_name ? (
          <Code>{product.booking_system_name}</Code>
        ) : (
          <Text span c="dimmed">
            none (never matched)
          </Text>
        ),
        hint: product.booking_system_name
          ? `Bookings whose camera package starts with “${product.booking_system_name}” (any case) get this product; the longest matching name wins.`
          : undefined,
      },
      {
        field: 'price_cents',
        label: 'Price',
        value: <span className="numeric">{formatMoney(product.price_cents, currency)}</span>,
      },
      {
        field: 'active',
        label: 'Active',
        value: <YesNo value={product.active} />,
        hint: product.active ? undefined : 'Inactive products are not matched to new bookings.',
      },
    ],
    entitlements: ENTITLEMENTS.map(({ field, label, hint }) => ({
      field,
      label,
      value: <YesNo value={Boolean(product[field])} />,
      hint,
    })),
    extra: extraFieldRows(product, KNOWN_FIELDS),
  };
}

/** One product, as the show endpoint gives it. */
export function ProductDetail({ id }: { id: number }) {
  const product = useQuery({ ...productQuery(id), retry: retryUnlessNotFound });
  const session = useQuery(sessionQuery());
  if (product.isError)
    return <DetailError error={product.error} kind="product" id={id} onRetry={() => product.refetch()} />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  if (product.isPending || session.isPending) return <LoadingState label="Loading the product…" />;
  const { facts, entitlements, extra } = productRows(product.data, session.data.dropzone.currency);
  return (
    <Stack gap="lg" data-testid="product-detail">
      <div>
        <Group gap="sm" align="center">
          <Title order={3}>{product.data.name}</Title>
          <ActiveBadge active={product.data.active} />
        </Group>
        <Text size="xl" fw={650} className="numeric" mt={4}>
          {formatMoney(product.data.price_cents, session.data.dropzone.currency)}
        </Text>
      </div>
      <ProductActions id={id} />
      <FieldList rows={facts} />
      <div>
        <Title order={5} mb="xs">
          What the customer gets
        </Title>
        <FieldList rows={entitlements} />
      </div>
      {extra.length > 0 && (
        <div>
          <Title order={5} mb="xs">
            More fields from the server
          </Title>
          <FieldList rows={extra} />
        </div>
      )}
      <ReadOnlyFootnote local={session.data.mode === 'local'} />
    </Stack>
  );
}
