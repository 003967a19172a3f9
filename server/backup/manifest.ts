import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * A backup is one tar file: `manifest.json` first, then the database (`database/pglite.tar.gz`, the embedded
 * database's data directory; or `database/postgresql.dump`, pg_dump's custom format), the embedded store's
 * `auth-secret` when it has one, and the images as `uploads/<name>`.
 */
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = { embedded: "database/pglite.tar.gz", postgresql: "database/postgresql.dump" } as const;
export const AUTH_SECRET_ENTRY = "auth-secret";
export const UPLOADS_PREFIX = "uploads/";

export type DatabaseKind = keyof typeof DATABASE_ENTRY;

export const Manifest = z.object({
  format: z.literal("randa-backup"),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  storeVersion: z.string(),
  database: z.enum(["embedded", "postgresql"]),
  images: z.discriminatedUnion("included", [
    z.object({ included: z.literal(true), count: z.number().int().min(0) }),
    z.object({ included: z.literal(false), reason: z.string() }),
  ]),
});

export type Manifest = z.infer<typeof Manifest>;

export function storeVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

/** What the database is, for messages: "embedded database" or "PostgreSQL database". */
export const databaseWords = (kind: DatabaseKind) =>
  kind === "embedded" ? "embedded database" : "PostgreSQL database";

/** "1 order", "2 orders". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
