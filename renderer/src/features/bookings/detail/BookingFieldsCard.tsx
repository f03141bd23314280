import { ActionIcon, Badge, Card, CopyButton, DataList, Group, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BookingShowAnswer } from '../../../../../shared/api/sync-answers';
import { formatDate } from '../../../lib/format';
import { IconCheck, IconCopy, IconLock, IconLockOpen } from '../../../components/icons';
import { useHandEdits, useUnlockFields } from '../form/useSaveBooking';
import { languageLabel } from '../../../lib/booking-labels';
import { formatInstant } from './time';

type LockReason = 'hand' | 'product';

const LOCK_TEXT: Record<LockReason, { label: string; hint: string }> = {
  hand: {
    label: 'Locked · edited by hand',
    hint: 'Someone at the desk changed this field by hand, so updates from the booking system leave it alone.',
  },
  product: {
    label: 'Locked · product matched',
    hint: 'The booking has a product, so the booking system can no longer change its camera package.',
  },
};

function LockBadge({ reason, field, onUnlock }: { reason: LockReason; field: string; onUnlock?: () => void }) {
  const { label, hint } = LOCK_TEXT[reason];
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Tooltip label={hint} multiline w={280} withArrow>
        <Badge
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconLock size={10} />}
          data-testid={`lock-${field}`}
          data-reason={reason}
        >
          {label}
        </Badge>
      </Tooltip>
      {onUnlock && (
        <Tooltip label="Unlock: let the booking system change this field again" withArrow>
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            onClick={onUnlock}
            aria-label={`Unlock ${field}`}
            data-testid={`unlock-${field}`}
          >
            <IconLockOpen size={12} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function CopyValue({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon
            size="sm"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${what}`}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Field({
  field,
  label,
  locks,
  onUnlock,
  copy,
  mono,
  truncate,
  children,
}: {
  field: string;
  label: string;
  locks?: LockReason[];
  /** Offered for hand-edit locks where the desk keeps them (local mode). */
  onUnlock?: (field: string) => void;
  copy?: string | null;
  mono?: boolean;
  /** One line, cut with an ellipsis (the copy button still copies it whole). */
  truncate?: boolean;
  children: ReactNode;
}) {
  const empty = children === null || children === undefined || children === '';
  return (
    <DataList.Item data-testid={`field-${field}`}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap={truncate ? 'nowrap' : 'wrap'} align="center" preventGrowOverflow={false}>
          <Text
            span
            size="sm"
            ff={mono ? 'monospace' : undefined}
            c={empty ? 'dimmed' : undefined}
            truncate={truncate ? 'end' : undefined}
            title={truncate && typeof children === 'string' ? children : undefined}
            data-testid={`value-${field}`}
            style={truncate ? { minWidth: 0 } : { whiteSpace: 'pre-wrap', overflowWrap: 'break-word', minWidth: 0 }}
          >
            {empty ? '—' : children}
          </Text>
          {copy && <CopyValue value={copy} what={label.toLowerCase()} />}
          {locks?.map((reason) => (
            <LockBadge
              key={reason}
              reason={reason}
              field={field}
              onUnlock={reason === 'hand' && onUnlock ? () => onUnlock(field) : undefined}
            />
          ))}
        </Group>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Every field of the booking, customer on the left, the record on the right; locked fields marked. */
export function BookingFieldsCard({ booking, timeZone }: { booking: BookingShowAnswer; timeZone: string | undefined }) {
  const handEdits = useHandEdits();
  const unlock = useUnlockFields(booking.external_id ?? '');
  const onUnlock = handEdits && booking.external_id !== null ? (field: string) => unlock.mutate([field]) : undefined;
  const locksOf = (field: string): LockReason[] => {
    const reasons: LockReason[] = [];
    if (field === 'camera_package' && booking.product_id !== null) reasons.push('product');
    if (booking.locked_attributes.includes(field)) reasons.push('hand');
    return reasons;
  };
  return (
    <Card withBorder padding="lg" data-testid="booking-fields">
      <Title order={4} mb="md">
        Booking
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="sm">
        <DataList labelWidth={128} gap={10}>
          <Field field="name" label="Name" locks={locksOf('name')} onUnlock={onUnlock}>
            {booking.name}
          </Field>
          <Field field="email" label="E-mail" locks={locksOf('email')} onUnlock={onUnlock} copy={booking.email}>
            {booking.email}
          </Field>
          <Field field="mobile" label="Mobile" locks={locksOf('mobile')} onUnlock={onUnlock} copy={booking.mobile}>
            {booking.mobile}
          </Field>
          <Field field="language" label="Language" locks={locksOf('language')} onUnlock={onUnlock}>
            {languageLabel(booking.language)}
          </Field>
          <Field field="jump_on" label="Jump date" locks={locksOf('jump_on')} onUnlock={onUnlock}>
            {booking.jump_on && formatDate(booking.jump_on)}
          </Field>
          <Field field="camera_package" label="Camera package" locks={locksOf('camera_package')} onUnlock={onUnlock}>
            {booking.camera_package}
          </Field>
          <Field field="reference" label="Reference" locks={locksOf('reference')} onUnlock={onUnlock}>
            {booking.reference}
          </Field>
        </DataList>
        <DataList labelWidth={128} gap={10}>
          <Field
            field="external_id"
            label="External id"
            locks={locksOf('external_id')}
            onUnlock={onUnlock}
            copy={booking.external_id}
            mono
          >
            {booking.external_id}
          </Field>
          <Field
            field="external_service"
            label="External service"
            locks={locksOf('external_service')}
            onUnlock={onUnlock}
          >
            {booking.external_service}
          </Field>
          <Field field="show_publicly" label="Show publicly" locks={locksOf('show_publicly')} onUnlock={onUnlock}>
            {booking.show_publicly ? 'Yes' : 'No'}
          </Field>
          <Field field="uuid" label="UUID" copy={booking.uuid} mono truncate>
            {booking.uuid}
          </Field>
          <Field field="link" label="Link" copy={booking.link} mono>
            {booking.link}
          </Field>
          <Field field="created_at" label="Created">
            {booking.created_at && formatInstant(booking.created_at, timeZone)}
          </Field>
          <Field field="updated_at" label="Updated">
            {booking.updated_at && formatInstant(booking.updated_at, timeZone)}
          </Field>
        </DataList>
      </SimpleGrid>
    </Card>
  );
}
