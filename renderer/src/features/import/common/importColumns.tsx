import type { ColumnDef, HeaderContext } from '@tanstack/react-table';
import classes from './ImportGrid.module.css';

/** What an import column is: the row's own columns first, then the file's (`column`: its index in the file). */
export type ImportColumnMeta = { kind: 'number' | 'action' | 'status' | 'message' } | { kind: 'data'; column: number };

export const importColumnMeta = (def: { meta?: unknown }) => def.meta as ImportColumnMeta;

/** What headers read at render time (it changes without the columns changing): the field each file column is mapped to. */
export interface ImportTableMeta {
  fieldOf?: (column: number) => string | null;
}

/** A file's header, with the field it is mapped to (or "ignored") small beneath it. */
function FileHeader({ header, field }: { header: string; field: string | null | undefined }) {
  return (
    <span className={classes.fileHeader} data-ignored={field === null || undefined}>
      <span className={classes.fileHeaderName}>{header}</span>
      {field !== undefined && <span className={classes.fieldName}>{field === null ? 'ignored' : `→ ${field}`}</span>}
    </span>
  );
}

/**
 * The import tables' columns. The reason sits beside the status, where the eye is, not past the
 * file's last column. Without a `fieldOf` in the table's meta, no mapping shows under the headers.
 */
export function importColumns(
  headers: readonly string[],
  options: { withAction: boolean; messageHeader: string },
): ColumnDef<number>[] {
  const { withAction, messageHeader } = options;
  const own = (kind: Exclude<ImportColumnMeta['kind'], 'data'>, header: string, size: number): ColumnDef<number> => ({
    id: kind,
    header,
    size,
    meta: { kind },
  });
  return [
    { ...own('number', 'Row', 64), meta: { kind: 'number', align: 'right' } },
    ...(withAction ? [own('action', '', 44)] : []),
    own('status', 'Status', 150),
    own('message', messageHeader, 380),
    ...headers.map((header, column) => ({
      id: `c${column}`,
      header: ({ table }: HeaderContext<number, unknown>) => (
        <FileHeader header={header} field={(table.options.meta as ImportTableMeta | undefined)?.fieldOf?.(column)} />
      ),
      size: 150,
      meta: { kind: 'data', column, label: header },
    })),
  ];
}
