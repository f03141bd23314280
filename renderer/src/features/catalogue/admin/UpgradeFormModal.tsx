import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminUpgrade, UpgradeSaved } from '../../../../../shared/schemas/catalogue-admin';
import { VIDEO_ENTITLEMENTS } from '../../../../../shared/schemas/finance';
import { catalogueAdminApi } from '../../../api/catalogue-admin-api';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import { VIDEO_LABELS } from './product-form';
import { useCatalogueSave } from './use-catalogue-save';
import { NEW_UPGRADE, UPGRADE_FIELD_OF, upgradeBody, upgradeFormValues, type UpgradeFormValues } from './upgrade-form';

export interface UpgradeFormModalProps {
  /** undefined: closed; null: a new upgrade. */
  upgrade: AdminUpgrade | null | undefined;
  currency: string;
  onClose: () => void;
  onSaved: (saved: UpgradeSaved) => void;
}

export function UpgradeFormModal({ upgrade, currency, onClose, onSaved }: UpgradeFormModalProps) {
  return (
    <Modal
      opened={upgrade !== undefined}
      onClose={onClose}
      title={upgrade ? `Edit ${upgrade.name}` : 'New upgrade'}
      size="lg"
      styles={DIALOG_STYLES}
      data-testid="upgrade-form"
    >
      {upgrade !== undefined && (
        <UpgradeForm
          key={upgrade?.id ?? 'new'}
          upgrade={upgrade}
          currency={currency}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

const GRANT_OPTIONS = VIDEO_ENTITLEMENTS.map((value) => ({
  value,
  label: value === 'none' ? 'No change to the video' : `Raise to: ${VIDEO_LABELS[value]}`,
}));
const OFFERED_OPTIONS = VIDEO_ENTITLEMENTS.map((value) => ({ value, label: VIDEO_LABELS[value] }));

function UpgradeForm({
  upgrade,
  currency,
  onClose,
  onSaved,
}: {
  upgrade: AdminUpgrade | null;
  currency: string;
  onClose: () => void;
  onSaved: (saved: UpgradeSaved) => void;
}) {
  const form = useForm<UpgradeFormValues>({
    mode: 'controlled',
    initialValues: upgrade ? upgradeFormValues(upgrade) : NEW_UPGRADE,
    onValuesChange: () => clearGeneral(),
  });
  const { submit, pending, general, clearGeneral } = useCatalogueSave({
    setErrors: form.setErrors,
    toBody: upgradeBody,
    save: (body: Parameters<typeof catalogueAdminApi.createUpgrade>[0]) =>
      upgrade ? catalogueAdminApi.updateUpgrade(upgrade.id, body) : catalogueAdminApi.createUpgrade(body),
    fieldOf: UPGRADE_FIELD_OF,
    onSaved,
  });
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={upgrade ? `Edit ${upgrade.name}` : 'New upgrade'}>
      <Stack gap="md">
        {general && (
          <Alert color="red" title="Not saved" data-testid="upgrade-form-error">
            {general}
          </Alert>
        )}
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
        <Group justify="flex-end" gap="sm" mt="sm" className="dialog-footer">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {upgrade ? 'Save upgrade' : 'Create upgrade'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
