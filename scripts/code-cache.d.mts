export const CODE_CACHE_AFTER_MS: number;
export function requireWithCodeCache(
  bundle: string,
  cacheBase: string,
  afterMs?: number,
): Record<string, unknown> | undefined;
