import { Group, Title } from '@mantine/core';
import type { RefObject } from 'react';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { ListActions } from './ListActions';
import { SearchBox } from './SearchBox';

export interface ListHeaderProps {
  searchRef: RefObject<HTMLInputElement | null>;
  search: string;
  onSearch: (search: string) => void;
  onGoToResults: () => void;
  selected: BookingListItem | undefined;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onCreate: () => void;
}

/** The title and search, then what can be done: import, and the selected booking's actions, folding into "More" on narrow windows. */
export function ListHeader({
  searchRef,
  search,
  onSearch,
  onGoToResults,
  selected,
  onOpen,
  onEdit,
  onDelete,
  onCreate,
}: ListHeaderProps) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Title order={2}>Bookings</Title>
        <SearchBox inputRef={searchRef} value={search} onChange={onSearch} onGoToResults={onGoToResults} />
      </Group>
      <ListActions selected={selected} onOpen={onOpen} onEdit={onEdit} onDelete={onDelete} onCreate={onCreate} />
    </Group>
  );
}
