// npm run admin -- promote <email>: makes an existing account an admin, from the shell.
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { promoteToAdmin } from "../server/domain/users";
import { AppError } from "../server/errors";

const [command, email] = process.argv.slice(2);
if (command !== "promote" || !email) {
  console.error("Usage: npm run admin -- promote <email>");
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    const { promoted } = await promoteToAdmin(database.db, email);
    console.log(promoted ? `${email} is now an admin.` : `${email} was already an admin.`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof AppError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
