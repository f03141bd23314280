export const BUNDLE_DIR: string;
export const COMPILE_CACHE_DIR: string;
export const CLI_ENTRIES: Record<string, string>;
export function asciiOnly(text: string): string;
export function freshCliBundle(
  command: string,
  options?: { log?: (line: string) => void },
): Promise<string | undefined>;
