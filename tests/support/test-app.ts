import { afterAll, beforeAll } from "vitest";
import { createApp } from "@server/app";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface TestContext {
  database: TestDatabase;
  app: ReturnType<typeof createApp>;
  /** Calls the API in-process, the way a browser or API client would over HTTP. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** One database and one app per test file, made before its tests and removed after them. */
export function useTestApp(): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.app = createApp({ database: ctx.database });
    ctx.request = async (path, init) => ctx.app.request(path, init);
  });
  afterAll(async () => {
    await ctx.database?.destroy();
  });
  return ctx;
}
