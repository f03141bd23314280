import { ActionIcon, Anchor, Group, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { ROUTES } from '../../lib/routes';
import { BooleanMark, localeSort, NameCell, stopRowClick } from '../../components/grid/cells';
import type { GridColumnMeta } from '../../components/grid/columnLayout';
import { useFilmerRowActions } from './row-actions';
import { IconTrash } from '../../components/icons';

/** A filmer with their jump count (null: not known, e.g. in proxy mode, where the jumps are the remote's). */
export type FilmerRow = Filmer & { jump_count: number | null };

const column = createColumnHelper<FilmerRow>();
const byText = localeSort<FilmerRow>();
const center: GridColumnMeta = { align: 'center' };

function ActiveCell({ filmer }: { filmer: Filmer }) {
  const { setActive, selectedId } = useFilmerRowActions();
  return (
    <Group justify="center" onClick={stopRowClick}>
      <Switch
        size="sm"
        checked={filmer.active}
        onChange={(event) => setActive(filmer, event.currentTarget.checked)}
        aria-label={`Active: ${filmer.name}`}
        tabIndex={selectedId === filmer.id ? 0 : -1}
        color="teal"
      />
    </Group>
  );
}

/** The count opens the filmer's jumps beside the list (#/filmers/:id). */
function JumpCountCell({ filmer }: { filmer: FilmerRow }) {
  const { selectedId } = useFilmerRowActions();
  if (filmer.jump_count === null) {
    return (
      <Text
        size="sm"
        c="dimmed"
        title="Jump counts are not known here (in proxy mode the remote service holds the jumps)"
      >
        –
      </Text>
    );
  }
  return (
    <Anchor
      href={`#${ROUTES.filmer(filmer.id)}`}
      size="sm"
      onClick={stopRowClick}
      tabIndex={selectedId === filmer.id ? 0 : -1}
      aria-label={`${filmer.jump_count} ${filmer.jump_count === 1 ? 'jump' : 'jumps'} of ${filmer.name}: show them`}
      data-testid="filmer-jump-count"
    >
      {filmer.jump_count}
    </Anchor>
  );
}

function DeleteCell({ filmer }: { filmer: Filmer }) {
  const { askDelete, selectedId } = useFilmerRowActions();
  return (
    <Tooltip label="Delete… (Del)" openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Delete ${filmer.name}`}
        tabIndex={selectedId === filmer.id ? 0 : -1}
        onClick={(event) => {
          stopRowClick(event);
          askDelete(filmer);
        }}
      >
        <IconTrash />
      </ActionIcon>
    </Tooltip>
  );
}

/** The filmers grid's columns: a module constant, so TanStack never sees new column objects. */
export const FILMER_COLUMNS = [
  column.accessor('name', {
    header: 'Name',
    size: 120,
    meta: { grow: true } satisfies GridColumnMeta,
    sortingFn: byText,
    cell: (info) => <NameCell value={info.getValue()} />,
  }),
  column.accessor('email', {
    header: 'E-mail',
    size: 160,
    meta: { grow: true } satisfies GridColumnMeta,
    sortingFn: byText,
  }),
  column.accessor((filmer) => filmer.external_id ?? '', {
    id: 'external_id',
    header: 'External id',
    size: 100,
    sortingFn: byText,
    cell: ({ row: { original: filmer } }) =>
      filmer.external_id ? (
        <Text size="sm" ff="monospace" title={filmer.external_service ? `from ${filmer.external_service}` : undefined}>
          {filmer.external_id}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          none
        </Text>
      ),
  }),
  // Short headers: with the Jumps column every column still fits a 1024-pixel window.
  column.accessor('tandem_instructor', {
    header: 'Instructor',
    size: 100,
    cell: (info) => <BooleanMark value={info.getValue()} />,
    meta: { ...center, label: 'Tandem instructor' } satisfies GridColumnMeta,
    enableGlobalFilter: false,
  }),
  column.accessor('videographer', {
    header: 'Videographer',
    size: 120,
    cell: (info) => <BooleanMark value={info.getValue()} />,
    meta: center,
    enableGlobalFilter: false,
  }),
  column.accessor((filmer) => filmer.jump_count ?? -1, {
    id: 'jump_count',
    header: 'Jumps',
    size: 64,
    cell: (info) => <JumpCountCell filmer={info.row.original} />,
    meta: center,
    enableGlobalFilter: false,
  }),
  column.accessor('active', {
    header: 'Active',
    size: 72,
    cell: (info) => <ActiveCell filmer={info.row.original} />,
    meta: center,
    enableGlobalFilter: false,
  }),
  column.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (info) => <DeleteCell filmer={info.row.original} />,
    size: 48,
    meta: { align: 'right' } satisfies GridColumnMeta,
  }),
];
