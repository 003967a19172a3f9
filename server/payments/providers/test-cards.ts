import { cardDigits } from "@shared/card-check";
import { M, type MessageCode } from "@shared/messages";

/**
 * Stripe's published test card numbers (stripe.com/docs/testing) and what each one does. A card number
 * that is not listed is a real card, which test mode never charges.
 */
const OUTCOMES: Record<string, MessageCode | null> = {
  "4242424242424242": null,
  "4000056655665556": null,
  "5555555555554444": null,
  "2223003122003222": null,
  "5200828282828210": null,
  "378282246310005": null,
  "4000000000000002": M.card.declined,
  "4000000000009995": M.card.insufficient_funds,
  "4000000000009987": M.card.declined,
  "4000000000009979": M.card.declined,
  "4000000000000069": M.card.expired,
  "4000000000000127": M.card.cvc_incorrect,
  "4000000000000119": M.card.processing_error,
};

/** The processor's answer for a well-formed card: null when it pays, else why it is declined. */
export function testCardDecline(number: string): MessageCode | null {
  const digits = cardDigits(number);
  return digits in OUTCOMES ? OUTCOMES[digits]! : M.card.not_a_test_card;
}
