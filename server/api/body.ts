import type { Context } from "hono";
import type { z } from "zod";
import { invalid } from "../errors";

/** Reads a JSON body and parses it with the payload's schema; a broken body is a 400, not a 500. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalid("The request body must be JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Invalid request");
  return parsed.data;
}
