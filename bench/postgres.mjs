// A fresh PostgreSQL database for one bench run, dropped afterwards; null when no server answers.
import pg from "pg";

export async function createBenchDatabase(adminUrl) {
  const name = `randa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`bench: no PostgreSQL at ${adminUrl} (${error.message}); measuring the embedded database only.`);
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
