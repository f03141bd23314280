import { Badge, Group } from '@mantine/core';
import type { ImportCounts, ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';
import { STATUS_ORDER } from './outcome-counts';
import { STATUS_COLORS, STATUS_LABELS } from './outcomes';

/** Counts per outcome as badges; clickable (a filter) when `onPick` is given. */
export function OutcomeCounts({
  counts,
  active,
  onPick,
  compact = false,
}: {
  counts: ImportCounts;
  active?: ImportRowStatus | null;
  onPick?: (status: ImportRowStatus) => void;
  /** Small badges for a table cell. */
  compact?: boolean;
}) {
  return (
    <Group gap={compact ? 4 : 6} wrap={compact ? 'nowrap' : 'wrap'} data-testid="outcome-counts">
      {STATUS_ORDER.filter((status) => (counts[status] ?? 0) > 0).map((status) => (
        <Badge
          key={status}
          size={compact ? 'sm' : 'lg'}
          radius="sm"
          variant={active === status ? 'filled' : 'light'}
          color={STATUS_COLORS[status]}
          style={onPick ? { cursor: 'pointer' } : undefined}
          onClick={onPick ? () => onPick(status) : undefined}
          component={onPick ? 'button' : 'div'}
          data-testid={`outcome-count-${status}`}
          data-count={counts[status]}
        >
          {STATUS_LABELS[status]}: {(counts[status] ?? 0).toLocaleString('en')}
        </Badge>
      ))}
    </Group>
  );
}
