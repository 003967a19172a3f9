import { M } from "@shared/messages";
import type { Said } from "~/i18n/use-message";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { FormError } from "~/components/ui/form-error";
import { useT } from "~/i18n/use-t";
import { SubmitButton } from "~/components/ui/submit-button";
import type { CardFormProps } from "./card-form-props";

let stripeLoading: Promise<Stripe | null> | undefined;

/** Stripe.js words its own refusals; they are shown as Stripe wrote them. */
const stripeSaid = (text: string | undefined): Said =>
  text ? { code: M.payment.stripe_refused, message: text } : M.card.charge_failed;

/**
 * Stripe's card form (spec §7): a PaymentMethod of type card is made from the card element, then the card
 * payment is confirmed with the client secret and the billing name and email. Loaded only when Stripe is
 * the store's provider, so other pages never download it.
 */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  stripeLoading ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripeLoading}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ clientSecret, billing, onPaymentSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setError(null);
    const billingDetails = { name: billing.name, email: billing.email };
    const made = await stripe.createPaymentMethod({ type: "card", card, billing_details: billingDetails });
    let failure: Said | null = made.error ? stripeSaid(made.error.message) : null;
    if (!made.error) {
      const confirmed = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails },
      });
      if (confirmed.error) failure = stripeSaid(confirmed.error.message);
      else if (confirmed.paymentIntent.status !== "succeeded") failure = M.card.charge_failed;
      else failure = await onPaymentSucceeded(confirmed.paymentIntent.id);
    }
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4">
      <div className="rounded-md border border-stone-300 bg-white px-3 py-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <SubmitButton disabled={!stripe || !clientSecret} pending={busy} pendingLabel={t("payment.paying")}>
        {t("payment.pay")}
      </SubmitButton>
      <FormError message={error ?? undefined} />
    </form>
  );
}
