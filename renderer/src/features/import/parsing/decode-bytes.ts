/** What a file's bytes turned into: its text, or why it cannot be read as a table. */
export type Decoded = { ok: true; text: string; encoding: TextEncoding } | { ok: false; reason: string };
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Enough of the start to tell a binary file from text without decoding megabytes first. */
const SNIFF_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** Known non-text formats people pick by mistake, with what to do instead. */
function knownBinary(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return 'This is a spreadsheet workbook (.xlsx or .ods), not a text file. In the spreadsheet choose File › Save as › "CSV UTF-8" (or copy the cells and paste them here).';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    return 'This is an old Excel workbook (.xls), not a text file. In Excel choose File › Save as › "CSV UTF-8" (or copy the cells and paste them here).';
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46]))
    return 'This is a PDF, not a table. Export the bookings as CSV from the system they come from.';
  return null;
}

/** Control characters other than tab and line ends: text files have (almost) none. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  return control > sample.length / 100;
}

const NOT_TEXT =
  'This file is not text (it holds binary data). Choose a CSV, TSV or TXT file, or paste the cells from a spreadsheet.';

/**
 * The file's text: UTF-8 (a byte-order mark is dropped), UTF-16 when it starts with its BOM,
 * else Windows-1252, which is what a spreadsheet's plain "CSV" export writes on Windows in
 * Western Europe; the caller tells the person when that fallback was taken.
 */
export function decodeBytes(bytes: Uint8Array): Decoded {
  if (bytes.length === 0) return { ok: false, reason: 'The file is empty.' };
  const known = knownBinary(bytes);
  if (known) return { ok: false, reason: known };

  let text: string;
  let encoding: TextEncoding;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    text = new TextDecoder(encoding).decode(bytes);
  } else {
    if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return { ok: false, reason: NOT_TEXT };
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      encoding = 'utf-8';
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
      encoding = 'windows-1252';
    }
  }
  text = stripBom(text);
  if (looksBinary(text)) return { ok: false, reason: NOT_TEXT };
  return { ok: true, text, encoding };
}

/** TextDecoder drops a BOM already; pasted or passed-in text may still carry one. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
