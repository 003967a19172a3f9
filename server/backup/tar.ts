import { createReadStream, readdirSync } from "node:fs";
import path from "node:path";
import { create, Pack, Parser, type ReadEntry } from "tar";

/**
 * The backup file's tar, by node-tar (`tar`): written and read as streams, never whole in memory. `tar tvf` lists
 * what it writes.
 */
export class NotATar extends Error {}

/** Remembers no file, so that each is written whole however many names (hard links) it has. */
class NoHardLinks extends Map<`${number}:${number}`, string> {
  override set() {
    return this;
  }
}

/** A tar of files from anywhere on disk, each under its name in the archive, in the order given. */
export function packFiles(files: Array<{ name: string; source: string }>): Pack {
  const names = new Map(files.map(({ name, source }) => [path.resolve(source), name]));
  const pack = new Pack({
    cwd: "/",
    noDirRecurse: true,
    linkCache: new NoHardLinks(),
    onWriteEntry: (entry) => void (entry.path = names.get(entry.absolute)!),
  });
  for (const { source } of files) pack.add(path.relative("/", path.resolve(source)));
  return pack.end();
}

/** A gzipped tar of a folder's contents: its files and folders (nothing else), named from inside it. */
export const packFolder = (folder: string): Pack =>
  create(
    { cwd: folder, gzip: true, filter: (_, stat) => "isFile" in stat && (stat.isFile() || stat.isDirectory()) },
    readdirSync(folder),
  );

/**
 * Reads a whole tar file, entry by entry, and fails with NotATar unless every header's checksum holds, every
 * entry's bytes are there and the end-of-archive blocks close it (a file cut off between entries has none).
 * `onEntry` must consume each entry it is given (pipe it, or `resume()` it); if its promise fails, reading stops
 * and readTar fails with that error.
 */
export async function readTar(file: string, onEntry: (entry: ReadEntry) => Promise<void> | void): Promise<void> {
  const parser = new Parser({ strict: true });
  const handled: Array<Promise<void>> = [];
  const failures: unknown[] = [];
  let ended = false;
  parser.on("eof", () => (ended = true));
  parser.on("entry", (entry: ReadEntry) => {
    handled.push(
      (async () => onEntry(entry))().catch((err: unknown) => {
        failures.push(err);
        parser.abort(err as Error);
      }),
    );
  });
  const input = createReadStream(file);
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("error", reject);
      parser.on("end", resolve);
      input.on("error", reject);
      input.pipe(parser);
    });
  } catch (err) {
    input.destroy();
    if (failures.length > 0) throw failures[0];
    const { tarCode, entry, message } = err as Error & { tarCode?: string; entry?: ReadEntry };
    if (!tarCode) throw err;
    const reason = message.replace(/^TAR_\w+: (\w)/, (_, letter: string) => letter.toLowerCase());
    if (entry && reason.startsWith("truncated")) throw new NotATar(`${entry.path} is cut off`);
    throw new NotATar(tarCode === "TAR_ENTRY_INVALID" ? `a header is damaged (${reason})` : reason);
  }
  await Promise.all(handled);
  if (failures.length > 0) throw failures[0];
  if (!ended) throw new NotATar("it is cut off before its end");
}
