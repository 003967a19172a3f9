import { beforeAll, describe, expect, it } from "vitest";
import { review } from "@server/db/schema";
import { useTestApp, type TestContext } from "../support/test-app";

interface ReviewJson {
  _id: string;
  name: string;
  comment: string;
}

/** Reviews written straight to the database, one a minute from `start`: "Review 0" is the oldest. */
async function reviews(t: TestContext, count: number, start = "2025-01-01T00:00:00Z") {
  const at = new Date(start).getTime();
  await t.database.db.insert(review).values(
    Array.from({ length: count }, (_, i) => ({
      authorName: `Author ${i}`,
      ratingHalves: 8,
      comment: `Review ${i}`,
      createdAt: new Date(at + i * 60_000),
    })),
  );
}

const comments = (body: ReviewJson[]) => body.map((r) => r.comment);

describe("GET /api/review: a page of the reviews, newest first", () => {
  const t = useTestApp();

  beforeAll(() => reviews(t, 7));

  it("answers the newest first, a page at a time, with X-Total-Count and Link headers", async () => {
    const first = await t.request("/api/review?limit=3");
    expect(first.status).toBe(200);
    expect(comments((await first.json()) as ReviewJson[])).toEqual(["Review 6", "Review 5", "Review 4"]);
    expect(first.headers.get("X-Total-Count")).toBe("7");
    expect(first.headers.get("Link")).toBe('</api/review?limit=3&page=2>; rel="next"');

    const second = await t.request("/api/review?limit=3&page=2");
    expect(comments((await second.json()) as ReviewJson[])).toEqual(["Review 3", "Review 2", "Review 1"]);
    expect(second.headers.get("Link")).toBe(
      '</api/review?limit=3&page=3>; rel="next", </api/review?limit=3&page=1>; rel="prev"',
    );

    const last = await t.request("/api/review?limit=3&page=3");
    expect(comments((await last.json()) as ReviewJson[])).toEqual(["Review 0"]);
    expect(last.headers.get("X-Total-Count")).toBe("7");
    expect(last.headers.get("Link")).toBe('</api/review?limit=3&page=2>; rel="prev"');
  });

  it("answers every review on one page when they are fewer than 100, and no Link", async () => {
    const res = await t.request("/api/review");
    expect((await res.json()) as ReviewJson[]).toHaveLength(7);
    expect(res.headers.get("X-Total-Count")).toBe("7");
    expect(res.headers.get("Link")).toBeNull();
  });

  it("reads an empty page or limit (a form's empty field) as none", async () => {
    const res = await t.request("/api/review?page=&limit=");
    expect(res.status).toBe(200);
    expect((await res.json()) as ReviewJson[]).toHaveLength(7);
  });

  it("ignores parameters it does not take, as the spec's call did", async () => {
    const res = await t.request("/api/review?sort=oldest&q=x");
    expect(res.status).toBe(200);
    expect(comments((await res.json()) as ReviewJson[])[0]).toBe("Review 6");
  });

  it.each([
    ["page=-1", "page must be a whole number from 1"],
    ["page=0", "page must be a whole number from 1"],
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=100000", "limit must be a whole number from 1 to 100"],
    ["limit=1e2", "limit must be a whole number from 1 to 100"],
    ["page=10001&limit=1", "Pages reach only the first 10,000 items"],
  ])("answers %s with 400 and a message saying why", async (query, said) => {
    const res = await t.request(`/api/review?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.message).toContain(said);
    expect(body.code).toMatch(/^list\./);
  });
});

describe("GET /api/review without parameters, at more than 100 reviews", () => {
  const t = useTestApp();

  it("answers the newest 100 and says there are more: X-Total-Count and a Link to page 2", async () => {
    await reviews(t, 130);
    const res = await t.request("/api/review");
    const body = (await res.json()) as ReviewJson[];
    expect(body).toHaveLength(100);
    expect(body[0]!.comment).toBe("Review 129");
    expect(body.at(-1)!.comment).toBe("Review 30");
    expect(res.headers.get("X-Total-Count")).toBe("130");
    expect(res.headers.get("Link")).toBe('</api/review?page=2&limit=100>; rel="next"');
    const rest = (await (await t.request("/api/review?page=2&limit=100")).json()) as ReviewJson[];
    expect(comments(rest)).toEqual(Array.from({ length: 30 }, (_, i) => `Review ${29 - i}`));
  });
});
