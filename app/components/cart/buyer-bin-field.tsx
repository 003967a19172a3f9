import { Field } from "~/components/ui/field";
import type { Said } from "~/i18n/use-message";
import { useMushakT } from "~/i18n/use-mushak-t";
import { MAX_BIN_LENGTH } from "@shared/bin";

/**
 * The buyer's own BIN (optional), for a Mushak-6.3 in their business's name: what they typed is kept when the page
 * comes back refused, and a malformed one is said beside the field.
 */
export function BuyerBinField({ error, typed }: { error?: Said | undefined; typed?: string | undefined }) {
  const { t } = useMushakT();
  return (
    <div className="rounded-xl border border-wood-100 bg-white p-5">
      <Field
        label={t("mushak.checkout.binLabel")}
        name="buyerBin"
        inputMode="numeric"
        autoComplete="off"
        maxLength={MAX_BIN_LENGTH}
        defaultValue={typed}
        error={error}
        aria-describedby={error ? "buyerBin-error buyerBin-hint" : "buyerBin-hint"}
      />
      <p id="buyerBin-hint" className="mt-1 text-sm text-stone-600">
        {t("mushak.checkout.binHint")}
      </p>
    </div>
  );
}
