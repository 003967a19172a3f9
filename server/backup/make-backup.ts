import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config";
import { DataDirInUse, lockDataDir, type DataDirLock } from "../db/data-dir-lock";
import { copyFromStore, type StoreCopy } from "./ask-store";
import {
  AUTH_SECRET_ENTRY,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  storeVersion,
  UPLOADS_PREFIX,
  type DatabaseKind,
  type Manifest,
} from "./manifest";
import { pgDump } from "./postgres-tools";
import { Refused } from "./refused";
import { packFiles, packFolder } from "./tar";

export interface BackupRequest {
  /** Where the backup goes; it must not exist yet. */
  file: string;
  config: Config;
  /** Why the images are not in the file (they are in an S3 bucket), or null to take DATA_DIR/uploads. */
  imagesElsewhere: string | null;
}

export interface BackupMade {
  file: string;
  bytes: number;
  ms: number;
  database: DatabaseKind;
  /** How the database's copy was taken: by the running store, from a stopped store's files, or by pg_dump. */
  takenBy: "copied by the running store" | "copied from its files, no store running" | "dumped by pg_dump";
  images: number | null;
  /** How long the running store's queries waited for its copy of the database (0 without a running store). */
  storePausedMs: number;
}

/**
 * Writes a backup of the store to `file`: the database first, then the images (images are only ever added, and
 * before the rows that name them, so every image the database names is in the file). The file is written as
 * `<file>.part` and renamed when complete: a file under the given name is always a whole backup.
 */
export async function makeBackup({ file, config, imagesElsewhere }: BackupRequest): Promise<BackupMade> {
  const started = performance.now();
  if (existsSync(file)) throw new Refused(`${file} already exists; a backup never replaces a file. Choose a new name.`);
  const dataDir = path.resolve(config.DATA_DIR);
  const uploads = path.join(dataDir, "uploads");
  if ((path.dirname(file) + path.sep).startsWith(uploads + path.sep)) {
    throw new Refused(`${file} is among the store's images (${uploads}): write the backup somewhere else.`);
  }
  const part = `${file}.part`;
  const out = await open(part, "wx", 0o600).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "EEXIST") throw new Refused(`Cannot write ${part}: ${err.message}`);
    throw new Refused(`${part} exists: another backup to ${file} is under way, or one was cut off (then delete it).`);
  });
  const database: DatabaseKind = config.DATABASE_URL ? "postgresql" : "embedded";
  // The manifest and the database's copy, until they are in the file.
  const parts = `${file}.part-files`;
  const manifestFile = path.join(parts, MANIFEST_ENTRY);
  const dumpFile = path.join(parts, "database");
  let copy: StoreCopy | null = null;
  let lock: DataDirLock | null = null;
  try {
    rmSync(parts, { recursive: true, force: true });
    mkdirSync(parts, { mode: 0o700 });
    let takenBy: BackupMade["takenBy"] = "dumped by pg_dump";
    if (config.DATABASE_URL) {
      await pgDump(config.DATABASE_URL, dumpFile);
    } else {
      copy = await copyFromStore(dataDir);
      takenBy = copy ? "copied by the running store" : "copied from its files, no store running";
      if (!copy) lock = lockStoppedStore(dataDir);
      await pipeline(
        packFolder(copy?.dir ?? path.join(dataDir, "pglite")),
        createWriteStream(dumpFile, { flags: "wx", mode: 0o600 }),
      );
    }
    const images = imagesElsewhere ? null : listImages(uploads);
    const manifest: Manifest = {
      format: "randa-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      storeVersion: storeVersion(),
      database,
      images: images ? { included: true, count: images.length } : { included: false, reason: imagesElsewhere! },
    };
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + "\n", { flag: "wx", mode: 0o600 });
    const secret = path.join(dataDir, "auth-secret");
    const entries = [
      { name: MANIFEST_ENTRY, source: manifestFile },
      { name: DATABASE_ENTRY[database], source: dumpFile },
      ...(database === "embedded" && existsSync(secret) ? [{ name: AUTH_SECRET_ENTRY, source: secret }] : []),
      ...(images ?? []).map((image) => ({ name: UPLOADS_PREFIX + image.name, source: image.path })),
    ];
    await pipeline(packFiles(entries), out.createWriteStream());
    const synced = await open(part, "r+");
    await synced.sync();
    await synced.close();
    await rename(part, file);
    const ms = Math.round(performance.now() - started);
    const storePausedMs = copy?.pausedMs ?? 0;
    return { file, bytes: statSync(file).size, ms, database, takenBy, images: images?.length ?? null, storePausedMs };
  } catch (err) {
    await out.close().catch(() => {});
    rmSync(part, { force: true });
    throw err;
  } finally {
    rmSync(parts, { recursive: true, force: true });
    if (copy) rmSync(copy.dir, { recursive: true, force: true });
    lock?.release();
  }
}

/** No store answered: the command reads the files itself, holding DATA_DIR's lock so that none starts meanwhile. */
function lockStoppedStore(dataDir: string): DataDirLock {
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new Refused(
      `${dataDir} holds no embedded database (no pglite folder): nothing to back up. Is DATA_DIR right?`,
    );
  }
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    throw new Refused(`${err.message} It did not answer on its control socket: if it is a store starting, try again.`);
  }
}

/** The stored images; a `.part` file is one being written. */
function listImages(dir: string): Array<{ name: string; path: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith(".") && !e.name.endsWith(".part"))
    .map((e) => ({ name: e.name, path: path.join(dir, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
