import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeptWhileUnchanged } from "@server/cache/kept-while-unchanged";

/** A read that answers when told to, and counts how often it was asked. */
function reads() {
  const waiting: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  return {
    count: () => waiting.length,
    read: () => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject })),
    answer: (n: number, value: string) => waiting[n]!.resolve(value),
    fail: (n: number) => waiting[n]!.reject(new Error("the database went away")),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

// Manage Orders' tab counts and the overview's sums (server/orders/kept-tab-counts.ts, server/overview/kept-overview.ts).
describe("a value kept while its version holds", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("is read once while its version holds, and again, waited for, once the version moves", async () => {
    const kept = new KeptWhileUnchanged<string>({ keepMs: 10_000, maxEntries: 10 });
    const r = reads();
    const first = kept.get("all", "v1", r.read);
    const meanwhile = kept.get("all", "v1", r.read);
    r.answer(0, "counted at v1");
    expect(await first).toBe("counted at v1");
    expect(await meanwhile).toBe("counted at v1");
    expect(await kept.get("all", "v1", r.read)).toBe("counted at v1");
    expect(r.count()).toBe(1);

    const moved = kept.get("all", "v2", r.read);
    expect(r.count()).toBe(2);
    r.answer(1, "counted at v2");
    expect(await moved).toBe("counted at v2");
  });

  it("past its age with the version unchanged, is answered at once while one read replaces it behind it", async () => {
    const kept = new KeptWhileUnchanged<string>({ keepMs: 10_000, maxEntries: 10 });
    const r = reads();
    const first = kept.get("all", "v1", r.read);
    r.answer(0, "old");
    await first;

    vi.advanceTimersByTime(10_001);
    // Nobody waits for a read that age alone asked for, and the admins arriving meanwhile start no other.
    expect(await kept.get("all", "v1", r.read)).toBe("old");
    expect(await kept.get("all", "v1", r.read)).toBe("old");
    expect(r.count()).toBe(2);
    r.answer(1, "new");
    await settle();
    expect(await kept.get("all", "v1", r.read)).toBe("new");
    expect(r.count()).toBe(2);
  });

  it("forgets an aged value whose read again failed: the next request reads afresh and waits", async () => {
    const kept = new KeptWhileUnchanged<string>({ keepMs: 10_000, maxEntries: 10 });
    const r = reads();
    const first = kept.get("all", "v1", r.read);
    r.answer(0, "old");
    await first;
    vi.advanceTimersByTime(10_001);
    expect(await kept.get("all", "v1", r.read)).toBe("old");
    r.fail(1);
    await settle();
    const next = kept.get("all", "v1", r.read);
    expect(r.count()).toBe(3);
    r.answer(2, "read again");
    expect(await next).toBe("read again");
  });

  it("keeps what a read behind an aged value answered from replacing a newer version's", async () => {
    const kept = new KeptWhileUnchanged<string>({ keepMs: 10_000, maxEntries: 10 });
    const r = reads();
    const first = kept.get("all", "v1", r.read);
    r.answer(0, "v1, old");
    await first;
    vi.advanceTimersByTime(10_001);
    expect(await kept.get("all", "v1", r.read)).toBe("v1, old");
    const moved = kept.get("all", "v2", r.read);
    r.answer(2, "v2");
    expect(await moved).toBe("v2");
    r.answer(1, "v1, read again");
    await settle();
    expect(await kept.get("all", "v2", r.read)).toBe("v2");
    expect(r.count()).toBe(3);
  });
});
