/** The badge colour of an HTTP status, by its class: errors stand out, redirects differ from success. */
export function httpColor(code: number): string {
  if (code >= 500) return 'red';
  if (code >= 400) return 'orange';
  if (code >= 300) return 'blue';
  return 'teal';
}
