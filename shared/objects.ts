/**
 * A JSON object, as a request or answer body holds one: an object that is neither null nor an
 * array. The one test every reader of an untyped body uses before it reads a field.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value`'s fields to read, or none when it is no JSON object. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
