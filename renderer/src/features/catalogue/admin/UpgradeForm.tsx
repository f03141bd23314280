import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AdminUpgrade, UpgradeSaved } from '../../../../../shared/schemas/catalogue-admin';
import { VIDEO_ENTITLEMENTS } from '../../../../../shared/schemas/finance';
import { catalogueAdminApi } from '../../../api/catalogue-admin-api';
import type { CatalogueFormKind } from './catalogue-form-kind';
import { VIDEO_LABELS } from './product-form';
import { NEW_UPGRADE, UPGRADE_FIELD_OF, upgradeBody, upgradeFormValues, type UpgradeFormValues } from './upgrade-form';

export interface UpgradeFormTarget {
  /** The upgrade to edit; null for a new one. */
  upgrade: AdminUpgrade | null;
}

type UpgradeBody = Parameters<typeof catalogueAdminApi.createUpgrade>[0];

/** The upgrade form: what it adds, to whom it is offered, and its price at the payment processor. */
export const UPGRADE_FORM: CatalogueFormKind<UpgradeFormTarget, UpgradeFormValues, UpgradeBody, UpgradeSaved> = {
  noun: 'upgrade',
  editing: (target) => target.upgrade,
  key: (target) => String(target.upgrade?.id ?? 'new'),
  initialValues: (target) => (target.upgrade ? upgradeFormValues(target.upgrade) : NEW_UPGRADE),
  toBody: upgradeBody,
  save: (target, body) =>
    target.upgrade ? catalogueAdminApi.updateUpgrade(target.upgrade.id, body) : catalogueAdminApi.createUpgrade(body),
  fieldOf: UPGRADE_FIELD_OF,
  Fields: UpgradeFields,
};

const GRANT_OPTIONS = VIDEO_ENTITLEMENTS.map((value) => ({
  value,
  label: value === 'none' ? 'No change to the video' : `Raise to: ${VIDEO_LABELS[value]}`,
}));
const OFFERED_OPTIONS = VIDEO_ENTITLEMENTS.map((value) => ({ value, label: VIDEO_LABELS[value] }));

function UpgradeFields({ form, currency }: { form: UseFormReturnType<UpgradeFormValues>; currency: string }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Name" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={`Price (${currency})`}
          required
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Price identifier"
          required
          autoComplete="off"
          description="The price's id at the payment processor, e.g. price_1MoBy5LkdIwHu7ix"
          {...form.getInputProps('payment_price_identifier')}
        />
        <TextInput
          label="Credits"
          required
          inputMode="decimal"
          autoComplete="off"
          description="Added to the booking's credits"
          {...form.getInputProps('credits')}
        />
      </SimpleGrid>
      <Text fw={600} size="sm">
        What it adds, and to whom it is offered
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Video"
          data={GRANT_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('grants_video_entitlement')}
        />
        <MultiSelect
          label="Offered to customers with"
          description="Their current video entitlement"
          data={OFFERED_OPTIONS}
          {...form.getInputProps('offered_to')}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox label="Photos" {...form.getInputProps('grants_photos', { type: 'checkbox' })} />
        <Checkbox label="4K footage" {...form.getInputProps('grants_4k', { type: 'checkbox' })} />
        <Checkbox label="Raw footage" {...form.getInputProps('grants_raw_footage', { type: 'checkbox' })} />
      </Group>
      <Group gap="xl">
        <Switch
          label="Notify staff"
          description="When a customer buys it"
          {...form.getInputProps('notify_staff', { type: 'checkbox' })}
        />
        <Switch
          label="Active"
          description="Offered to customers"
          color="teal"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </Group>
    </>
  );
}
