import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ComponentType } from 'react';
import type { CatalogueAdmin } from './admin/CatalogueAdmin';
import type { FieldRow } from './FieldList';

/** A list response of the catalogue: its records and the version that changes whenever they do. */
export interface CatalogueList<Item> {
  items: Item[];
  version: string;
}

/** One part of a record's detail; a part without a title continues the one above it. */
export interface DetailSection {
  title?: string;
  rows: FieldRow[];
}

/**
 * What makes products and upgrades differ on the Catalogue screen: one panel and one detail
 * show either, configured by a kind (product-kind.tsx, upgrade-kind.tsx). `currency` is the
 * dropzone's, for prices the record does not carry a currency of its own for.
 */
export interface CatalogueKind<Item extends { id: number; active: boolean }, Detail extends CatalogueRecord> {
  /** As the screen says it in a sentence: "Add product", "No product with id 7". */
  noun: 'product' | 'upgrade';
  /** The tab's and the grid's name; also the route (/products, /upgrades) and the test ids. */
  plural: 'Products' | 'Upgrades';
  useList: () => UseQueryResult<CatalogueList<Item>>;
  /** One record, as the show endpoint gives it. */
  useRecord: (id: number) => UseQueryResult<Detail>;
  // TanStack's own column type: accessor columns of different value types share one array.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: (currency: string) => ColumnDef<Item, any>[];
  /** Few columns read better in a narrower table (and its toolbar above it). */
  maxWidth?: number;
  /** The line beside the Add button. */
  note: (currency: string) => string;
  empty: { title: string; whenLocal: string; whenRemote: string };
  /** Opens the form for a new record. */
  add: (admin: CatalogueAdmin) => void;
  /** The price under the detail's title. */
  price: (record: Detail, currency: string) => string;
  sections: (record: Detail, currency: string) => DetailSection[];
  /** The administrator's buttons in the detail (they show nothing in proxy mode). */
  Actions: ComponentType<{ id: number }>;
}

export interface CatalogueRecord {
  id: number;
  name: string;
  active: boolean;
}
