import { useT } from "~/i18n/use-t";
import { useState } from "react";
import { FormError } from "~/components/ui/form-error";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { cardProblem, parseExpiry } from "@shared/card-check";
import { M } from "@shared/messages";
import type { Said } from "~/i18n/use-message";
import { sendJson } from "~/lib/send-json";
import type { CardFormProps } from "./card-form-props";

/** What the browser fills each of the card's figures with, from a card it keeps. */
const AUTOFILL = { cardNumber: "cc-number", expiry: "cc-exp", cvc: "cc-csc" } as const;

/** One of the card's figures: typed on the number pad, filled in by the browser. */
function CardField(props: React.ComponentProps<typeof Field> & { name: keyof typeof AUTOFILL }) {
  return <Field inputMode="numeric" autoComplete={AUTOFILL[props.name]} {...props} />;
}

/**
 * The card form of the built-in test-card processor: no real money moves. It asks the same questions of the
 * card as the server does, then confirms the payment like Stripe.js confirms a PaymentIntent.
 */
export function TestCardForm({ clientSecret, billing, onPaymentSucceeded }: CardFormProps) {
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret) return;
    const form = new FormData(event.currentTarget);
    const expiry = parseExpiry(String(form.get("expiry") ?? ""));
    if (!expiry) return setError(M.card.expiry_incomplete);
    const card = { number: String(form.get("cardNumber") ?? ""), ...expiry, cvc: String(form.get("cvc") ?? "") };
    const problem = cardProblem(card);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    const confirmed = await sendJson<{ paymentIntent: { id: string } }>("/api/payments/test/confirm", "POST", {
      clientSecret,
      card,
      billingDetails: billing,
    });
    const failure = confirmed.ok ? await onPaymentSucceeded(confirmed.body.paymentIntent.id) : confirmed.said;
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void pay(e)} noValidate className="space-y-4">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>{t("payment.testModeLabel")}</strong> {t("payment.testModeText")}
      </p>
      <CardField label={t("payment.cardNumber")} name="cardNumber" placeholder="1234 1234 1234 1234" maxLength={23} />
      <div className="grid grid-cols-2 gap-4">
        <CardField label={t("payment.expiry")} name="expiry" placeholder="MM / YY" maxLength={9} />
        <CardField label={t("payment.cvc")} name="cvc" placeholder="123" maxLength={4} />
      </div>
      <SubmitButton disabled={!clientSecret} pending={busy} pendingLabel={t("payment.paying")}>
        {t("payment.pay")}
      </SubmitButton>
      <FormError message={error ?? undefined} />
    </form>
  );
}
