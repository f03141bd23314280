import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import type { ImportMapping } from '../../../../../shared/schemas/imports/mappings';
import { fieldOf, IMPORT_FIELDS } from './fields';

/** A header as compared: lower case, no accents, punctuation and spaces gone ("E-Mail Address" → "emailaddress"). */
export function foldHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The header's words, folded, for "contains" matches ("Customer e-mail" contains "e-mail"). */
function words(header: string): string[] {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Last words that make a header a measure of the thing, not the thing ("Package price", "Customer number"). */
const MEASURE_WORDS = new Set([
  'price',
  'amount',
  'total',
  'cost',
  'fee',
  'paid',
  'quantity',
  'qty',
  'count',
  'number',
  'nr',
  'no',
  'code',
  'id',
  'status',
  'type',
]);

interface Candidate {
  column: number;
  field: string;
  /** 2: the whole header is a name of the field; 1: the header's words contain one. */
  strength: number;
  /** Position in the field's synonym list: earlier names are the likelier meaning. */
  rank: number;
  /** For partial matches: the word the synonym ends on (the last word names the thing: "Customer e-mail"). */
  end: number;
}

function candidatesFor(header: string, column: number, kind: ImportKind): Candidate[] {
  const folded = foldHeader(header);
  const headerWords = words(header);
  const found: Candidate[] = [];
  let partial: Candidate | null = null;
  const lastWord = headerWords[headerWords.length - 1] ?? '';
  for (const field of IMPORT_FIELDS[kind]) {
    const aboutSomethingElse = field.falseFriends.some((word) => headerWords.includes(word));
    field.synonyms.forEach((synonym, rank) => {
      const target = foldHeader(synonym);
      if (target === folded) {
        found.push({ column, field: field.name, strength: 2, rank, end: 0 });
        return;
      }
      // Short names ("id", "ti") only count as the whole header; inside a longer one they mislead.
      const synonymWords = words(synonym);
      if (target.length < 4 || aboutSomethingElse) return;
      for (let i = headerWords.length - synonymWords.length; i >= 0; i--) {
        if (synonymWords.every((w, j) => headerWords[i + j] === w)) {
          const end = i + synonymWords.length - 1;
          if (end < headerWords.length - 1 && MEASURE_WORDS.has(lastWord)) return;
          if (!partial || end > partial.end || (end === partial.end && rank < partial.rank))
            partial = { column, field: field.name, strength: 1, rank, end };
          return;
        }
      }
    });
  }
  // One partial reading per header, the one ending on its last word: "Customer e-mail" is an e-mail, never a name.
  if (partial) found.push(partial);
  return found;
}

/**
 * Each header → the field it most likely means, or null. A field goes to one column at most:
 * whole-name matches win over partial ones, then the likelier synonym, then the leftmost column.
 */
export function matchHeaders(headers: readonly string[], kind: ImportKind): ImportMapping {
  const candidates = headers.flatMap((header, column) => candidatesFor(header, column, kind));
  candidates.sort((a, b) => b.strength - a.strength || a.rank - b.rank || a.column - b.column);
  const byColumn = new Map<number, string>();
  const taken = new Set<string>();
  for (const c of candidates) {
    if (byColumn.has(c.column) || taken.has(c.field)) continue;
    byColumn.set(c.column, c.field);
    taken.add(c.field);
  }
  // A full-name column beside "First name"/"Last name": the full name is the name, the parts are left to the person.
  for (const [column, field] of byColumn) {
    const whole = fieldOf(kind, field)?.partOf?.field;
    if (whole !== undefined && taken.has(whole)) byColumn.delete(column);
  }
  return Object.fromEntries(headers.map((header, column) => [header, byColumn.get(column) ?? null]));
}

/**
 * A remembered mapping laid over the automatic one: the server answers it keyed by this file's
 * headers (shared/import-headers.ts forgives case and spacing); fields this desk no longer knows
 * fall back to "ignore". Headers it does not name keep their automatic match.
 */
export function withRemembered(
  auto: ImportMapping,
  remembered: ImportMapping | null,
  headers: readonly string[],
  kind: ImportKind,
): ImportMapping {
  if (!remembered) return auto;
  const known = new Set(IMPORT_FIELDS[kind].map((f) => f.name));
  return Object.fromEntries(
    headers.map((h) => {
      if (!(h in remembered)) return [h, auto[h] ?? null];
      const field = remembered[h];
      return [h, field && known.has(field) ? field : null];
    }),
  );
}

/** Fields mapped by more than one column (a person's choice can make that happen): the later ones are reported. */
export function doubleMapped(mapping: ImportMapping): string[] {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const field of Object.values(mapping)) {
    if (!field) continue;
    if (seen.has(field)) doubled.add(field);
    seen.add(field);
  }
  return [...doubled];
}
