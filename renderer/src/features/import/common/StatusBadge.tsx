import { Badge } from '@mantine/core';
import type { ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';
import { STATUS_COLORS, STATUS_LABELS } from './outcomes';
import type { RowReadiness } from '../parsing/wizard-rows';

const READINESS: Record<Exclude<RowReadiness, 'done'>, { label: string; color: string }> = {
  ready: { label: 'Ready', color: 'teal' },
  problem: { label: 'Problem', color: 'red' },
  left_out: { label: 'Left out', color: 'gray' },
};

/** A row's outcome (after sending) or readiness (before), in the same small pill everywhere. */
export function StatusBadge({ status }: { status: ImportRowStatus | Exclude<RowReadiness, 'done'> }) {
  const look =
    status in READINESS
      ? READINESS[status as keyof typeof READINESS]
      : { label: STATUS_LABELS[status as ImportRowStatus], color: STATUS_COLORS[status as ImportRowStatus] };
  return (
    <Badge size="sm" radius="sm" variant="light" color={look.color} data-status={status}>
      {look.label}
    </Badge>
  );
}
