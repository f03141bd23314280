/** `text` as one word to paste into a POSIX shell: as it is when that is safe, else single-quoted. */
export function shellWord(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
