import { Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_FIELDS, type Product, type ProductListItem } from '../../../../shared/schemas/catalogue';
import { productQuery, productsQuery } from '../../api/queries';
import { formatMoney } from '../../lib/format';
import { ProductActions } from './admin/RecordActions';
import type { CatalogueKind, DetailSection } from './catalogue-kind';
import { retryUnlessNotFound } from './DetailError';
import { extraFieldRows, type FieldRow } from './FieldList';
import { productColumns } from './product-columns';
import { YesNo } from './YesNo';

const ENTITLEMENTS: { field: (typeof PRODUCT_FIELDS)[number]; label: string; hint?: string }[] = [
  { field: 'selfie', label: 'Selfie video' },
  { field: 'videographer', label: 'Videographer' },
  { field: 'either_video', label: 'Either video', hint: 'Whichever camera is available' },
  { field: 'socials', label: 'Social clips', hint: 'Short edits for social media' },
  { field: 'photos', label: 'Photos' },
  { field: 'has_4k', label: '4K footage' },
  { field: 'raw_footage', label: 'Raw footage', hint: 'The unedited files' },
];

function productFacts(product: Product, currency: string): FieldRow[] {
  return [
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
  ];
}

function productSections(product: Product, currency: string): DetailSection[] {
  return [
    { rows: productFacts(product, currency) },
    {
      title: 'What the customer gets',
      rows: ENTITLEMENTS.map(({ field, label, hint }) => ({
        field,
        label,
        value: <YesNo value={Boolean(product[field])} />,
        hint,
      })),
    },
    { title: 'More fields from the server', rows: extraFieldRows(product, PRODUCT_FIELDS) },
  ];
}

const asList = ({ products, version }: { products: ProductListItem[]; version: string }) => ({
  items: products,
  version,
});

/** Products (spec 2.3): priced in the dropzone's currency, matched to bookings by their booking system name. */
export const PRODUCT_KIND: CatalogueKind<ProductListItem, Product> = {
  noun: 'product',
  plural: 'Products',
  useList: () => useQuery({ ...productsQuery(), select: asList }),
  useRecord: (id) => useQuery({ ...productQuery(id), retry: retryUnlessNotFound }),
  columns: productColumns,
  note: (currency) => `Prices in ${currency}, the dropzone’s currency`,
  empty: {
    title: 'No products yet',
    whenLocal: 'Add the camera packages the dropzone sells: Add product.',
    whenRemote: 'Products are set up in the remote service’s admin interface; once there, they appear here.',
  },
  add: (admin) => admin.editProduct({ product: null }),
  price: (product, currency) => formatMoney(product.price_cents, currency),
  sections: productSections,
  Actions: ProductActions,
};
