import type { ApiTokenInfo } from '../../../../../shared/schemas/api-tokens';

/** Tokens made with `npm run token` may have no label: name them by id then. */
export function tokenName(token: ApiTokenInfo): string {
  return token.label || `token ${token.id} (no label)`;
}
