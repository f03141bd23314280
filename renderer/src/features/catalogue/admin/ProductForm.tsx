import { Checkbox, Group, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AdminProduct, ProductSaved } from '../../../../../shared/schemas/catalogue-admin';
import { CAMERA_REQUIREMENTS, VIDEO_ENTITLEMENTS } from '../../../../../shared/schemas/finance';
import { catalogueAdminApi } from '../../../api/catalogue-admin-api';
import type { CatalogueFormKind } from './catalogue-form-kind';
import {
  CAMERA_LABELS,
  NEW_PRODUCT,
  PRODUCT_FIELD_OF,
  productBody,
  productFormValues,
  VIDEO_LABELS,
  type ProductFormValues,
} from './product-form';

export interface ProductFormTarget {
  /** The product to edit; null for a new one. */
  product: AdminProduct | null;
  /** A new product's booking system name (from an unmatched camera package). */
  bookingSystemName?: string;
}

type ProductBody = Parameters<typeof catalogueAdminApi.createProduct>[0];

/** The product form: what the customer gets, matched to bookings by the booking system name. */
export const PRODUCT_FORM: CatalogueFormKind<ProductFormTarget, ProductFormValues, ProductBody, ProductSaved> = {
  noun: 'product',
  editing: (target) => target.product,
  key: (target) => String(target.product?.id ?? `new:${target.bookingSystemName ?? ''}`),
  initialValues: (target) =>
    target.product
      ? productFormValues(target.product)
      : { ...NEW_PRODUCT, name: target.bookingSystemName ?? '', booking_system_name: target.bookingSystemName ?? '' },
  toBody: productBody,
  save: (target, body) =>
    target.product ? catalogueAdminApi.updateProduct(target.product.id, body) : catalogueAdminApi.createProduct(body),
  fieldOf: PRODUCT_FIELD_OF,
  Fields: ProductFields,
};

const VIDEO_OPTIONS = VIDEO_ENTITLEMENTS.map((value) => ({ value, label: VIDEO_LABELS[value] }));
const CAMERA_OPTIONS = (['none', ...CAMERA_REQUIREMENTS] as const).map((value) => ({
  value,
  label: CAMERA_LABELS[value],
}));

function ProductFields({ form, currency }: { form: UseFormReturnType<ProductFormValues>; currency: string }) {
  // Video and a camera go together: choosing one sets the other to something that fits.
  const videoProps = form.getInputProps('video_entitlement');
  const onVideo = (value: string | null) => {
    if (!value) return;
    form.setFieldValue('video_entitlement', value as ProductFormValues['video_entitlement']);
    if (value === 'none') form.setFieldValue('camera_requirement', 'none');
    else if (form.values.camera_requirement === 'none') form.setFieldValue('camera_requirement', 'either');
  };
  const onCamera = (value: string | null) => {
    if (!value) return;
    form.setFieldValue('camera_requirement', value as ProductFormValues['camera_requirement']);
    if (value === 'none') form.setFieldValue('video_entitlement', 'none');
    else if (form.values.video_entitlement === 'none') form.setFieldValue('video_entitlement', 'main');
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          autoComplete="off"
          description="As staff and customers read it"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Booking system name"
          autoComplete="off"
          description="Bookings whose camera package starts with this (any case) get the product"
          {...form.getInputProps('booking_system_name')}
        />
        <TextInput
          label={`Price (${currency})`}
          required
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Credits"
          required
          inputMode="decimal"
          autoComplete="off"
          description="What the product grants, e.g. 1.5"
          {...form.getInputProps('credits')}
        />
      </SimpleGrid>
      <Text fw={600} size="sm">
        What the customer gets
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select label="Video" data={VIDEO_OPTIONS} allowDeselect={false} {...videoProps} onChange={onVideo} />
        <Select
          label="Camera"
          data={CAMERA_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('camera_requirement')}
          onChange={onCamera}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox label="Photos" {...form.getInputProps('photos', { type: 'checkbox' })} />
        <Checkbox label="4K footage" {...form.getInputProps('has_4k', { type: 'checkbox' })} />
        <Checkbox label="Raw footage" {...form.getInputProps('raw_footage', { type: 'checkbox' })} />
        <Switch
          label="Active"
          description="Matched to bookings"
          color="teal"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </Group>
    </>
  );
}
