import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../../import-date-formats';

/** How an import's source file reads: its delimiter, and the format of its jump dates. */

/** Delimiters a source file can have (the parser finds them); the history's downloads use the file's own. */
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

/** The date format a person picked for jump dates: one the wizard offers, or null for YYYY-MM-DD. */
export const importDateFormat = z
  .enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(', ')}, or null for ${DEFAULT_DATE_FORMAT}` })
  .nullable()
  .optional();
