import type { Column, ColumnSizingState } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

/** How a column sits in the grid, set as `meta` in its definition. Widths are TanStack's `size` (and `minSize`). */
export interface GridColumnMeta {
  /** The column's full name, where the header abbreviates it (menus, tooltips). */
  label?: string;
  align?: 'left' | 'center' | 'right';
  /**
   * Takes a share of the room left over on wide screens: a weight, `true` being 1. With none
   * marked, the last column takes it all.
   */
  grow?: boolean | number;
  /**
   * A growing column that gives up room on narrow screens, down to its `minSize`, before the grid
   * scrolls sideways: a weight, as CSS's flex-shrink (0.1 is cut long after 1). Unset: it keeps
   * its `size`.
   */
  shrink?: number;
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
const widthVariable = <T>(column: Column<T, unknown>) => `--grid-w-${column.id.replace(/[^\w-]/g, '_')}`;

/** Every visible column's width as CSS variables, for the grid's root element. */
export function widthVariables<T>(columns: Column<T, unknown>[]): CSSProperties {
  const variables: Record<string, string> = {};
  for (const column of columns) variables[widthVariable(column)] = `${column.getSize()}px`;
  return variables as CSSProperties;
}

/** How a column flexes: its share of the room left over, how readily it gives room up, its floor (px). */
export interface ColumnFlex {
  grow: number;
  shrink: number;
  min: number;
  /** A width of its own instead of the column's size (px): an empty column's. */
  basis?: number;
}

const weight = (value: boolean | number | undefined): number =>
  value === true ? 1 : typeof value === 'number' && value > 0 ? value : 0;

/** How narrow a column with nothing in it may get: its header's words and sort arrow still show. */
export const EMPTY_COLUMN_MIN = 96;

/**
 * How each visible column flexes (none: it keeps its width). The columns marked `grow` share the
 * room left over, else the last column takes it; those marked `shrink` give room up down to their
 * `minSize`. A column with nothing in it on the rows shown (`empty`) gives its room up first: it
 * is EMPTY_COLUMN_MIN wide and takes no more. A column the user dragged to a width (in `sizing`) keeps that width.
 */
export function columnFlexes<T>(
  columns: Column<T, unknown>[],
  sizing: ColumnSizingState,
  empty: ReadonlySet<string> = new Set(),
): Map<Column<T, unknown>, ColumnFlex> {
  const flexes = new Map<Column<T, unknown>, ColumnFlex>();
  for (const column of columns) {
    if (empty.has(column.id) && sizing[column.id] === undefined) {
      const narrow = Math.min(column.getSize(), EMPTY_COLUMN_MIN);
      flexes.set(column, { grow: 0, shrink: 0, min: narrow, basis: narrow });
      continue;
    }
    const meta = columnMeta(column);
    const grow = weight(meta.grow);
    if (grow === 0 || sizing[column.id] !== undefined) continue;
    const shrink = Math.max(0, meta.shrink ?? 0);
    const size = column.getSize();
    flexes.set(column, { grow, shrink, min: shrink > 0 ? Math.min(size, column.columnDef.minSize ?? size) : size });
  }
  // Nothing else takes the room left over: the last column does, so the rows reach the grid's edge.
  const last = columns.at(-1);
  const growing = [...flexes.values()].some((flex) => flex.grow > 0);
  if (!growing && last) flexes.set(last, { shrink: 0, min: last.getSize(), ...flexes.get(last), grow: 1 });
  return atLeastOne(flexes);
}

/**
 * The weights scaled so the smallest is 1. CSS shares only part of the free space among flex
 * items whose factors add up to less than 1: a lone column left shrinking with 0.05 would give
 * up 5 % of what it must, and the rows would stick out.
 */
function atLeastOne<K>(flexes: Map<K, ColumnFlex>): Map<K, ColumnFlex> {
  const smallest = (pick: (flex: ColumnFlex) => number) =>
    Math.min(...[...flexes.values()].map(pick).filter((factor) => factor > 0));
  const grow = smallest((flex) => flex.grow);
  const shrink = smallest((flex) => flex.shrink);
  for (const flex of flexes.values()) {
    if (flex.grow > 0) flex.grow /= grow;
    if (flex.shrink > 0) flex.shrink /= shrink;
  }
  return flexes;
}

/** The narrowest the rows can be: each column at its floor. Below it the grid scrolls sideways. */
export function minimumWidth<T>(columns: Column<T, unknown>[], flexes: Map<Column<T, unknown>, ColumnFlex>): number {
  return columns.reduce((sum, column) => sum + (flexes.get(column)?.min ?? column.getSize()), 0);
}

/** Where a column's header and cells take their width from, and how they align. */
export function cellLayout<T>(column: Column<T, unknown>, flex: ColumnFlex | undefined) {
  const width = flex?.basis === undefined ? `var(${widthVariable(column)})` : `${flex.basis}px`;
  return {
    style: flex ? { width, flex: `${flex.grow} ${flex.shrink} ${width}`, minWidth: `${flex.min}px` } : { width },
    'data-align': columnMeta(column).align,
    'data-grow': (flex !== undefined && flex.grow > 0) || undefined,
  };
}
