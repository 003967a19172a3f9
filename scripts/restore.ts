// npm run restore -- <file> [--force]: puts a backup made by npm run backup back, while no store runs on it.
import path from "node:path";
import { counted, databaseWords } from "../server/backup/manifest";
import { Refused } from "../server/backup/refused";
import { restoreBackup } from "../server/backup/restore-backup";
import { ConfigError, loadConfig } from "../server/config";

const USAGE = `Usage: npm run restore -- <file> [--force]

Restores a backup made by npm run backup into the store named by DATA_DIR and DATABASE_URL. The store must be
stopped. An empty DATA_DIR (and, with DATABASE_URL, a database without tables) is filled; to replace a store that
is there, add --force: DATA_DIR's contents move to DATA_DIR.before-restore-<time>, and the database's tables are
replaced by the backup's.`;

const args = process.argv.slice(2);
const force = args.includes("--force");
const [name, ...rest] = args.filter((a) => a !== "--force");
if (!name || name.startsWith("-") || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
// npm runs scripts in the project's folder; a relative name means the folder the operator typed it in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);

try {
  const { backup, dataDir, movedAside, shop } = await restoreBackup({ file, config: loadConfig(), force });
  const { manifest } = backup;
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : null;
  const where = database ? `the database ${database} and ${dataDir}` : dataDir;
  const images = manifest.images.included
    ? counted(backup.images.length, "image file")
    : `no images (${manifest.images.reason})`;
  console.log(
    `Restored ${file} (the ${databaseWords(manifest.database)} as it was at ${manifest.createdAt}, store ${manifest.storeVersion}): ` +
      `${counted(shop.accounts, "account")}, ${counted(shop.products, "product")}, ${counted(shop.orders, "order")} and ${images}, into ${where}.` +
      (movedAside ? ` Its previous contents are in ${movedAside}.` : "") +
      " Start the store with npm start.",
  );
} catch (err) {
  if (err instanceof ConfigError || err instanceof Refused) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
