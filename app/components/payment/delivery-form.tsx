import { useT } from "~/i18n/use-t";
import { useEffect, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { BuyerBinField } from "~/components/cart/buyer-bin-field";
import { DeliveryFields } from "./delivery-fields";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { fieldErrors, type FieldErrors } from "@shared/field-errors";
import type { Said } from "~/i18n/use-message";
import type { ActionResult } from "~/lib/use-action-toast";
import type { Delivery } from "@shared/schemas/delivery";
import { DeliveryChangeSchema, type DeliveryChangeInput } from "@shared/schemas/delivery-change";

interface DeliveryFormProps {
  /** What the form starts with: the order's saved details, else the customer's profile. */
  initial: Partial<Delivery>;
  /** The BIN the order keeps, which the form's BIN field starts with; null when the shop asks for none. */
  buyerBin: { kept: string | null } | null;
  onSaved(): void;
}

/**
 * The page's own answer to the form, when it was posted without JavaScript (a document post, not the fetcher's):
 * the messages and what was typed, to draw the form with again.
 */
export function useDeliveryRefusal(): ActionResult | undefined {
  const answer = useActionData<ActionResult>();
  return answer?.values?.intent === "delivery" ? answer : undefined;
}

/** Where the order goes, asked before any payment or cash-on-delivery confirmation. Saved by the page's action. */
export function DeliveryForm({ initial: saved, buyerBin, onSaved }: DeliveryFormProps) {
  const fetcher = useFetcher<ActionResult>();
  const refused = useDeliveryRefusal();
  const initial: Partial<Record<keyof Delivery, string>> = refused?.values ?? saved;
  const [checked, setChecked] = useState<FieldErrors<DeliveryChangeInput>>({});
  const { t } = useT();
  const busy = fetcher.state !== "idle";
  const answered = busy ? undefined : (fetcher.data ?? refused);
  const errors: Partial<Record<keyof DeliveryChangeInput, Said>> = { ...answered?.errors, ...checked };

  useEffect(() => {
    if (fetcher.data && !fetcher.data.errors && !fetcher.data.toast) onSaved();
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Checked here first with the server's own schema; a form that passes goes to the page's action.
  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = DeliveryChangeSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    setChecked(found);
    if (!parsed.success) event.preventDefault();
  }

  return (
    <fetcher.Form method="post" onSubmit={check} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="delivery" />
      <h3 className="text-lg font-semibold text-wood-900">{t("delivery.title")}</h3>
      <DeliveryFields initial={initial} errors={errors} />
      {buyerBin ? (
        <BuyerBinField error={errors.buyerBin} typed={refused?.values?.buyerBin ?? buyerBin.kept ?? undefined} />
      ) : null}
      <SubmitButton pending={busy} pendingLabel={t("delivery.saving")}>
        {t("delivery.save")}
      </SubmitButton>
      <FormError message={answered?.toast?.said} />
    </fetcher.Form>
  );
}
