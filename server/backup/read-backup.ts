import { existsSync } from "node:fs";
import {
  AUTH_SECRET_ENTRY,
  DATABASE_ENTRY,
  Manifest,
  MANIFEST_ENTRY,
  UPLOADS_PREFIX,
  type Manifest as ManifestType,
} from "./manifest";
import { Refused } from "./refused";
import { NotATar, readTar } from "./tar";

/** What a backup holds, by the names of its entries. */
export interface Backup {
  file: string;
  manifest: ManifestType;
  database: string;
  authSecret: string | null;
  images: Array<{ name: string; imageName: string }>;
}

const MAX_MANIFEST_BYTES = 1 << 20;

/** An image's name: no folders, no dots in front, so nothing can be written outside DATA_DIR/uploads. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Reads a backup's table of contents and checks all of it before anything is changed: a whole tar, the manifest
 * first and of a version this store reads, the database the manifest names, and no entry it does not expect.
 */
export async function readBackup(file: string): Promise<Backup> {
  const notOurs = (why: string) => new Refused(`${file} is not a Randa backup: ${why}. Nothing was changed.`);
  if (!existsSync(file)) throw new Refused(`${file} does not exist. Nothing was changed.`);
  const entries: Array<{ name: string; type: string }> = [];
  const manifestBytes: Buffer[] = [];
  try {
    // The whole file is read: a damaged or cut-off one is refused here, before anything is changed.
    await readTar(file, (entry) => {
      entries.push({ name: entry.path, type: entry.type });
      // The manifest is small; a large first entry is no manifest, and is not kept in memory.
      if (entries.length === 1 && entry.size <= MAX_MANIFEST_BYTES)
        entry.on("data", (c: Buffer) => manifestBytes.push(c));
      else entry.resume();
    });
  } catch (err) {
    if (err instanceof NotATar) throw notOurs(`it is not a whole tar archive, ${err.message}`);
    throw err;
  }
  const [first, ...rest] = entries;
  if (first?.name !== MANIFEST_ENTRY) throw notOurs(`it does not begin with ${MANIFEST_ENTRY}`);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(manifestBytes).toString("utf8"));
  } catch {
    throw notOurs(`its ${MANIFEST_ENTRY} is not JSON`);
  }
  const version = (raw as { version?: unknown } | null)?.version;
  if ((raw as { format?: unknown } | null)?.format === "randa-backup" && typeof version === "number" && version > 1) {
    throw new Refused(`${file} was made by a newer store (backup format ${version}); this one reads format 1.`);
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw notOurs(`its manifest's ${issue.path.join(".") || "content"} is wrong (${issue.message})`);
  }
  const manifest = parsed.data;
  const databaseName = DATABASE_ENTRY[manifest.database];
  let database: string | null = null;
  let authSecret: string | null = null;
  const images: Backup["images"] = [];
  for (const { name, type } of rest) {
    const imageName = name.startsWith(UPLOADS_PREFIX) ? name.slice(UPLOADS_PREFIX.length) : null;
    if (type !== "File" && type !== "OldFile") throw notOurs(`its entry ${JSON.stringify(name)} is not a file`);
    if (name === databaseName && !database) database = name;
    else if (name === AUTH_SECRET_ENTRY && manifest.database === "embedded" && !authSecret) authSecret = name;
    else if (imageName !== null && IMAGE_NAME.test(imageName)) images.push({ name, imageName });
    else throw notOurs(`it holds ${JSON.stringify(name)}, which no backup holds`);
  }
  if (!database) throw notOurs(`it holds no ${databaseName}`);
  if (manifest.images.included && manifest.images.count !== images.length) {
    throw notOurs(`its manifest counts ${manifest.images.count} images, and it holds ${images.length}`);
  }
  return { file, manifest, database, authSecret, images };
}
