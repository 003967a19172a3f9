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
  if (holdsUnstorableText(parsed.data)) throw invalid(UNSTORABLE_TEXT);
  return parsed.data;
}

export const UNSTORABLE_TEXT = "Text cannot contain NUL characters or unpaired surrogates.";

/**
 * What PostgreSQL text cannot hold: U+0000, and UTF-16 halves that make no character (which no browser sends).
 * What a schema let through is shallow, so the recursion is safe.
 */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000") || /\p{Cs}/u.test(value);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsUnstorableText);
  return false;
}
