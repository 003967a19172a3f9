import { randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One process at a time may use a data directory: PGlite takes no lock of its own, and a second process opening
 * `DATA_DIR/pglite` beside the store would corrupt it. The store, `npm run backup` (without a running store),
 * `npm run restore` and `npm run admin` take this lock; a process that died without releasing it is noticed by its
 * pid and the lock taken over.
 */
export const LOCK_FILE = "store.lock";

export interface LockHolder {
  pid: number;
  host: string;
  /** Linux's boot id: a lock written before a reboot is stale whatever its pid now names. */
  boot: string | null;
  command: string;
  since: string;
  token: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        `If no such process runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** Locks held by this process: a lock naming our own pid is ours only if it is in here. */
const heldHere = new Set<string>();

function bootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder, file: string): boolean {
  if (holder.host !== hostname()) return true;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  // The same pid as ours: this process took it, or a process before ours had our pid (a container's pid 1).
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Moves a stale lock aside and deletes it. Two processes may find the same stale lock; the one that comes second
 * may have moved the first one's fresh lock, and puts it back.
 */
function removeStale(file: string, stale: LockHolder | null) {
  const aside = `${file}.stale-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (moved && moved.token !== stale?.token) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process holds the lock now; it stays theirs.
    }
  }
  unlinkSync(aside);
}

/** Takes the lock of `dataDir` or throws DataDirInUse naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    command: path.relative(process.cwd(), process.argv[1] ?? "node") || "node",
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  // Written whole under another name and linked into place: nobody ever reads half a lock.
  const draft = `${file}.${process.pid}-${mine.token}`;
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        heldHere.add(file);
        return { release: () => release(file, mine.token) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = readHolder(file);
      if (holder && isAlive(holder, file)) throw new DataDirInUse(dir, holder);
      removeStale(file, holder);
    }
    throw new Error(`Could not take the lock ${file}: other processes keep taking it.`);
  } finally {
    unlinkSync(draft);
  }
}

function release(file: string, token: string) {
  heldHere.delete(file);
  if (readHolder(file)?.token !== token) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
