/**
 * The part of an OpenAPI document a client depends on: every path, method, parameter, status, header and schema.
 * Words meant for people (`description`, `summary`) and the store's version are left out, so they may change.
 * Object keys are sorted; arrays (parameters, `required`, `enum`) keep their order, which a client may read.
 */
export function shapeOf(document: unknown): unknown {
  return strip(document, []);
}

function strip(value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, path));
  if (typeof value !== "object" || value === null) return value;
  const kept: Record<string, unknown> = {};
  // Keys in order, so that the snapshot's diff shows what changed, not where the builder put it.
  for (const [key, inner] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // Under `properties` a key is a field's name, not a word for people.
    const isField = path.at(-1) === "properties";
    if (!isField && (key === "description" || key === "summary")) continue;
    if (path.length === 1 && path[0] === "info" && key === "version") continue;
    kept[key] = strip(inner, [...path, key]);
  }
  return kept;
}
