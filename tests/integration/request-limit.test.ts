import { describe, expect, it } from "vitest";
import { AppError } from "@server/errors";
import { countRequest, enforceLimit } from "@server/limits/request-limit";
import { useTestApp } from "../support/test-app";

const rule = { max: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, seconds));

describe("rate limits kept in the database", () => {
  const t = useTestApp();

  it("allows max requests in a window, refuses the next until the window ends, then counts afresh", async () => {
    const db = t.database.db;
    const verdicts = [];
    for (const s of [0, 10, 20, 30]) verdicts.push(await countRequest(db, "order:account:a", rule, at(s)));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.retryAfterSeconds).toBe(30);
    expect(await countRequest(db, "order:account:a", rule, at(60))).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("counts each key apart", async () => {
    const db = t.database.db;
    for (const s of [0, 1, 2]) await countRequest(db, "review:account:b", rule, at(s));
    expect((await countRequest(db, "review:account:b", rule, at(3))).allowed).toBe(false);
    expect((await countRequest(db, "review:account:c", rule, at(3))).allowed).toBe(true);
  });

  it("loses no count when many requests arrive at once", async () => {
    const db = t.database.db;
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () => countRequest(db, "upload:address:1", rule, at(0))),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });

  it("refuses over the limit with a 429 error that says when to come back", async () => {
    const db = t.database.db;
    for (const s of [0, 1, 2]) await enforceLimit(db, "order:address:2", rule, at(s));
    const refusal = await enforceLimit(db, "order:address:2", rule, at(15)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ kind: "too_many", code: "request.too_many", retryAfterSeconds: 45 });
    expect((refusal as AppError).message).toBe("Too many requests. Please try again in 45 seconds.");
  });
});
