import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { RecordGrid } from '../../components/grid/RecordGrid';
import { EmptyState } from '../../components/states';
import { FILMER_COLUMNS, type FilmerRow } from './filmer-columns';
import { FilmerRowActionsContext } from './row-actions';

export interface FilmersGridProps {
  filmers: FilmerRow[];
  filter: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (filmer: Filmer) => void;
  onDelete: (filmer: Filmer) => void;
  onSetActive: (filmer: Filmer, active: boolean) => void;
}

const rowId = (filmer: Filmer) => String(filmer.id);
const isInactive = (filmer: Filmer) => !filmer.active;

/** The filmers as a keyboard grid: sortable by header, filtered by the page's search box. */
export function FilmersGrid({
  filmers,
  filter,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
  onSetActive,
}: FilmersGridProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  // TanStack Table keeps mutable state internally; the React Compiler must leave this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: filmers,
    columns: FILMER_COLUMNS,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    getRowId: rowId,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const actions = useMemo(
    () => ({ setActive: onSetActive, askDelete: onDelete, selectedId }),
    [onSetActive, onDelete, selectedId],
  );

  return (
    <FilmerRowActionsContext.Provider value={actions}>
      <RecordGrid
        table={table}
        label="Filmers"
        testId="filmers-grid"
        focusOnArrival
        selectedId={selectedId === null ? null : String(selectedId)}
        onSelect={(id) => onSelect(Number(id))}
        onOpen={onEdit}
        isDimmed={isInactive}
        onRowKey={(event, filmer) => {
          // Backspace too: a Mac keyboard's "delete" key sends it. Either only asks; the dialog confirms.
          if (event.key === 'Delete' || event.key === 'Backspace') {
            event.preventDefault();
            onDelete(filmer);
          }
        }}
        placeholder={
          <EmptyState title={`No filmer matches “${filter.trim()}”`}>
            Search looks in names, e-mails and external ids.
          </EmptyState>
        }
      />
    </FilmerRowActionsContext.Provider>
  );
}
