import { Form, useActionData, useNavigation } from "react-router";
import type { CourierName } from "@shared/parcels";
import { MAX_CONSIGNMENT_ID, MAX_TRACKING_CODE } from "@shared/schemas/courier";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useParcelT } from "~/i18n/use-parcel-t";
import type { ActionResult } from "~/lib/use-action-toast";

/**
 * "Booked in the courier's portal": a parcel the courier holds already (booked by hand in its portal, or booked here
 * when its answer was lost), recorded by its courier, consignment id and tracking code. It posts to the page's own
 * action (`intent=record`), with or without JavaScript; a refusal is said beside its field, or under the form, and
 * the fields keep what was typed.
 */
export function RecordParcelForm({ couriers }: { couriers: CourierName[] }) {
  const { t } = useParcelT();
  const answer = useActionData<ActionResult>();
  const pending = useNavigation().formData?.get("intent") === "record";
  const ours = answer?.values?.["intent"] === "record" ? answer : undefined;
  const field = (name: "courier" | "consignmentId" | "trackingCode") => ({
    name,
    id: `record-${name}`,
    error: ours?.errors?.[name],
    defaultValue: ours?.values?.[name],
  });
  if (couriers.length === 0) return null;
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 space-y-3 rounded-md border border-wood-100 p-4"
      data-testid="record-parcel"
    >
      <input type="hidden" name="intent" value="record" />
      <h4 className="font-semibold text-wood-900">{t("parcel.recordTitle")}</h4>
      <p className="text-sm text-stone-700">{t("parcel.recordHint")}</p>
      <SelectField label={t("parcel.courier")} {...field("courier")}>
        {couriers.map((courier) => (
          <option key={courier} value={courier}>
            {t(`parcel.couriers.${courier}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("parcel.consignmentId")}
        {...field("consignmentId")}
        maxLength={MAX_CONSIGNMENT_ID}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <Field
        label={t("parcel.trackingCode")}
        {...field("trackingCode")}
        maxLength={MAX_TRACKING_CODE}
        autoComplete="off"
        spellCheck={false}
        required
      />
      {couriers.includes("pathao") ? <p className="text-xs text-stone-600">{t("parcel.recordPathao")}</p> : null}
      <FormError message={ours?.errors?.["record"]} />
      <SubmitButton pending={pending}>{t("parcel.record")}</SubmitButton>
    </Form>
  );
}
