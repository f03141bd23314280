/** An answer's body read as JSON; undefined when it is empty or not JSON (the caller then knows nothing from it). */
export function jsonOf(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
