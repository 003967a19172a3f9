import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { review } from "@server/db/schema";
import { seedDemoData } from "@server/db/seed";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asBearer, asCookie, jsonInit, signUp } from "../support/accounts";
import { useTestApp } from "../support/test-app";

/** A message code: `area.name`. */
const CODE = /^[a-z]+\.[a-z_]+$/;

describe("GET /api/review", () => {
  const t = useTestApp();

  it("is public and shows each author's name and place, with ratings in stars", async () => {
    await seedDemoData(t.database.db);
    const res = await t.request("/api/review");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; place: string; rating: number; comment: string }[];
    expect(body).toHaveLength(3);
    expect(body.map((r) => r.name).sort()).toEqual(["Kamal Hossain", "Nasrin Akter", "Rahim Uddin"]);
    expect(body.map((r) => r.rating).sort()).toEqual([4, 4.5, 5]);
  });

  it("never includes an author's user id or email", async () => {
    await t.database.db
      .insert(review)
      .values({ userId: "user-1", authorName: "Shapla", ratingHalves: 7, comment: "Fine rasp." });
    const body = JSON.stringify(await (await t.request("/api/review")).json());
    expect(body).not.toContain("user-1");
    expect(body).not.toContain("@");
    expect(body).toContain('"rating":3.5');
  });
});

describe("POST /api/review", () => {
  const t = useTestApp();

  const RATING_RANGE = "Rating must be a number from 0 to 5 in steps of 0.5";
  const UNSAFE = "Comment cannot contain control or text-direction characters";

  async function reviewCount() {
    return (await t.database.db.select({ id: review.id }).from(review)).length;
  }

  async function listed() {
    const res = await t.request("/api/review");
    expect(res.status).toBe(200);
    return (await res.json()) as { _id: string; name: string; place: string; rating: number; comment: string }[];
  }

  it("adds a signed-in customer's review, shown under their name and never their email", async () => {
    const author = await signUp(t, { name: "Shirin Sultana" });
    const res = await t.request(
      "/api/review",
      jsonInit("POST", { rating: 4.5, comment: "The chisels hold an edge." }, asCookie(author)),
    );
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);
    const shown = (await listed()).find((r) => r._id === insertedId);
    expect(shown).toEqual({
      _id: insertedId,
      name: "Shirin Sultana",
      place: "",
      rating: 4.5,
      comment: "The chisels hold an edge.",
    });
    const [row] = await t.database.db.select().from(review).where(eq(review.id, insertedId));
    expect(row!.ratingHalves).toBe(9);
    expect(JSON.stringify(await listed())).not.toContain(author.email);
  });

  it("shows the place the author saved in their profile", async () => {
    const author = await signUp(t, { name: "Jamal Mia" });
    const profile = await t.request(
      `/api/profile/${author.email}`,
      jsonInit("PUT", { location: "Sylhet" }, asBearer(author)),
    );
    expect(profile.status).toBe(200);
    const res = await t.request(
      "/api/review",
      jsonInit("POST", { rating: 5, comment: "Sharp saws." }, asBearer(author)),
    );
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect((await listed()).find((r) => r._id === insertedId)).toMatchObject({
      name: "Jamal Mia",
      place: "Sylhet",
      rating: 5,
    });
  });

  it("ignores name, userId, place and email sent in the body", async () => {
    const author = await signUp(t, { name: "Real Author" });
    const victim = await signUp(t, { name: "Someone Else" });
    const res = await t.request(
      "/api/review",
      jsonInit(
        "POST",
        {
          rating: 3,
          comment: "Honest words.",
          name: victim.name,
          userId: "user-forged",
          place: "Nowhere",
          email: victim.email,
        },
        asBearer(author),
      ),
    );
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect((await listed()).find((r) => r._id === insertedId)).toMatchObject({
      name: "Real Author",
      place: "",
      rating: 3,
    });
    const [row] = await t.database.db.select().from(review).where(eq(review.id, insertedId));
    const authorRow = await findUserByEmail(t.database.db, author.email);
    expect(row!.userId).toBe(authorRow!.id);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a missing rating", { rating: undefined }, "Rating Is Required"],
    ["a missing comment", { comment: undefined }, "Comment Is Required"],
    ["a blank comment", { comment: "   " }, "Comment Is Required"],
    ["a rating above 5", { rating: 5.5 }, RATING_RANGE],
    ["a negative rating", { rating: -0.5 }, RATING_RANGE],
    ["a rating off the half steps", { rating: 3.3 }, RATING_RANGE],
    ["a rating sent as text", { rating: "4" }, RATING_RANGE],
    ["a 1001-character comment", { comment: "x".repeat(1001) }, "Comment must be at most 1,000 characters"],
    ["a comment with a NUL character", { comment: "Good\u0000tools." }, UNSAFE],
    ["a comment with an unpaired surrogate", { comment: "Good \udc00 tools." }, UNSAFE],
    ["a comment with a right-to-left override", { comment: "Good \u202etools." }, UNSAFE],
    ["a comment of zero-width characters", { comment: "\u200b\ufeff\u2060" }, "Comment Is Required"],
  ])("answers 400 for %s and adds no review", async (_label, change, message) => {
    const author = await signUp(t);
    const before = await reviewCount();
    const res = await t.request(
      "/api/review",
      jsonInit("POST", { rating: 4, comment: "Good tools.", ...change }, asBearer(author)),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: expect.stringMatching(CODE), message });
    expect(await reviewCount()).toBe(before);
  });

  it("accepts a 1000-character comment", async () => {
    const author = await signUp(t);
    const res = await t.request(
      "/api/review",
      jsonInit("POST", { rating: 0, comment: "y".repeat(1000) }, asBearer(author)),
    );
    expect(res.status).toBe(200);
  });

  it("answers 401 with no session and adds no review", async () => {
    const before = await reviewCount();
    const res = await t.request("/api/review", jsonInit("POST", { rating: 4, comment: "Anonymous praise." }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "auth.sign_in_required", message: "Please sign in first." });
    expect(await reviewCount()).toBe(before);
  });
});
