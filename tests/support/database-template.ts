import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@server/db/client";
import { adminQuery } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory as a tar file (PGlite's dumpDataDir), or "" on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated database on the DATABASE_URL server each test file's database is copied from, or "". */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup: the migrations run once per suite, not once per test file. Every file's database then
 * starts as a copy of this one (server/db/client.ts still checks the migrations on it, and finds none to apply):
 * a PGlite loaded from a dump takes a second where a new one and its migrations take three.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `randa_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await (await openDatabase({ url: url.toString() })).close();
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", "");
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), "randa-template-"));
  const file = path.join(folder, "pglite.tar");
  const database = await openDatabase({ inMemory: true });
  try {
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  return () => rmSync(folder, { recursive: true, force: true });
}
