import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUse, LOCK_FILE, lockDataDir, type LockHolder } from "@server/db/data-dir-lock";
import { useTempDirs } from "../support/temp-dirs";

/**
 * PGlite takes no lock of its own: DATA_DIR/store.lock keeps a second process (a second store, npm run restore,
 * npm run admin) off an embedded database that one has open, and lets a process take over the lock of one that
 * died.
 */
describe("DATA_DIR's lock", () => {
  const tempDir = useTempDirs();
  const freshDir = () => tempDir("randa-lock-");
  const lockFile = (dir: string) => path.join(dir, LOCK_FILE);

  /** A lock file as another process would have left it. */
  function leftBy(dir: string, holder: Partial<LockHolder>) {
    const lock: LockHolder = {
      pid: process.pid,
      host: hostname(),
      boot: null,
      command: "server/main.ts",
      since: "2025-01-01T00:00:00.000Z",
      token: "earlier",
      ...holder,
    };
    writeFileSync(lockFile(dir), JSON.stringify(lock));
  }

  /** The pid of a process that has just ended. */
  const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid;

  // The store's own lock (server/db/client.ts) is proven in backup-restore.test.ts: a restore while it runs is refused.
  it("keeps a second taker off while the first holds it, naming who has it, until it is released", () => {
    const dir = freshDir();
    const first = lockDataDir(dir);
    const second = (() => {
      try {
        return lockDataDir(dir);
      } catch (err) {
        return err;
      }
    })();
    expect(second).toBeInstanceOf(DataDirInUse);
    expect((second as Error).message).toMatch(
      new RegExp(`^${dir} is in use by .+ \\(pid ${process.pid} on ${hostname()}, since .+\\)\\. If no such process`),
    );
    first.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir).release();
  });

  it("refuses while the process named in the lock is alive", () => {
    const dir = freshDir();
    leftBy(dir, { pid: process.ppid });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: process.ppid, token: "earlier" });
  });

  it("refuses a lock from another machine sharing the folder, whose processes it cannot see", () => {
    const dir = freshDir();
    leftBy(dir, { pid: deadPid(), host: "another-machine" });
    expect(() => lockDataDir(dir)).toThrow(/in use by server\/main\.ts \(pid \d+ on another-machine/);
  });

  it.each<[string, () => Partial<LockHolder>]>([
    ["a process that died", () => ({ pid: deadPid() })],
    ["a process before a reboot", () => ({ pid: process.ppid, boot: "an-earlier-boot" })],
    ["an earlier process with this one's pid (a container's pid 1)", () => ({ pid: process.pid })],
  ])("takes over the lock of %s, and leaves it to the next once released", (_, holder) => {
    const dir = freshDir();
    leftBy(dir, holder());
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});
