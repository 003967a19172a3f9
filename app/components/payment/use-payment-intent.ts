import { useEffect, useState } from "react";
import type { Said } from "~/i18n/use-message";
import { sendJson } from "~/lib/send-json";

/** Spec §4: a payment intent is requested as soon as the payment form loads. */
export function usePaymentIntent(orderId: string, wanted: boolean) {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<Said | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void sendJson<{ clientSecret: string }>("/api/create-payment-intent", "POST", { orderId }).then((result) => {
      if (!current) return;
      if (result.ok) setClientSecret(result.body.clientSecret);
      else setError(result.said);
    });
    return () => {
      current = false;
    };
  }, [orderId, wanted]);
  return { clientSecret, error };
}
