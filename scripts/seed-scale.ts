// npm run seed:scale -- --products 10000 --orders 200000 --users 20000 [--reviews 5000]: fills the database the
// store would open (DATABASE_URL, or the embedded one under DATA_DIR) with years of a shop's data, in SQL.
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { DataDirInUse } from "../server/db/data-dir-lock";
import { DEFAULT_SCALE, ScaleRefused, seedScaleData, type ScaleSizes } from "./scale/seed";

const USAGE = `Usage: npm run seed:scale -- [--products N] [--orders N] [--users N] [--reviews N]

Defaults: --products ${DEFAULT_SCALE.products} --orders ${DEFAULT_SCALE.orders} --users ${DEFAULT_SCALE.users} --reviews ${DEFAULT_SCALE.reviews}.
Fills the store's database (DATABASE_URL, else DATA_DIR's embedded one) once; a second run refuses.`;

const LIMITS: Record<keyof ScaleSizes, [number, number]> = {
  products: [1, 1_000_000],
  orders: [0, 10_000_000],
  users: [1, 2_000_000],
  reviews: [0, 1_000_000],
};

function parseSizes(args: string[]): ScaleSizes | null {
  const sizes = { ...DEFAULT_SCALE };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, "") as keyof ScaleSizes;
    const value = Number(args[i + 1]);
    const limits = Object.hasOwn(LIMITS, name) ? LIMITS[name] : undefined;
    if (!args[i]?.startsWith("--") || !limits || !Number.isInteger(value) || value < limits[0] || value > limits[1]) {
      return null;
    }
    sizes[name] = value;
  }
  return sizes;
}

const sizes = parseSizes(process.argv.slice(2));
if (!sizes) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  const where = config.DATABASE_URL ? "PostgreSQL" : `the embedded database in ${config.DATA_DIR}`;
  console.log(
    `Seeding ${where}: ${sizes.products} products, ${sizes.users} customers, ${sizes.orders} orders, ${sizes.reviews} reviews.`,
  );
  const database = await openDatabase(target);
  try {
    const { seconds } = await seedScaleData(database.db, sizes, (line) => console.log(`  ${line}`));
    console.log(`Seeded in ${seconds.toFixed(1)} s.`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof ScaleRefused || err instanceof DataDirInUse) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
