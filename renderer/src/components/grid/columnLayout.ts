import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

/** How a column sits in the grid, set as `meta` in its definition. Widths are TanStack's `size`. */
export interface GridColumnMeta {
  /** The column's full name, where the header abbreviates it (menus, tooltips). */
  label?: string;
  align?: 'left' | 'center' | 'right';
  /** Takes a share of the room left over on wide screens; with none marked, the last column takes it all. */
  grow?: boolean;
}

export function columnMeta<T>(column: Column<T, unknown>): GridColumnMeta {
  return (column.columnDef.meta ?? {}) as GridColumnMeta;
}

/** A column's full name: its `meta.label`, else its header text, else its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  return columnMeta(column).label ?? (typeof header === 'string' ? header : column.id);
}

/** The CSS variable holding a column's width: header and cells read it, so a resize re-lays out without re-rendering cells. */
const widthVariable = <T,>(column: Column<T, unknown>) => `--grid-w-${column.id.replace(/[^\w-]/g, '_')}`;

/** Every visible column's width as CSS variables, for the grid's root element. */
export function widthVariables<T>(columns: Column<T, unknown>[]): CSSProperties {
  const variables: Record<string, string> = {};
  for (const column of columns) variables[widthVariable(column)] = `${column.getSize()}px`;
  return variables as CSSProperties;
}

/** The columns that share the room left over: those marked `grow`, else the last. */
export function growingColumns<T>(columns: Column<T, unknown>[]): Set<Column<T, unknown>> {
  const marked = columns.filter((column) => columnMeta(column).grow);
  return new Set(marked.length > 0 ? marked : columns.slice(-1));
}

/** Where a column's header and cells take their width from, and how they align. */
export function cellLayout<T>(column: Column<T, unknown>, grows: boolean) {
  return {
    style: { width: `var(${widthVariable(column)})` },
    'data-align': columnMeta(column).align,
    'data-grow': grows || undefined,
  };
}
