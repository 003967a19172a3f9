import { describe } from "vitest";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { makeProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("fuzzing tell me when it is back: never a 5xx, and a refused request changes nothing", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);

  /** A Stock Out tool, and a variant of it (a tool sold in one form has one). */
  const stockOut = async () => {
    const { id, variantId } = await makeProduct(t, { availability: 0 });
    return { productId: id, variantId };
  };

  // prettier-ignore
  fuzzEach(t, [
    // Asks that pass the schema count against the rate limit, kept or not (CALLS_COUNTED).
    { call: "POST /api/back-in-stock", as: "anonymous", scene: stockOut, body: (s) => ({ productId: s.productId!, email: "waiting@example.test" }), ignored: CALLS_COUNTED, shape: "e-mail" },
    { call: "POST /api/back-in-stock", as: "owner", scene: stockOut, body: (s) => ({ productId: s.productId!, variantId: s.variantId!, phone: "01712345678" }), ignored: CALLS_COUNTED, shape: "phone and variant" },
  ], accounts);
});
