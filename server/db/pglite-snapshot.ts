import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Copies the embedded database's data directory `source` to the new folder `target`, consistently while the store
 * runs. PGlite runs every query and transaction of the process through one mutex: inside a transaction of our own
 * no other transaction is half done and nothing writes, and the checkpoint has put every committed page in the
 * files. The store's queries wait for the copy; resolves with how long they waited, in ms.
 */
export async function snapshotPglite(client: PGlite, source: string, target: string): Promise<number> {
  const started = performance.now();
  await client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    await copyFolder(source, target);
  });
  return Math.round(performance.now() - started);
}

/**
 * The folder's files copied by the kernel (copy_file_range, or a reflink where the disk has them), several at a
 * time (as many as libuv has threads): a data directory is a thousand small files, and fs.cp takes twice as long.
 */
async function copyFolder(source: string, target: string) {
  const files: string[] = [];
  const walk = async (relative: string) => {
    await mkdir(path.join(target, relative), { mode: 0o700 });
    for (const entry of await readdir(path.join(source, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) files.push(name);
    }
  };
  await walk("");
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const name = files[next++]!;
      await copyFile(path.join(source, name), path.join(target, name));
    }
  };
  await Promise.all(Array.from({ length: 4 }, copier));
}
