import { connect } from "node:net";
import path from "node:path";
import { CONTROL_SOCKET, SNAPSHOT_PREFIX } from "./control-socket";
import { Refused } from "./refused";

export interface StoreCopy {
  /** The folder the store copied its data directory to; the caller deletes it. */
  dir: string;
  /** How long the store's queries waited for the copy. */
  pausedMs: number;
}

/**
 * Asks the store running on `dataDir` to copy its embedded database, through its control socket. Null when no store
 * listens there (no socket, or a dead store's).
 */
export function copyFromStore(dataDir: string): Promise<StoreCopy | null> {
  const file = path.resolve(dataDir, CONTROL_SOCKET);
  return new Promise((resolve, reject) => {
    const socket = connect(file);
    let answer = "";
    let connected = false;
    socket.on("connect", () => {
      connected = true;
      socket.write(JSON.stringify({ command: "snapshot" }) + "\n");
    });
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) return resolve(null);
      if (err.code === "EACCES") {
        return reject(new Refused(`Cannot use ${file} (permission denied): run this as the store's user.`));
      }
      reject(new Refused(`The store on ${path.resolve(dataDir)} did not answer on ${file}: ${err.message}`));
    });
    socket.on("end", () => {
      let head: { ok?: boolean; dir?: string; pausedMs?: number; message?: string } = {};
      try {
        head = JSON.parse(answer) as typeof head;
      } catch {
        // No answer: the store closed the connection (it was stopping, or it failed).
      }
      // The command deletes the folder once packed: it must be a copy in DATA_DIR, nothing else.
      const isCopy = head.dir && path.dirname(head.dir) === path.resolve(dataDir);
      if (head.ok && isCopy && path.basename(head.dir!).startsWith(SNAPSHOT_PREFIX)) {
        resolve({ dir: head.dir!, pausedMs: head.pausedMs ?? 0 });
      } else reject(new Refused(head.message ?? "The store closed its control socket without an answer."));
    });
  });
}
