/**
 * Matches a booking's camera_package to a product: the active product whose booking_system_name
 * is a case-insensitive prefix of it; the longest such name wins, then the lowest id.
 */
export function matchProduct<P extends { id: number; active: boolean; booking_system_name: string }>(
  products: readonly P[],
  cameraPackage: string | null | undefined,
): P | undefined {
  if (!cameraPackage) return undefined;
  // toLowerCase() is the root-locale (Unicode default) mapping, as toLocaleLowerCase('und') is,
  // without ICU's ~2 µs per call: this runs for every product of every batch element.
  const wanted = cameraPackage.toLowerCase();
  let best: P | undefined;
  let bestLength = 0;
  for (const p of products) {
    const name = p.booking_system_name.toLowerCase();
    if (!p.active || name === '' || !wanted.startsWith(name)) continue;
    if (!best || name.length > bestLength || (name.length === bestLength && p.id < best.id)) {
      best = p;
      bestLength = name.length;
    }
  }
  return best;
}
