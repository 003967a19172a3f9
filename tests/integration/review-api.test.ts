import { describe, expect, it } from "vitest";
import { review } from "@server/db/schema";
import { seedDemoData } from "@server/db/seed";
import { useTestApp } from "../support/test-app";

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
