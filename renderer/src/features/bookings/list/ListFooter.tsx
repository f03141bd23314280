import { Anchor, Group, Kbd, Loader, Pagination, Text } from '@mantine/core';
import type { Pagination as SyncPagination } from '../../../../../shared/schemas/common';

/** The Sync API's pagination, or the desk list's, whose search may count only up to a bound. */
type PageInfo = SyncPagination & { count_is_lower_bound?: boolean };

const count = new Intl.NumberFormat();

/** "1–200 of 1,234 bookings" (or "of 1,000+" when the search counted only so far): where this page sits in the whole result. */
export function pageSummary(pagination: PageInfo, rowsOnPage: number): string {
  const total = pagination.total_count;
  const more = pagination.count_is_lower_bound === true;
  const noun = total === 1 && !more ? 'booking' : 'bookings';
  const of = `${count.format(total)}${more ? '+' : ''} ${noun}`;
  if (total === 0) return 'No bookings';
  if (rowsOnPage === 0) return of;
  const first = (pagination.current_page - 1) * pagination.per_page + 1;
  return `${count.format(first)}–${count.format(first + rowsOnPage - 1)} of ${of}`;
}

export interface ListFooterProps {
  pagination: PageInfo | undefined;
  /** The page asked for (it may still be loading: the control moves at once). */
  page: number;
  rowsOnPage: number;
  fetching: boolean;
  onPage: (page: number) => void;
  /** Local mode: the check-in keys, and whose name the marks record. */
  desk: boolean;
  operator: string;
  onChangeOperator: () => void;
}

export function ListFooter({ pagination, page, rowsOnPage, fetching, onPage, desk, operator, onChangeOperator }: ListFooterProps) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" mih={32}>
      <Group gap="lg" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Text size="sm" fw={500} className="numeric" data-testid="bookings-count" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {pagination ? pageSummary(pagination, rowsOnPage) : ' '}
          </Text>
          {fetching && <Loader size={14} aria-label="Updating" />}
        </Group>
        <Text size="xs" c="dimmed" visibleFrom="md" data-testid="grid-key-hints">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> select · <Kbd size="xs">Enter</Kbd> open · <Kbd size="xs">/</Kbd> search
          {desk && (
            <>
              {' · '}
              <Kbd size="xs">A</Kbd> arrived · <Kbd size="xs">X</Kbd> no-show · <Kbd size="xs">J</Kbd> jumped · <Kbd size="xs">U</Kbd> unmark
              {' · '}
              <Anchor component="button" type="button" size="xs" onClick={onChangeOperator} data-testid="operator-name">
                {operator.trim() ? `as ${operator.trim()}` : 'who is at the desk?'}
              </Anchor>
            </>
          )}
        </Text>
      </Group>
      {pagination && pagination.total_pages > 1 && (
        <Pagination
          total={pagination.total_pages}
          value={page}
          onChange={onPage}
          size="sm"
          withEdges
          getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          data-testid="bookings-pagination"
        />
      )}
    </Group>
  );
}
