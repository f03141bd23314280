import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import type { ImportMapping } from '../../../../../shared/schemas/imports/mappings';
import { fieldOf, type ImportField } from './fields';

/** Which column feeds which field: the mapping resolved once, used for every row. */
export interface ColumnPlan {
  kind: ImportKind;
  columns: { index: number; field: ImportField }[];
  /** Field name → the column it comes from. */
  columnOf: Map<string, number>;
}

export function columnPlan(kind: ImportKind, headers: readonly string[], mapping: ImportMapping): ColumnPlan {
  const columns: ColumnPlan['columns'] = [];
  const columnOf = new Map<string, number>();
  headers.forEach((header, index) => {
    const name = mapping[header];
    const field = name ? fieldOf(kind, name) : undefined;
    // A field mapped twice: the first column feeds it (the Columns step says so and asks to choose).
    if (!field || columnOf.has(field.name)) return;
    columns.push({ index, field });
    columnOf.set(field.name, index);
  });
  return { kind, columns, columnOf };
}

/** The columns of a field's parts (first and last name), in their order. */
export function partsOf(plan: ColumnPlan, field: string): { index: number; field: ImportField }[] {
  return plan.columns
    .filter((c) => c.field.partOf?.field === field)
    .sort((a, b) => (a.field.partOf?.order ?? 0) - (b.field.partOf?.order ?? 0));
}

/** What must be mapped before rows can be checked: bookings are addressed by external id (spec 4.1). */
export function missingRequiredFields(plan: ColumnPlan): string[] {
  if (plan.kind === 'bookings') return plan.columnOf.has('external_id') ? [] : ['external_id'];
  return ['name', 'email'].filter((f) => !plan.columnOf.has(f) && !partsOf(plan, f).length);
}
