/**
 * The file name a `Content-Disposition` header suggests, or null: `filename*=UTF-8''…` (RFC 6266
 * and 8187, percent-encoded) before a plain `filename="…"` (quoted, `\"` escapes) or token. Only
 * the last path part is kept: a name is never a place to save to.
 */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i.exec(contentDisposition);
  if (extended) {
    try {
      return baseName(decodeURIComponent(extended[1]!));
    } catch {
      // A broken escape: the plain name, if there is one, serves.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentDisposition);
  if (!plain) return null;
  return baseName(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!);
}

function baseName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}
