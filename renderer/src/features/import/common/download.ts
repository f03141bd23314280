/** Saves text as a file through the browser's download (works the same in the Electron window). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
