import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { emptyPostgresDatabase, spawnStore, stopStore, waitReady, type StoreProcess } from "../../support/built-store";
import { tcpRelay } from "../../support/tcp-relay";

const MIGRATION_LOCK_ID = 727_001;
const serverUrl = process.env.DATABASE_URL!;

async function ready(base: string) {
  const res = await fetch(`${base}/api/ready`);
  return { status: res.status, body: (await res.json()) as { status?: string } };
}

describe("readiness of a store process on PostgreSQL", () => {
  const started: StoreProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(started.map((store) => stopStore(store, "SIGKILL")));
    for (const cleanup of cleanups) await cleanup();
  });
  const spawnTracked = async (env: Record<string, string>) => {
    const store = await spawnStore(env);
    started.push(store);
    return store;
  };

  it("answers 503 while another copy holds the migrations", { timeout: 90_000 }, async () => {
    const database = await emptyPostgresDatabase(serverUrl);
    cleanups.push(database.drop);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const store = await spawnTracked({ DATABASE_URL: database.url, DEMO_DATA: "false" });
    await expect
      .poll(
        () =>
          ready(store.base)
            .then((a) => a.status)
            .catch(() => 0),
        { timeout: 30_000 },
      )
      .toBe(503);
    const page = await fetch(`${store.base}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ready(store.base)).toEqual({ status: 503, body: { status: "starting" } });
    await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    await holder.end();
    await waitReady(store);
    await stopStore(store);
  });

  it("answers 503 while the database cannot be reached, and 200 once it can", { timeout: 90_000 }, async () => {
    const database = await emptyPostgresDatabase(serverUrl);
    cleanups.push(database.drop);
    const target = new URL(database.url);
    const proxy = await tcpRelay(target.hostname, Number(target.port || 5432));
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const store = await spawnTracked({ DATABASE_URL: viaProxy.toString(), DEMO_DATA: "false" });
    await waitReady(store);
    await proxy.cut();
    expect(await ready(store.base)).toEqual({ status: 503, body: { status: "database unreachable" } });
    await proxy.restore();
    await expect.poll(async () => (await ready(store.base)).status, { timeout: 10_000 }).toBe(200);
    await stopStore(store);
  });
});
