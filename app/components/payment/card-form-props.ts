import type { Said } from "~/i18n/use-message";

/** What every card form gets from the Pay Order card, whichever provider takes the card. */
export interface CardFormProps {
  /** Null until the payment intent has arrived; the Pay button waits for it. */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /** Asks the store to record the payment; answers a message when it could not. */
  onPaymentSucceeded(transactionId: string): Promise<Said | null>;
}
