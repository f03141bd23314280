/**
 * The header signature: what makes two files "the same headers" for a remembered column mapping.
 * A spreadsheet re-exported next week may differ in case or in stray spaces, and a file saved on
 * macOS may spell accents decomposed; none of that should lose the mapping. Order and the number
 * of columns still count: they decide which cell lands in which field.
 */
export const HEADER_SIGNATURE_SEPARATOR = '\u001f';

/** One header as compared: NFC, trimmed, inner whitespace runs as one space, lower-cased. */
export function normaliseHeader(header: string): string {
  return (
    header
      .normalize('NFC')
      // The separator itself would make ["a\u001fb"] and ["a", "b"] the same signature.
      .replaceAll(HEADER_SIGNATURE_SEPARATOR, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase()
  );
}

export function headerSignature(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join(HEADER_SIGNATURE_SEPARATOR);
}

/**
 * A remembered mapping, keyed by the headers of the file at hand: the stored keys are the
 * headers of the file it was saved from, which may differ in case or spacing. Headers the
 * stored mapping does not name stay out (the wizard matches those itself).
 */
export function mappingForHeaders<T>(
  stored: Readonly<Record<string, T>>,
  headers: readonly string[],
): Record<string, T> {
  const byNormalised = new Map<string, T>();
  for (const [header, field] of Object.entries(stored)) byNormalised.set(normaliseHeader(header), field);
  const result: Record<string, T> = {};
  for (const header of headers) {
    const normalised = normaliseHeader(header);
    if (byNormalised.has(normalised)) result[header] = byNormalised.get(normalised) as T;
  }
  return result;
}
