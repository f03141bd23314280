/**
 * Redaction of a body that cannot be parsed (cut off, a stray comma, single quotes, nested past
 * what JSON.stringify can walk): every `name: value` or `name = value` whose name looks secret has
 * its value replaced, whatever the quoting. The rest of the text stays as sent, so a person can
 * still see what was wrong with it.
 */

/**
 * A name, then `:` or `=`. Quoted names hold no quote of either kind, so a name can never reach
 * over a secret's own name (`'a":"b","token":"S","c':1` is no name); bare names start where no
 * name character precedes them, so a long word is tried once, not from each of its letters.
 */
const NAME_THEN_SEPARATOR =
  /(?:"((?:[^"'\\\n]|\\.)*)"|'((?:[^'"\\\n]|\\.)*)'|(?<![\w$-])([A-Za-z_$][\w$-]*))\s*[:=]\s*/g;

/** Where a bare value (a number, `true`, an unquoted word) ends. */
const BARE_VALUE_END = new Set([' ', '\t', '\r', '\n', ',', ';', '&', '}', ']', ')', '"', "'"]);

/** The end (exclusive) of the quoted string that starts at `start`; the text's end if it never closes. */
function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/** The end of the object or array that starts at `start` (strings inside skipped); the text's end if it never closes. */
function nestedEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = quotedEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The end of the value that starts at `start`. */
function valueEnd(text: string, start: number): number {
  const c = text[start];
  if (c === '"' || c === "'") return quotedEnd(text, start);
  if (c === '{' || c === '[') return nestedEnd(text, start);
  let end = start;
  while (end < text.length && !BARE_VALUE_END.has(text[end] as string)) end++;
  return end;
}

export function redactByPattern(text: string, isSecretName: (name: string) => boolean, marker: string): string {
  const names = new RegExp(NAME_THEN_SEPARATOR);
  let out = '';
  let copied = 0;
  for (let match = names.exec(text); match; match = names.exec(text)) {
    const name = match[1] ?? match[2] ?? match[3] ?? '';
    const start = match.index + match[0].length;
    if (!isSecretName(name) || start >= text.length) continue;
    const end = valueEnd(text, start);
    if (end === start) continue;
    // The marker in the value's own quotes (single stays single), so the text reads as before.
    const quote = text[start] === "'" ? "'" : '"';
    out += `${text.slice(copied, start)}${quote}${marker}${quote}`;
    copied = end;
    names.lastIndex = end;
  }
  return out + text.slice(copied);
}
