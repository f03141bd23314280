/**
 * Hands a blob to the browser as a download named `filename` (a temporary object URL on an
 * <a download>): Chromium saves it, Electron asks where (or saves to Downloads).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
