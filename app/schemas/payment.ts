import { z } from "zod";

const id = (what: string) =>
  z
    .string({ error: `${what} Is Required` })
    .trim()
    .min(1, `${what} Is Required`)
    .max(255, `${what} is too long`);

/** POST /api/create-payment-intent. The amount always comes from the order; a `paybleAmount` sent along is dropped. */
export const PaymentIntentSchema = z.object({ orderId: id("Order") });

/** PATCH /api/order/{id}: the payment the customer says paid for the order. The server asks the provider. */
export const PaymentProofSchema = z.object({ transactionId: id("Transaction Id") });

const cardField = (what: string, max: number) =>
  z.string({ error: `${what} Is Required` }).max(max, `${what} is too long`);

const cardMonthOrYear = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} is out of range`)
    .max(9999, `${what} is out of range`);

/**
 * POST /api/payments/test/confirm: the built-in test-card provider's confirm call, shaped like Stripe's.
 * Only the shape is checked here; what is wrong with the card itself is a card error (402), see `card-check.ts`.
 */
export const TestCardConfirmSchema = z.object({
  clientSecret: id("Client Secret"),
  card: z.object(
    {
      number: cardField("Card Number", 40),
      expMonth: cardMonthOrYear("Expiry month"),
      expYear: cardMonthOrYear("Expiry year"),
      cvc: cardField("CVC", 10),
    },
    { error: "Card Is Required" },
  ),
  billingDetails: z
    .object({
      name: z.string().max(200, "Name is too long").optional(),
      email: z.string().max(254, "Email is too long").optional(),
    })
    .optional(),
});
export type TestCardConfirm = z.infer<typeof TestCardConfirmSchema>;
export type TestCard = TestCardConfirm["card"];
