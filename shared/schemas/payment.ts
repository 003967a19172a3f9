import { z } from "zod";
import { M, type MessageCode } from "@shared/messages";

const id = (required: MessageCode, tooLong: MessageCode) =>
  z.string({ error: required }).trim().min(1, required).max(255, tooLong);

/** POST /api/create-payment-intent. The amount always comes from the order; a `paybleAmount` sent along is dropped. */
export const PaymentIntentSchema = z.object({ orderId: id(M.payment.order_required, M.payment.order_too_long) });

/** PATCH /api/order/{id}: the payment the customer says paid for the order. The server asks the provider. */
export const PaymentProofSchema = z.object({
  transactionId: id(M.payment.transaction_required, M.payment.transaction_too_long),
});

const cardField = (required: MessageCode, tooLong: MessageCode, max: number) =>
  z.string({ error: required }).max(max, tooLong);

const cardMonthOrYear = (notNumber: MessageCode, notWhole: MessageCode, outOfRange: MessageCode) =>
  z.number({ error: notNumber }).int(notWhole).min(0, outOfRange).max(9999, outOfRange);

/**
 * POST /api/payments/test/confirm: the built-in test-card provider's confirm call, shaped like Stripe's.
 * Only the shape is checked here; what is wrong with the card itself is a card error (402), see `card-check.ts`.
 */
export const TestCardConfirmSchema = z.object({
  clientSecret: id(M.payment.client_secret_required, M.payment.client_secret_too_long),
  card: z.object(
    {
      number: cardField(M.card.number_required, M.card.number_too_long, 40),
      expMonth: cardMonthOrYear(M.card.month_not_number, M.card.month_not_whole, M.card.month_out_of_range),
      expYear: cardMonthOrYear(M.card.year_not_number, M.card.year_not_whole, M.card.year_out_of_range),
      cvc: cardField(M.card.cvc_required, M.card.cvc_too_long, 10),
    },
    { error: M.card.required },
  ),
  billingDetails: z
    .object({
      name: z.string().max(200, M.card.name_too_long).optional(),
      email: z.string().max(254, M.card.email_too_long).optional(),
    })
    .optional(),
});
export type TestCardConfirm = z.infer<typeof TestCardConfirmSchema>;
export type TestCard = TestCardConfirm["card"];
