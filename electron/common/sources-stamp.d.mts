// Types of sources-stamp.mjs (plain JavaScript, for the launcher), for the TypeScript that uses it.
export interface SourcesStamp {
  contents: string;
  stats: string;
}
export function sourceFiles(root: string, sources: readonly string[], accept?: (name: string) => boolean): string[];
export function contentsHash(root: string, files: readonly string[]): string;
export function writeStamp(stampFile: string, stamp: SourcesStamp): void;
export function checkSources(
  stampFile: string,
  root: string,
  sources: readonly string[],
  accept?: (name: string) => boolean,
): { fresh: true; stamp?: undefined } | { fresh: false; stamp: SourcesStamp };
