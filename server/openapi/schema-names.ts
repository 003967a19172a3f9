import type { z } from "zod";

const names = new Map<z.ZodType, string>();
const schemas = new Map<string, z.ZodType>();

/**
 * Gives a schema its name in the OpenAPI document (`#/components/schemas/{name}`), where a call's declaration
 * uses it. A name names one schema, and a schema has one name.
 */
export function named<S extends z.ZodType>(name: string, schema: S): S {
  const before = schemas.get(name);
  if (before && before !== schema) throw new Error(`Two schemas are named ${name}.`);
  const other = names.get(schema);
  if (other && other !== name) throw new Error(`The schema ${name} is already named ${other}.`);
  names.set(schema, name);
  schemas.set(name, schema);
  return schema;
}

/** Every named schema, by schema. */
export const schemaNames = (): ReadonlyMap<z.ZodType, string> => names;
