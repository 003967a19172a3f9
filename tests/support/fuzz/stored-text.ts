import { sql } from "drizzle-orm";
import type { Database } from "@server/db/client";

/**
 * What the text rule (shared/schemas/text.ts) keeps out, as a PostgreSQL bracket expression: control characters
 * but tab, line feed and carriage return, and the bidirectional overrides and isolates. (NUL and broken UTF-16
 * never reach a row: PostgreSQL text cannot hold them.)
 */
const FORBIDDEN = String.raw`[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]`;
/** A character somebody sees: anything but white space and the invisible ones the rule trims. */
const VISIBLE = String.raw`[^[:space:]\u00a0\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]`;

/** Every free text a customer or an admin can write, as it is stored. */
const FREE_TEXT: [name: string, from: string, column: string][] = [
  ["user.name", `"user"`, "name"],
  ["product.name", "product", "name"],
  ["product.name_bn", "product", "name_bn"],
  ["product.description", "product", "description"],
  ["product.description_bn", "product", "description_bn"],
  ["product.details", "product", "details"],
  ["review.comment", "review", "comment"],
  ["profile.education", "profile", "education"],
  ["profile.number", "profile", "number"],
  ["profile.location", "profile", "location"],
  ["category.name_en", "category", "name_en"],
  ["category.name_bn", "category", "name_bn"],
  ["order.delivery name", `"order"`, "delivery->>'name'"],
  ["order.delivery address", `"order"`, "delivery->>'address'"],
  ["order.cancel_reason", `"order"`, "cancel_reason"],
];

/** Texts that must show something: a name, a comment (a product's description may be empty; a demo row's is). */
const NOT_BLANK = new Set(["user.name", "product.name", "review.comment", "category.name_en", "category.name_bn"]);

/**
 * The stored free texts that break the text rule: a forbidden character anywhere, or a name or comment with nothing
 * visible. A fuzz asks after every request the store took: whatever was taken was taken by the rule.
 */
export async function textsBreakingTheRule(database: Database): Promise<string[]> {
  const checks = FREE_TEXT.map(([name, from, column]) => {
    const blank = NOT_BLANK.has(name) ? ` or ${column} !~ '${VISIBLE}'` : "";
    return `select '${name}' as what from ${from} where ${column} ~ '${FORBIDDEN}'${blank}`;
  });
  const result = (await database.db.execute(sql.raw(checks.join(" union ")))) as unknown as {
    rows: { what: string }[];
  };
  return result.rows.map((row) => row.what).sort();
}
