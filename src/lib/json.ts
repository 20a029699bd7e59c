/** A JSON object's fields, before anything about them is known. */
export type JsonObject = Record<string, unknown>;

/** An object with fields, as JSON.parse gives one: not null, not a list. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is text; `undefined` for anything else. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
