import { randomUUID } from "node:crypto";
import { chmodSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { Database } from "../db/client";
import type { Logger } from "../log/logger";

/**
 * The embedded store's control socket, `DATA_DIR/control.sock` (mode 0600: whoever may use it may read the data
 * anyway). Only this process may open the embedded database, so `npm run backup` asks it here for a copy. One
 * request a connection, a JSON line: `{"command":"snapshot"}`. The store copies its data directory to a new folder
 * `DATA_DIR/.snapshot-<id>` and answers `{"ok":true,"dir":…,"pausedMs":…}`, or `{"ok":false,"message":…}`; the
 * command packs the folder and deletes it.
 */
export const CONTROL_SOCKET = "control.sock";
export const SNAPSHOT_PREFIX = ".snapshot-";
const MAX_REQUEST_BYTES = 1024;
/** A client that connects and says nothing must not keep the store from closing. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface ControlSocket {
  close(): Promise<void>;
}

type Snapshot = (into: string) => Promise<number>;

/** Listens on DATA_DIR/control.sock when the database is the embedded one; null otherwise. */
export async function openControlSocket(
  database: Database,
  dataDir: string,
  log: Logger,
): Promise<ControlSocket | null> {
  const snapshot = database.snapshot;
  if (!snapshot) return null;
  const root = path.resolve(dataDir);
  const file = path.join(root, CONTROL_SOCKET);
  // The store holds DATA_DIR's lock (server/db/data-dir-lock.ts): a socket or a copy found here is a dead one's.
  rmSync(file, { force: true });
  for (const name of readdirSync(root).filter((n) => n.startsWith(SNAPSHOT_PREFIX))) {
    rmSync(path.join(root, name), { recursive: true, force: true });
  }
  const server = createServer((socket) => answer(socket, root, snapshot, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
    chmodSync(file, 0o600);
  } catch (err) {
    // A path too long for a socket, say: the store runs, and npm run backup says it cannot reach it.
    log.warn({ err, socket: file }, "no control socket: npm run backup cannot reach this store while it runs");
    return null;
  }
  return { close: () => closeServer(server, file) };
}

function answer(socket: Socket, root: string, snapshot: Snapshot, log: Logger) {
  let request = "";
  socket.on("error", () => socket.destroy());
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on("data", (chunk: Buffer) => {
    request += chunk.toString("utf8");
    if (request.length > MAX_REQUEST_BYTES) return void socket.destroy();
    if (!request.includes("\n")) return;
    socket.removeAllListeners("data");
    socket.setTimeout(0);
    void handle(request.split("\n")[0]!, socket, root, snapshot, log);
  });
}

async function handle(line: string, socket: Socket, root: string, snapshot: Snapshot, log: Logger) {
  let command: unknown;
  try {
    command = (JSON.parse(line) as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command !== "snapshot") {
    socket.end(JSON.stringify({ ok: false, message: `Unknown command: ${line.slice(0, 100)}` }) + "\n");
    return;
  }
  const dir = path.join(root, SNAPSHOT_PREFIX + randomUUID());
  try {
    const pausedMs = await snapshot(dir);
    log.info({ pausedMs }, "database copied for a backup");
    socket.end(JSON.stringify({ ok: true, dir, pausedMs }) + "\n");
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    log.error({ err }, "copying the database for a backup failed");
    socket.end(JSON.stringify({ ok: false, message: `The store could not copy its database: ${String(err)}` }) + "\n");
  }
}

function closeServer(server: Server, file: string): Promise<void> {
  return new Promise((resolve) =>
    server.close(() => {
      rmSync(file, { force: true });
      resolve();
    }),
  );
}
