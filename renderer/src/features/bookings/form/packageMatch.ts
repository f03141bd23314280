import { matchProduct, type MatchableProduct } from '../../../../../shared/service/product-match';
import { formatMoney } from '../../../lib/format';

export interface PricedProduct extends MatchableProduct {
  name: string;
  price_cents: number;
}

/** What saving will make of a camera package, said before saving. */
export type PackageMatch =
  { kind: 'empty' } | { kind: 'match'; product: PricedProduct } | { kind: 'none'; inactive?: PricedProduct };

/**
 * The product the server will match (shared/service/product-match.ts, the Sync API's own rule),
 * and, when none does, an inactive product that would if it were active: the usual surprise.
 */
export function packageMatchOf(products: readonly PricedProduct[], cameraPackage: string): PackageMatch {
  if (cameraPackage === '') return { kind: 'empty' };
  const product = matchProduct(products, cameraPackage);
  if (product) return { kind: 'match', product };
  const inactive = matchProduct(
    products.filter((p) => !p.active).map((p) => ({ ...p, active: true })),
    cameraPackage,
  );
  return inactive ? { kind: 'none', inactive } : { kind: 'none' };
}

export function productWithPrice(product: PricedProduct, currency: string | undefined): string {
  return currency ? `${product.name} (${formatMoney(product.price_cents, currency)})` : product.name;
}

/** The sentence under the field: "Will match: Handcam 4K (€119.00)" or "No product matches: …". */
export function packageMatchText(
  match: PackageMatch,
  cameraPackage: string,
  currency: string | undefined,
): string | null {
  if (match.kind === 'empty') return null;
  if (match.kind === 'match') return `Will match: ${productWithPrice(match.product, currency)}`;
  if (match.inactive)
    return `No product matches: “${match.inactive.booking_system_name}” is ${match.inactive.name}, which is inactive`;
  return `No product matches: no active product's booking-system name starts “${cameraPackage}”; it is saved without a product`;
}
