import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { extract, type ReadEntry } from "tar";
import type { Config } from "../config";
import { PGLITE_OPTIONS } from "../db/client";
import { DataDirInUse, LOCK_FILE, lockDataDir } from "../db/data-dir-lock";
import { CONTROL_SOCKET } from "./control-socket";
import { databaseWords, MANIFEST_ENTRY, type DatabaseKind } from "./manifest";
import {
  otherSessions,
  pgRestore,
  shopCounts,
  shopCountsSql,
  storeTableCount,
  type ShopCounts,
} from "./postgres-tools";
import { readBackup, type Backup } from "./read-backup";
import { Refused } from "./refused";
import { readTar } from "./tar";

export interface RestoreRequest {
  file: string;
  config: Config;
  /** Replace a store that is there: its DATA_DIR's contents move aside, its PostgreSQL tables are dropped. */
  force: boolean;
  now?: Date;
}

export interface Restored {
  backup: Backup;
  dataDir: string;
  /** Where the DATA_DIR's previous contents went, if it had any. */
  movedAside: string | null;
  shop: ShopCounts;
}

/**
 * Restores a backup into the configured store (DATA_DIR, and DATABASE_URL's database) while no store runs on it.
 * The file is checked whole first; everything is made in a folder inside DATA_DIR and moved into place only once
 * the database has opened, so a refusal or a failure changes nothing.
 */
export async function restoreBackup({ file, config, force, now = new Date() }: RestoreRequest): Promise<Restored> {
  const backup = await readBackup(file);
  const kind: DatabaseKind = config.DATABASE_URL ? "postgresql" : "embedded";
  if (backup.manifest.database !== kind) {
    throw new Refused(
      `${file} is a backup of a store on the ${databaseWords(backup.manifest.database)}, and this one is configured for` +
        ` the ${databaseWords(kind)} (DATABASE_URL is ${config.DATABASE_URL ? "set" : "not set"}). Nothing was changed.`,
    );
  }
  const dataDir = path.resolve(config.DATA_DIR);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    const who = err.holder.command.endsWith("main.ts")
      ? `A store is running on ${dataDir}: stop it before restoring.`
      : `Another command is using ${dataDir}: let it finish before restoring.`;
    throw new Refused(`${who} ${err.message} Nothing was changed.`);
  }
  try {
    if (config.DATABASE_URL) await checkDatabaseFree(config.DATABASE_URL, force);
    const occupied = readdirSync(dataDir).filter((name) => !name.startsWith(LOCK_FILE) && name !== CONTROL_SOCKET);
    if (occupied.length > 0 && !force) {
      throw new Refused(
        `${dataDir} is not empty (${occupied.join(", ")}). To replace it, run again with --force: its contents move to ${dataDir}.before-restore-<time>. Nothing was changed.`,
      );
    }
    if (occupied.length > 0) checkSameDisk(dataDir);
    const staging = mkdtempSync(path.join(dataDir, ".restore-"));
    try {
      await unpackBackup(backup, staging);
      const shop = config.DATABASE_URL
        ? await restorePostgres(config.DATABASE_URL, path.join(staging, POSTGRES_DUMP))
        : await openEmbeddedDatabase(backup, path.join(staging, "pglite"));
      const movedAside = occupied.length > 0 ? moveAside(dataDir, occupied, now) : null;
      for (const name of readdirSync(staging)) renameSync(path.join(staging, name), path.join(dataDir, name));
      return { backup, dataDir, movedAside, shop };
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}

async function checkDatabaseFree(url: string, force: boolean) {
  const others = await otherSessions(url);
  if (others.length > 0) {
    throw new Refused(
      `The database has ${others.length} other connection${others.length === 1 ? "" : "s"} (${others.join(", ")}): stop every store on it before restoring. Nothing was changed.`,
    );
  }
  if (!force && (await storeTableCount(url)) > 0) {
    throw new Refused(
      "The database already holds a store's tables. To replace them with the backup's, run again with --force (take a backup of it first). Nothing was changed.",
    );
  }
}

/** Moving aside is a rename, so DATA_DIR and the folder beside it must be on one disk. */
function checkSameDisk(dataDir: string) {
  if (statSync(dataDir).dev !== statSync(path.dirname(dataDir)).dev) {
    throw new Refused(
      `${dataDir} is a disk of its own, so its contents cannot be moved beside it: empty it yourself, then restore. Nothing was changed.`,
    );
  }
}

const POSTGRES_DUMP = "postgresql.dump";

/**
 * Unpacks the backup into `staging` (streamed, in one reading of the file): the images into uploads/, the
 * auth-secret, and the embedded database into pglite/ or PostgreSQL's dump beside them. Each entry must be one that
 * readBackup accepted: a file changed since is refused.
 */
async function unpackBackup(backup: Backup, staging: string) {
  const toFile = (target: string, mode: number) => (entry: ReadEntry) =>
    pipeline(entry, createWriteStream(target, { flags: "wx", mode }));
  const targets = new Map<string, (entry: ReadEntry) => Promise<void>>([
    [MANIFEST_ENTRY, async (entry) => void entry.resume()],
    ...backup.images.map(
      ({ name, imageName }) => [name, toFile(path.join(staging, "uploads", imageName), 0o644)] as const,
    ),
    ...(backup.authSecret ? [[backup.authSecret, toFile(path.join(staging, "auth-secret"), 0o600)] as const] : []),
    [
      backup.database,
      backup.manifest.database === "postgresql"
        ? toFile(path.join(staging, POSTGRES_DUMP), 0o600)
        : (entry) => unpackDataDir(backup, entry, path.join(staging, "pglite")),
    ],
  ]);
  const changed = () => new Refused(`${backup.file} changed while it was restored. Nothing was changed.`);
  if (backup.images.length > 0) mkdirSync(path.join(staging, "uploads"));
  await readTar(backup.file, async (entry) => {
    const unpack = targets.get(entry.path);
    targets.delete(entry.path);
    if (!unpack) throw changed();
    await unpack(entry);
  });
  if (targets.size > 0) throw changed();
}

/** The embedded database's data directory, a gzipped tar: files and folders for its owner only, nothing outside. */
async function unpackDataDir(backup: Backup, entry: ReadEntry, dir: string) {
  mkdirSync(dir);
  const unpack = extract({
    cwd: dir,
    strict: true,
    preserveOwner: false,
    // A data directory's empty pages compress far better than the 1000:1 that node-tar takes for a bomb.
    maxDecompressionRatio: Infinity,
    onReadEntry: (file) => void (file.mode = file.type === "Directory" ? 0o700 : 0o600),
  });
  try {
    await Promise.all([once(unpack, "close"), pipeline(entry, unpack)]);
  } catch (err) {
    throw new Refused(`The database in ${backup.file} does not open (${String(err)}). Nothing was changed.`);
  }
}

/** Opens the unpacked data directory, so a damaged copy is found before anything moves. */
async function openEmbeddedDatabase(backup: Backup, dir: string): Promise<ShopCounts> {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dir, PGLITE_OPTIONS);
    const { rows } = await client.query<ShopCounts>(shopCountsSql);
    return rows[0]!;
  } catch (err) {
    throw new Refused(`The database in ${backup.file} does not open (${String(err)}). Nothing was changed.`);
  } finally {
    await client?.close();
  }
}

/** pg_restore runs in one transaction: if it fails, the database is as it was. */
async function restorePostgres(url: string, dump: string): Promise<ShopCounts> {
  await pgRestore(url, dump);
  rmSync(dump);
  return shopCounts(url);
}

/** DATA_DIR's contents (but its lock) go to DATA_DIR.before-restore-<time>, beside it. */
function moveAside(dataDir: string, names: string[], now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  let aside = `${dataDir}.before-restore-${stamp}`;
  for (let n = 2; existsSync(aside); n++) aside = `${dataDir}.before-restore-${stamp}-${n}`;
  mkdirSync(aside, { mode: 0o700 });
  for (const name of names) renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
}
