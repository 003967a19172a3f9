import { beforeAll, describe } from "vitest";
import { signUp, type TestAccount } from "../support/accounts";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { call } from "../support/order-money";
import { makeProduct } from "../support/orders";
import { deliverTo } from "../support/product-reviews";
import { useTestApp } from "../support/test-app";

const REVIEW = { rating: 4.5, comment: "Holds its edge through sal wood." };

describe("fuzzing the calls on tools' reviews: never a 5xx, and a refused request changes nothing", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);
  let other: TestAccount;
  beforeAll(async () => {
    other = await signUp(t);
  });

  /** A tool delivered to `who`, not yet reviewed. */
  const delivered = async (who: TestAccount) => {
    const { id } = await makeProduct(t);
    await deliverTo(t, who, accounts.admin, id);
    return id;
  };
  const reviewBy = async (who: TestAccount, productId: string) => {
    const res = await call(t, who, "POST", `/api/product/${productId}/reviews`, REVIEW);
    return ((await res.json()) as { insertedId: string }).insertedId;
  };
  /** The owner may review the scene's tool. */
  const toReview = async () => ({ productId: await delivered(accounts.owner) });
  /** The owner's review of a tool. */
  const ownReview = async () => {
    const productId = await delivered(accounts.owner);
    return { productId, reviewId: await reviewBy(accounts.owner, productId) };
  };
  /** Another customer's review: the owner may vote for it, the admin may hide it. */
  const othersReview = async () => {
    const productId = await delivered(other);
    return { productId, reviewId: await reviewBy(other, productId) };
  };
  const hiddenReview = async () => {
    const scene = await othersReview();
    await call(t, accounts.admin, "PUT", `/api/product-reviews/${scene.reviewId}/hidden`, { reason: "Spam" });
    return scene;
  };

  // prettier-ignore
  fuzzEach(t, [
    // Review writes that pass the schema count against the rate limit, taken or not (CALLS_COUNTED).
    { call: "POST /api/product/{id}/reviews",         as: "owner", scene: toReview, id: (s) => s.productId!, body: () => REVIEW, ignored: CALLS_COUNTED },
    { call: "PUT /api/product-reviews/{id}",          as: "owner", scene: ownReview, id: (s) => s.reviewId!, body: () => ({ rating: 3, comment: "Changed." }), ignored: CALLS_COUNTED },
    { call: "PUT /api/product-reviews/{id}/hidden",   as: "admin", scene: othersReview, id: (s) => s.reviewId!, body: () => ({ reason: "Advertises another seller" }) },
    { call: "DELETE /api/product-reviews/{id}/hidden", as: "admin", scene: hiddenReview, id: (s) => s.reviewId! },
    { call: "POST /api/product-reviews/{id}/helpful", as: "owner", scene: othersReview, id: (s) => s.reviewId!, ignored: CALLS_COUNTED },
  ], accounts);
});
