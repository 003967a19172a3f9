import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shapeOf } from "../support/openapi-shape";
import { useTestApp } from "../support/test-app";

// Taken before the calls moved beside their handlers (issue "Each call in one place"): every path, method,
// parameter, status, header and schema a client relies on. Only the words for people may change. A deliberate
// change to the API rewrites the file: `npx tsx scripts/openapi-snapshot.ts`.
const SNAPSHOT = new URL("./openapi-snapshot.json", import.meta.url);

describe("the OpenAPI document against its snapshot", () => {
  const t = useTestApp();

  it("keeps every path, method, status and schema of the snapshot", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const served = shapeOf(await res.json());
    expect(served).toEqual(JSON.parse(readFileSync(SNAPSHOT, "utf8")));
  });
});
