import { z } from "zod";
import { named } from "../openapi/schema-names";

/** What starting a payment answers: a client secret for the card form, or the hosted gateway's page. */
export const PaymentStarted = named(
  "PaymentStarted",
  z.union([
    z.object({ clientSecret: z.string().meta({ description: "For the card form (test processor or Stripe)." }) }),
    z.object({ url: z.string().meta({ description: "The hosted gateway's page to send the customer to." }) }),
  ]),
);
export type PaymentStarted = z.output<typeof PaymentStarted>;

/** SSLCommerz's page to send the customer to. */
export const GatewaySession = named("GatewaySession", z.object({ url: z.string().nullable() }));
export type GatewaySession = z.output<typeof GatewaySession>;

/** The test processor's confirm call, answered as Stripe's is. */
export const TestCardPaid = named(
  "TestCardPaid",
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal("succeeded") }) }),
);
export type TestCardPaid = z.output<typeof TestCardPaid>;
