import { cardDigits } from "~/lib/card-check";

export const NOT_A_TEST_CARD =
  "Your card was declined. This store is in test mode, so only test cards are accepted: use 4242 4242 4242 4242.";

/**
 * Stripe's published test card numbers (stripe.com/docs/testing) and what each one does. A card number
 * that is not listed is a real card, which test mode never charges.
 */
const OUTCOMES: Record<string, string | null> = {
  "4242424242424242": null,
  "4000056655665556": null,
  "5555555555554444": null,
  "2223003122003222": null,
  "5200828282828210": null,
  "378282246310005": null,
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000009987": "Your card was declined.",
  "4000000000009979": "Your card was declined.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
  "4000000000000119": "An error occurred while processing your card. Try again in a little bit.",
};

/** The processor's answer for a well-formed card: null when it pays, else the decline message. */
export function testCardDecline(number: string): string | null {
  const digits = cardDigits(number);
  return digits in OUTCOMES ? OUTCOMES[digits]! : NOT_A_TEST_CARD;
}
