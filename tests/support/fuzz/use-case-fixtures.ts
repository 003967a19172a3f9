import { pngImage } from "../images";
import type { Ignored } from "../fingerprint";

/** The valid inputs the use-case fuzz files start from, and what their refused calls may still write. */

export const PRODUCT = {
  name: "Fuzzed Gauge",
  price: 1250.5,
  availability: 200,
  minimumQuantity: 20,
  maxPerOrder: 60,
  description: "A marking gauge.",
  details: "Beech, brass wear strips.",
  image: "/images/products/marking-gauge.svg",
};
export const PROFILE = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
export const BILLING = { name: "Karim Uddin", email: "karim@example.test" };
export const photo = async () => new Blob([new Uint8Array(await pngImage(40, 30))], { type: "image/png" });

/**
 * A declined card is written on the intent (`last_error`), as Stripe keeps `last_payment_error`: the test
 * processor's record of the attempt, not a row of the store's. Everything else must stay as it was.
 */
export const DECLINES_RECORDED: Ignored = { columns: { "public.test_payment_intent": ["last_error", "updated_at"] } };
