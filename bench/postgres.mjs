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

/**
 * Resolves once the store has sent every message its orders queued (the e-mail and SMS outboxes hold none due), so
 * that an order's CPU counts the messages it costs: under load the outboxes fall behind the orders and would
 * otherwise finish their work after the measurement. Answers how long it waited, in ms.
 */
export async function outboxesDrained(url, timeoutMs = 300_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `select (select count(*) from mail_outbox where status = 'pending' and next_attempt_at <= now())
          + (select count(*) from sms_outbox where status = 'pending' and next_attempt_at <= now()) as due`,
      );
      if (Number(rows[0].due) === 0) return Date.now() - started;
      if (Date.now() - started > timeoutMs) throw new Error(`bench: the outboxes still hold ${rows[0].due} messages`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}
