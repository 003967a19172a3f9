import { describe, expect, it } from "vitest";
import { AppError } from "@server/errors";
import { countRequest, countRequests, enforceLimit, pruneRequestLimits } from "@server/limits/request-limit";
import { requestLimit } from "@server/db/schema";
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

  it("counts an account's and an address's keys in one statement, each against its own rule, in the order asked", async () => {
    const db = t.database.db;
    const account = { key: "order:account:z", rule };
    const address = { key: "order:address:9", rule: { max: 5, windowSeconds: 60 } };
    const rounds = [];
    for (const s of [0, 1, 2, 3]) rounds.push(await countRequests(db, [account, address], at(s)));
    expect(rounds.map(([a, b]) => [a!.allowed, b!.allowed])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, true],
    ]);
    const [addressVerdict] = await countRequests(db, [address], at(4));
    expect(addressVerdict!.allowed).toBe(true);
    expect((await countRequests(db, [address], at(5)))[0]!.allowed).toBe(false);
    await expect(countRequests(db, [account, { key: "x", rule: { max: 1, windowSeconds: 5 } }], at(6))).rejects.toThrow(
      "one window per count",
    );
  });

  it("loses no count when two keys are counted together by many requests at once", async () => {
    const db = t.database.db;
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        countRequests(
          db,
          [
            { key: `order:account:p${i % 2}`, rule },
            { key: "order:address:7", rule: { max: 6, windowSeconds: 60 } },
          ],
          at(0),
        ),
      ),
    );
    expect(verdicts.filter(([, address]) => address!.allowed)).toHaveLength(6);
    expect(verdicts.filter(([account]) => account!.allowed)).toHaveLength(6);
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

  it("prunes the counters no rule can still need, and keeps a running back-off", async () => {
    const db = t.database.db;
    const day = 24 * 60 * 60 * 1000;
    const now = at(0);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.insert(requestLimit).values([
      { key: "prune:spent", windowStart: ago(3 * day), hits: 4 },
      { key: "prune:recent", windowStart: ago(day), hits: 4 },
      {
        key: "prune:old but blocked",
        windowStart: ago(3 * day),
        hits: 9,
        blockedUntil: new Date(now.getTime() + 60_000),
      },
      { key: "prune:old block over", windowStart: ago(3 * day), hits: 9, blockedUntil: ago(2 * day) },
    ]);
    expect(await pruneRequestLimits(db, now)).toBe(2);
    const kept = await db.select({ key: requestLimit.key }).from(requestLimit);
    expect(
      kept
        .map((r) => r.key)
        .filter((k) => k.startsWith("prune:"))
        .sort(),
    ).toEqual(["prune:old but blocked", "prune:recent"]);
  });
});
