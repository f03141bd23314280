import type { UseFormReturnType } from '@mantine/form';
import type { ComponentType } from 'react';
import type { CatalogueSaveOptions } from './use-catalogue-save';

/**
 * Mantine's own bound on form values: an interface of fields meets Record<string, any> but not
 * Record<string, unknown> (it has no index signature).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>;

/**
 * What makes the product and the upgrade form differ: one modal (CatalogueFormModal) shows
 * either, configured by a form kind (ProductForm.tsx, UpgradeForm.tsx). `Target` is what the
 * form was opened for: the record to edit, or a new one (perhaps with some values given).
 */
export interface CatalogueFormKind<Target, Values extends FormValues, Body, Saved> {
  noun: 'product' | 'upgrade';
  /** The record being edited; null for a new one. */
  editing: (target: Target) => { id: number; name: string } | null;
  /** Tells one opening from another, so the form starts afresh. */
  key: (target: Target) => string;
  initialValues: (target: Target) => Values;
  toBody: CatalogueSaveOptions<Values, Body, Saved>['toBody'];
  /** Create or change: the call the desk answers. */
  save: (target: Target, body: Body) => Promise<Saved>;
  /** The server's field names → the form's. */
  fieldOf: Record<string, string>;
  /** The form's fields, between the error above them and the buttons below. */
  Fields: ComponentType<{ form: UseFormReturnType<Values>; currency: string }>;
}
