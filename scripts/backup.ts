// npm run backup -- <file>: the store's database and images in one file, taken while the store runs (or not).
import path from "node:path";
import { makeBackup } from "../server/backup/make-backup";
import { counted, databaseWords } from "../server/backup/manifest";
import { Refused } from "../server/backup/refused";
import { ConfigError, loadConfig } from "../server/config";

const USAGE = `Usage: npm run backup -- <file>

Writes a backup of the store named by DATA_DIR and DATABASE_URL to <file>, a new file: the database (a consistent
copy, taken while the store runs) and the uploaded images. Restore it with: npm run restore -- <file>`;

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith("-")) {
  console.error(USAGE);
  process.exit(2);
}
// npm runs scripts in the project's folder; a relative name means the folder the operator typed it in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  const config = loadConfig();
  // Images kept in an S3 bucket (S3_BUCKET) are not in DATA_DIR: the bucket is backed up on its own.
  const bucket = config.S3_BUCKET;
  const made = await makeBackup({
    file,
    config,
    imagesElsewhere: bucket ? `they are in the S3 bucket ${bucket}` : null,
  });
  const images =
    made.images === null
      ? `no images (they are in the S3 bucket ${bucket}; back it up on its own)`
      : counted(made.images, "image file");
  const paused = made.storePausedMs ? ` (the store's queries waited ${seconds(made.storePausedMs)})` : "";
  console.log(
    `Backed up the ${databaseWords(made.database)} (${made.takenBy}) and ${images} to ${made.file}: ${megabytes(made.bytes)} in ${seconds(made.ms)}${paused}.`,
  );
} catch (err) {
  if (err instanceof ConfigError || err instanceof Refused) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
