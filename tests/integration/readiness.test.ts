import { Agent, get } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { openDatabase } from "@server/db/client";
import { createReadiness } from "@server/http/readiness";
import { spawnStore, stopStore, type StoreProcess } from "../support/built-store";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

/** The Keep-Alive header of an answer on a pooled connection, which fetch does not show. */
function keepAliveHint(base: string) {
  const agent = new Agent({ keepAlive: true });
  return new Promise<string | undefined>((resolve, reject) => {
    get(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        agent.destroy();
        resolve(res.headers["keep-alive"]?.toString());
      });
    }).on("error", reject);
  });
}

async function ready(base: string) {
  const res = await fetch(`${base}/api/ready`);
  return { status: res.status, body: (await res.json()) as { status?: string } };
}

describe("GET /api/ready in the app", () => {
  const t = useTestApp();

  it("answers 503 while starting and from the drain on, 200 when ready; /api/health stays the liveness answer", async () => {
    const readiness = createReadiness();
    const app = createApp({ services: t.services, readiness });
    const get = async (path: string) => {
      const res = await app.request(`${TEST_ORIGIN}${path}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await get("/api/ready")).toEqual({ status: 503, body: { status: "starting" } });
    readiness.ready();
    expect(await get("/api/ready")).toEqual({ status: 200, body: { status: "ready" } });
    readiness.drain();
    expect(await get("/api/ready")).toEqual({ status: 503, body: { status: "draining" } });
    readiness.ready();
    expect((await get("/api/ready")).status).toBe(503);
    expect((await get("/api/health")).status).toBe(200);
  });

  it("answers 503 while the database cannot be reached", async () => {
    const gone = await openDatabase({ inMemory: true });
    await gone.close();
    const app = createApp({ services: { ...t.services, database: gone } });
    const res = await app.request(`${TEST_ORIGIN}/api/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "database unreachable" });
  });
});

describe("the store process", () => {
  const started: StoreProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((store) => stopStore(store, "SIGKILL")));
  });
  const spawnTracked = async (env: Record<string, string>) => {
    const store = await spawnStore(env);
    started.push(store);
    return store;
  };

  it(
    "answers 503 from its first moment until it is ready, then drains on SIGTERM while saying so",
    { timeout: 90_000 },
    async () => {
      const store = await spawnTracked({ DEMO_DATA: "true", SHUTDOWN_DELAY_SECONDS: "2" });
      const seen: string[] = [];
      for (;;) {
        const answer = await ready(store.base).catch(() => null);
        if (answer) seen.push(`${answer.status} ${answer.body.status}`);
        if (answer?.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The port answered while migrations and the demo data were still under way, and nothing else was served.
      expect(seen[0]).toBe("503 starting");
      expect(seen.at(-1)).toBe("200 ready");
      expect(new Set(seen)).toEqual(new Set(["503 starting", "200 ready"]));
      // An idle connection stays open 65 s, longer than a client's or a proxy's pool keeps it (server/main.ts).
      expect(await keepAliveHint(store.base)).toBe("timeout=65");

      store.child.kill("SIGTERM");
      await expect.poll(async () => (await ready(store.base)).body.status, { timeout: 5_000 }).toBe("draining");
      // Draining: still serving whoever comes meanwhile, for SHUTDOWN_DELAY_SECONDS.
      expect((await fetch(`${store.base}/api/health`)).status).toBe(200);
      expect((await fetch(`${store.base}/api/product`)).status).toBe(200);
      expect(await store.exited).toEqual({ code: 0, signal: null });
    },
  );
});
