import { Anchor, Group, Kbd, Loader, Pagination, Text } from '@mantine/core';
import { pageSummary, type PageInfo } from './pageSummary';

export interface ListFooterProps {
  pagination: PageInfo | undefined;
  /** The page asked for (it may still be loading: the control moves at once). */
  page: number;
  rowsOnPage: number;
  fetching: boolean;
  onPage: (page: number) => void;
  /** Whose name the check-in marks record. */
  operator: string;
  onChangeOperator: () => void;
}

export function ListFooter({
  pagination,
  page,
  rowsOnPage,
  fetching,
  onPage,
  operator,
  onChangeOperator,
}: ListFooterProps) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" mih={32}>
      {/* The count and key hints give way (the hints wrap); the pager never does, so it stays on one line. */}
      <Group gap="lg" wrap="nowrap" miw={0}>
        <Group gap={8} wrap="nowrap">
          <Text
            size="sm"
            fw={500}
            className="numeric"
            data-testid="bookings-count"
            aria-live="polite"
            style={{ whiteSpace: 'nowrap' }}
          >
            {pagination ? pageSummary(pagination, rowsOnPage) : ' '}
          </Text>
          {fetching && <Loader size={14} role="status" aria-label="Updating" />}
        </Group>
        <Text size="xs" c="dimmed" visibleFrom="md" data-testid="grid-key-hints">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> select · <Kbd size="xs">Enter</Kbd> open ·{' '}
          <Kbd size="xs">/</Kbd> search · <Kbd size="xs">A</Kbd> arrived · <Kbd size="xs">X</Kbd> no-show ·{' '}
          <Kbd size="xs">J</Kbd> jumped · <Kbd size="xs">U</Kbd> unmark
          {' · '}
          <Anchor component="button" type="button" size="xs" onClick={onChangeOperator} data-testid="operator-name">
            {operator.trim() ? `as ${operator.trim()}` : 'who is at the desk?'}
          </Anchor>
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
          styles={{ root: { flexShrink: 0 } }}
          data-testid="bookings-pagination"
        />
      )}
    </Group>
  );
}
