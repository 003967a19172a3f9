import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productReview } from "@server/db/schema";
import { ProductReviewList } from "@server/reviews/wire";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { changedTables, fingerprint } from "../support/fingerprint";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { deliverTo } from "../support/product-reviews";
import { useTestApp } from "../support/test-app";

interface Said {
  code: string;
  message: string;
}

describe("reviews of a tool by those who bought it", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  const ratingOf = async (productId: string) =>
    ((await (await t.request(`/api/product/${productId}`)).json()) as { rating: unknown }).rating;
  const reviewsOf = async (productId: string, query = "") => {
    const res = await t.request(`/api/product/${productId}/reviews${query}`);
    expect(res.status).toBe(200);
    return { total: res.headers.get("x-total-count"), list: ProductReviewList.parse(await res.json()) };
  };
  const write = (who: TestAccount, productId: string, body: unknown) =>
    call(t, who, "POST", `/api/product/${productId}/reviews`, body);

  it("takes one review from a buyer whose order was delivered, marked bought, and moves the tool's stars", async () => {
    const { id } = await makeProduct(t);
    const [nasrin, karim] = [await signUp(t, { name: "Nasrin Akter" }), await signUp(t, { name: "Karim Uddin" })];
    await deliverTo(t, nasrin, admin, id);
    await deliverTo(t, karim, admin, id);
    expect(await ratingOf(id)).toEqual({ average: null, count: 0 });

    const first = await write(nasrin, id, { rating: 4.5, comment: "  Holds its edge through sal wood.  " });
    expect(first.status).toBe(200);
    const { insertedId } = (await first.json()) as { insertedId: string };
    expect((await write(karim, id, { rating: 3, comment: "Handle a little short." })).status).toBe(200);

    expect(await ratingOf(id)).toEqual({ average: 3.8, count: 2 });
    const { list, total } = await reviewsOf(id);
    expect(total).toBe("2");
    expect(list.map((r) => [r.name, r.rating, r.comment, r.bought])).toEqual([
      ["Karim Uddin", 3, "Handle a little short.", true],
      ["Nasrin Akter", 4.5, "Holds its edge through sal wood.", true],
    ]);
    expect(list[1]!._id).toBe(insertedId);
  });

  it("refuses a review before delivery, by someone else, twice, or out of range, and changes nothing", async () => {
    const { id } = await makeProduct(t);
    const buyer = await signUp(t);
    const stranger = await signUp(t);
    // Placed and paid, not yet delivered.
    const placed = await call(t, buyer, "POST", "/api/order", { productId: id, quantity: 20, delivery: TEST_DELIVERY });
    expect(placed.status).toBe(200);
    const body = { rating: 5, comment: "Excellent." };
    const refusals: [TestAccount | null, unknown, number, string][] = [
      [buyer, body, 403, "product_review.not_bought"],
      [stranger, body, 403, "product_review.not_bought"],
      [admin, body, 403, "product_review.not_bought"],
      [null, body, 401, "auth.sign_in_required"],
      [buyer, { rating: 0.5, comment: "x" }, 400, "product_review.rating_range"],
      [buyer, { rating: 4.25, comment: "x" }, 400, "product_review.rating_range"],
      [buyer, { rating: 6, comment: "x" }, 400, "product_review.rating_range"],
      [buyer, { comment: "x" }, 400, "product_review.rating_required"],
      [buyer, { rating: 4 }, 400, "review.comment_required"],
      [buyer, { rating: 4, comment: "x".repeat(1001) }, 400, "review.comment_too_long"],
    ];
    for (const [who, sent, status, code] of refusals) {
      const before = await fingerprint(t.database);
      const res = await write(who as TestAccount, id, sent);
      expect([res.status, ((await res.json()) as Said).code], JSON.stringify(sent)).toEqual([status, code]);
      expect(changedTables(before, await fingerprint(t.database)).filter((n) => n !== "public.request_limit")).toEqual(
        [],
      );
    }
    expect((await write(buyer, "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11", body)).status).toBe(404);

    await deliverTo(t, buyer, admin, id);
    expect((await write(buyer, id, body)).status).toBe(200);
    const twice = await write(buyer, id, { rating: 1, comment: "Changed my mind." });
    expect([twice.status, ((await twice.json()) as Said).code]).toEqual([409, "product_review.already"]);
    expect(await ratingOf(id)).toEqual({ average: 5, count: 1 });
  });

  it("lets its author change it, and no one else", async () => {
    const { id } = await makeProduct(t);
    const buyer = await signUp(t);
    const other = await signUp(t);
    await deliverTo(t, buyer, admin, id);
    const { insertedId } = (await (await write(buyer, id, { rating: 2, comment: "Blunt." })).json()) as {
      insertedId: string;
    };
    const change = { rating: 4, comment: "Blunt out of the box; honed, it is good." };
    expect((await call(t, other, "PUT", `/api/product-reviews/${insertedId}`, change)).status).toBe(403);
    expect((await call(t, admin, "PUT", `/api/product-reviews/${insertedId}`, change)).status).toBe(403);
    expect((await call(t, buyer, "PUT", `/api/product-reviews/${insertedId}`, change)).status).toBe(200);
    expect((await call(t, buyer, "PUT", `/api/product-reviews/not-an-id`, change)).status).toBe(404);
    expect(await ratingOf(id)).toEqual({ average: 4, count: 1 });
    expect((await reviewsOf(id)).list[0]).toMatchObject({ rating: 4, comment: change.comment });
  });

  it("an admin hides a review with a reason (out of the list and the stars) and shows it again", async () => {
    const { id } = await makeProduct(t);
    const [a, b] = [await signUp(t), await signUp(t)];
    await deliverTo(t, a, admin, id);
    await deliverTo(t, b, admin, id);
    const rude = (
      (await (await write(a, id, { rating: 1, comment: "Call 017… for cheaper!" })).json()) as {
        insertedId: string;
      }
    ).insertedId;
    await write(b, id, { rating: 5, comment: "Sharp and true." });
    expect(await ratingOf(id)).toEqual({ average: 3, count: 2 });

    const hide = { reason: "Advertises another seller" };
    expect((await call(t, a, "PUT", `/api/product-reviews/${rude}/hidden`, hide)).status).toBe(403);
    expect((await call(t, admin, "PUT", `/api/product-reviews/${rude}/hidden`, { reason: " " })).status).toBe(400);
    expect((await call(t, admin, "PUT", `/api/product-reviews/${rude}/hidden`, hide)).status).toBe(200);
    // Hiding again changes the reason only.
    expect((await call(t, admin, "PUT", `/api/product-reviews/${rude}/hidden`, hide)).status).toBe(200);
    expect(await ratingOf(id)).toEqual({ average: 5, count: 1 });
    expect((await reviewsOf(id)).list.map((r) => r.comment)).toEqual(["Sharp and true."]);
    const [row] = await t.database.db.select().from(productReview).where(eq(productReview.id, rude));
    expect(row!.hiddenReason).toBe("Advertises another seller");

    // Its author's change leaves it hidden and the stars as they are.
    expect((await call(t, a, "PUT", `/api/product-reviews/${rude}`, { rating: 2, comment: "Edited." })).status).toBe(
      200,
    );
    expect(await ratingOf(id)).toEqual({ average: 5, count: 1 });

    expect((await call(t, admin, "DELETE", `/api/product-reviews/${rude}/hidden`)).status).toBe(200);
    expect((await call(t, admin, "DELETE", `/api/product-reviews/${rude}/hidden`)).status).toBe(409);
    expect(await ratingOf(id)).toEqual({ average: 3.5, count: 2 });
  });

  it("counts other customers' helpful votes once each, never the author's, and sorts by them", async () => {
    const { id } = await makeProduct(t);
    const [a, b, voter] = [await signUp(t), await signUp(t), await signUp(t)];
    await deliverTo(t, a, admin, id);
    await deliverTo(t, b, admin, id);
    const older = (
      (await (await write(a, id, { rating: 4, comment: "Older, useful." })).json()) as {
        insertedId: string;
      }
    ).insertedId;
    await write(b, id, { rating: 5, comment: "Newer." });
    const vote = (who: TestAccount) => call(t, who, "POST", `/api/product-reviews/${older}/helpful`);
    expect(await (await vote(voter)).json()).toEqual({ helpful: 1 });
    expect(((await (await vote(voter)).json()) as Said).code).toBe("product_review.voted");
    expect(((await (await vote(a)).json()) as Said).code).toBe("product_review.own_vote");
    expect(await (await vote(b)).json()).toEqual({ helpful: 2 });
    expect(
      (await call(t, null as unknown as TestAccount, "POST", `/api/product-reviews/${older}/helpful`)).status,
    ).toBe(401);

    expect((await reviewsOf(id)).list.map((r) => r.comment)).toEqual(["Newer.", "Older, useful."]);
    expect((await reviewsOf(id, "?sort=helpful")).list.map((r) => [r.comment, r.helpful])).toEqual([
      ["Older, useful.", 2],
      ["Newer.", 0],
    ]);
    expect((await t.request(`/api/product/${id}/reviews?sort=best`)).status).toBe(400);
    expect((await t.request(`/api/product/${id}/reviews?limit=1&page=2`)).headers.get("x-total-count")).toBe("2");
  });

  it("answers 404 for the reviews of a product that does not exist", async () => {
    expect((await t.request("/api/product/3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11/reviews")).status).toBe(404);
    expect((await t.request("/api/product/nope/reviews", { headers: asBearer(admin) })).status).toBe(404);
  });
});
