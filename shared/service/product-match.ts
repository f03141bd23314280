/**
 * Which product a booking's camera_package matches (spec 2.3: "case-insensitive and by prefix";
 * docs/spec-decisions.md: the active product whose booking_system_name is a prefix of it, the
 * longest such name wins, then the lowest id). Shared so that the desk's matching tester explains
 * exactly the rule the Sync API applies: both are built from the two functions below.
 */

export interface MatchableProduct {
  id: number;
  active: boolean;
  booking_system_name: string;
}

/** Why a product can or cannot take part in the match at all. */
export type Candidacy = 'candidate' | 'inactive' | 'blank_name' | 'not_a_prefix';

/**
 * One product against one (already lower-cased) package. toLowerCase() is the root-locale
 * (Unicode default) mapping, as toLocaleLowerCase('und') is, without ICU's ~2 µs per call: this
 * runs for every product of every batch element.
 */
function candidacyOf(product: MatchableProduct, wantedLower: string): { candidacy: Candidacy; length: number } {
  const name = product.booking_system_name.toLowerCase();
  if (!product.active) return { candidacy: 'inactive', length: name.length };
  if (name === '') return { candidacy: 'blank_name', length: 0 };
  if (!wantedLower.startsWith(name)) return { candidacy: 'not_a_prefix', length: name.length };
  return { candidacy: 'candidate', length: name.length };
}

/** Between two candidates: the longer name wins, then the lower id. */
function beats(a: { id: number; length: number }, b: { id: number; length: number }): boolean {
  return a.length > b.length || (a.length === b.length && a.id < b.id);
}

/** The product a camera_package matches, or undefined. */
export function matchProduct<P extends MatchableProduct>(
  products: readonly P[],
  cameraPackage: string | null | undefined,
): P | undefined {
  if (!cameraPackage) return undefined;
  const wanted = cameraPackage.toLowerCase();
  let best: P | undefined;
  let bestLength = 0;
  for (const p of products) {
    const { candidacy, length } = candidacyOf(p, wanted);
    if (candidacy !== 'candidate') continue;
    if (!best || beats({ id: p.id, length }, { id: best.id, length: bestLength })) {
      best = p;
      bestLength = length;
    }
  }
  return best;
}

/** What became of one product in a match, and why. */
export type MatchVerdict =
  | 'winner'
  | 'inactive'
  | 'blank_name'
  | 'not_a_prefix'
  /** A prefix too, but the winner's name is longer. */
  | 'shorter_name'
  /** A prefix of the same length as the winner's; the winner has the lower id. */
  | 'higher_id';

export interface MatchStep<P extends MatchableProduct> {
  product: P;
  verdict: MatchVerdict;
}

export interface MatchExplanation<P extends MatchableProduct> {
  cameraPackage: string;
  winner: P | undefined;
  /** Every product, in the order given, each with its verdict. */
  steps: MatchStep<P>[];
}

/**
 * The match of `cameraPackage`, product by product: the winner is matchProduct's own answer, and
 * each other product says why it lost, by the same candidacy test and the same ordering.
 */
export function explainMatch<P extends MatchableProduct>(
  products: readonly P[],
  cameraPackage: string,
): MatchExplanation<P> {
  const winner = matchProduct(products, cameraPackage);
  const wanted = cameraPackage.toLowerCase();
  const winnerLength = winner ? winner.booking_system_name.toLowerCase().length : 0;
  const steps = products.map((product): MatchStep<P> => {
    if (product === winner) return { product, verdict: 'winner' };
    const { candidacy, length } = candidacyOf(product, wanted);
    if (candidacy !== 'candidate') return { product, verdict: candidacy };
    // A candidate that is not the winner lost to it: by length, else by id (beats(winner, it)).
    return { product, verdict: length < winnerLength ? 'shorter_name' : 'higher_id' };
  });
  return { cameraPackage, winner, steps };
}

/** A verdict in words, for the tester: what the rule saw. */
export function describeVerdict(
  step: MatchStep<MatchableProduct & { name?: string }>,
  winner: (MatchableProduct & { name?: string }) | undefined,
): string {
  const name = JSON.stringify(step.product.booking_system_name);
  switch (step.verdict) {
    case 'winner':
      return `matches: ${name} is the longest active booking system name the package starts with`;
    case 'inactive':
      return 'inactive: inactive products are never matched';
    case 'blank_name':
      return 'no booking system name: never matched';
    case 'not_a_prefix':
      return `the package does not start with ${name} (any case)`;
    case 'shorter_name':
      return `a prefix too, but ${JSON.stringify(winner?.booking_system_name ?? '')} is longer`;
    case 'higher_id':
      return `a prefix of the same length, but product ${winner?.id ?? ''} has the lower id`;
  }
}
