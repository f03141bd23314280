import { Autocomplete, Group, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ChangeEvent, ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { BOOKING_FIELD_LABELS as LABEL } from '../../../lib/booking-field-labels';
import { IconLock } from '../../../components/icons';
import { relativeDay } from '../list/dateRanges';
import type { BookingFormValues } from './formValues';
import { productWithPrice, type PricedProduct } from './packageMatch';
import classes from './BookingForm.module.css';

export interface BookingFieldsProps {
  values: BookingFormValues;
  onChange: <F extends keyof BookingFormValues>(field: F, value: BookingFormValues[F]) => void;
  /** Field → what is wrong with it (the form's own check, or the server's answer). */
  errors: Partial<Record<keyof BookingFormValues, ReactNode>>;
  /** Field → why an update leaves it alone. */
  locks: Map<string, string>;
  editing: boolean;
  /** The catalogue's active products by the package name they match on: offered while typing, with their price. */
  packageProducts: Map<string, PricedProduct>;
  /** The dropzone's currency, for the prices. */
  currency: string | undefined;
  /** What the package will match on save ("Will match: …"), or null to say nothing. */
  matchNote: string | null;
  /** Local mode: a booking may be made without an external id (a walk-in). */
  walkIns: boolean;
  /** Editing a walk-in: its external id may be given here (the booking system's, once it knows the customer). */
  givingId?: boolean;
  today: string;
  /** The date picker opened or closed: while it is open, Esc is the picker's (closes it), not the dialog's. */
  onPickerOpenChange?: (open: boolean) => void;
}

/** Help and errors under the input, so the two inputs of a row stay level. */
const WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];
const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

function lockNote(reason: string | undefined): ReactNode {
  if (!reason) return undefined;
  return (
    <span className={classes.lock}>
      <IconLock size={12} /> Locked: {reason}
    </span>
  );
}

/** The writable booking fields (spec 4.1), two to a row, in the order a phone call goes. */
function externalIdHint(editing: boolean, walkIns: boolean, givingId: boolean, externalId: string): string {
  if (givingId)
    return 'Empty: stays a walk-in. Give the booking system’s id once it books this customer: the album, jump and ledger then open to it, and the id cannot change again';
  if (editing)
    return externalId === ''
      ? 'Walk-in: made at the desk, no booking-system id'
      : 'The booking system’s id: it cannot change';
  if (walkIns) return 'The booking system’s id, e.g. BK-1001; empty: a walk-in, kept at the desk only';
  return 'The booking system’s id, e.g. BK-1001';
}

export function BookingFields({
  values,
  onChange,
  errors,
  locks,
  editing,
  packageProducts,
  currency,
  matchNote,
  walkIns,
  givingId = false,
  today,
  onPickerOpenChange,
}: BookingFieldsProps) {
  const text = (field: 'external_service' | 'name' | 'email' | 'mobile' | 'language') => ({
    label: LABEL[field],
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
    error: errors[field],
    description: lockNote(locks.get(field)),
    inputWrapperOrder: WRAPPER_ORDER,
  });
  const jumpHint = values.jump_on
    ? `${formatDate(values.jump_on)} · ${relativeDay(values.jump_on, today)}`
    : 'Leave empty if not known yet';

  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
      <TextInput
        label={LABEL.external_id}
        value={values.external_id}
        onChange={(event) => onChange('external_id', event.currentTarget.value)}
        error={errors.external_id}
        required={!editing && !walkIns}
        readOnly={editing && !givingId}
        variant={editing && !givingId ? 'filled' : 'default'}
        description={externalIdHint(editing, walkIns, givingId, values.external_id)}
        styles={MONO}
        inputWrapperOrder={WRAPPER_ORDER}
        data-autofocus={!editing || undefined}
        autoComplete="off"
        spellCheck={false}
      />
      <TextInput {...text('external_service')} placeholder="e.g. skybook" autoComplete="off" />
      <TextInput
        {...text('name')}
        required={walkIns && values.external_id.trim() === ''}
        autoComplete="off"
        data-autofocus={editing || undefined}
      />
      <TextInput {...text('email')} type="email" autoComplete="off" spellCheck={false} />
      <TextInput {...text('mobile')} type="tel" autoComplete="off" />
      <TextInput {...text('language')} placeholder="e.g. en" autoComplete="off" spellCheck={false} />
      <DateInput
        label={LABEL.jump_on}
        value={values.jump_on}
        onChange={(value) => onChange('jump_on', value)}
        error={errors.jump_on}
        description={lockNote(locks.get('jump_on')) ?? jumpHint}
        inputWrapperOrder={WRAPPER_ORDER}
        valueFormat="YYYY-MM-DD"
        placeholder="YYYY-MM-DD"
        clearable
        popoverProps={{
          withinPortal: true,
          onOpen: () => onPickerOpenChange?.(true),
          onClose: () => onPickerOpenChange?.(false),
        }}
        data-testid="form-jump-on"
      />
      <Autocomplete
        label={LABEL.camera_package}
        value={values.camera_package}
        onChange={(value) => onChange('camera_package', value)}
        inputWrapperOrder={WRAPPER_ORDER}
        data={[...packageProducts.keys()].sort()}
        renderOption={({ option }) => {
          const product = packageProducts.get(option.value);
          return (
            <Group justify="space-between" gap="md" wrap="nowrap" w="100%">
              <Text size="sm">{option.value}</Text>
              {product && (
                <Text size="xs" c="dimmed">
                  {productWithPrice(product, currency)}
                </Text>
              )}
            </Group>
          );
        }}
        error={errors.camera_package}
        description={
          lockNote(locks.get('camera_package')) ?? (
            <span data-testid="package-match">{matchNote ?? 'Matched to a product by its name'}</span>
          )
        }
        autoComplete="off"
        data-testid="form-camera-package"
      />
      <Textarea
        label={LABEL.reference}
        value={values.reference}
        onChange={(event) => onChange('reference', event.currentTarget.value)}
        error={errors.reference}
        description={lockNote(locks.get('reference'))}
        inputWrapperOrder={WRAPPER_ORDER}
        autosize
        minRows={2}
        maxRows={5}
        className={classes.wide}
      />
      <Switch
        label="Show publicly"
        description={lockNote(locks.get('show_publicly'))}
        checked={values.show_publicly}
        onChange={(event) => onChange('show_publicly', event.currentTarget.checked)}
        error={errors.show_publicly}
        className={classes.wide}
      />
    </SimpleGrid>
  );
}
