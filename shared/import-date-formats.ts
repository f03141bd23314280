/**
 * The jump-date formats a person can pick in an import (null in the contract stands for
 * YYYY-MM-DD), here so that the wizard offers and the server accepts the same list. Day and month
 * may be written without their leading zero in all but YYYY-MM-DD (spreadsheets print 1/6/2026 and
 * 1.6.2026 by default); YYYY-MM-DD is the wire's own form and stays exact.
 */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'YYYY-MM-DD';
