import { useState } from "react";
import { DIVISIONS, districtsOf } from "@shared/bangladesh";
import type { Delivery } from "@shared/schemas/delivery";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import type { Said } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";

interface DeliveryFieldsProps {
  /** What the fields start with: what was typed, the saved details, or the customer's profile. */
  initial: Partial<Record<keyof Delivery, string>>;
  errors: Partial<Record<keyof Delivery, Said>>;
  /** Told the district when one is chosen (checkout reckons the charge for it). */
  onDistrict?: (district: string) => void;
  /** Prefixes the fields' ids, for a page with several address forms (the address book). */
  idPrefix?: string;
}

/**
 * Where a parcel goes: name, mobile number, division and one of its districts, address. The fields of the Pay Order
 * page's delivery form and of checkout, so both ask the same and the same schema checks both.
 */
export function DeliveryFields({ initial, errors, onDistrict, idPrefix }: DeliveryFieldsProps) {
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  const [division, setDivision] = useState(initial.division ?? "");
  const { t, language } = useT();
  const bangla = language === "bn";
  return (
    <>
      <Field
        label={t("delivery.name")}
        name="name"
        id={id("name")}
        defaultValue={initial.name}
        autoComplete="name"
        error={errors.name}
      />
      <Field
        label={t("delivery.phone")}
        name="phone"
        id={id("phone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="01712345678"
        defaultValue={initial.phone}
        error={errors.phone}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("delivery.division")}
          name="division"
          id={id("division")}
          value={division}
          onChange={(e) => setDivision(e.target.value)}
          error={errors.division}
        >
          <option value="">{t("delivery.choose")}</option>
          {DIVISIONS.map((d) => (
            <option key={d.name} value={d.name}>
              {bangla ? d.bn : d.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          key={division}
          label={t("delivery.district")}
          name="district"
          id={id("district")}
          defaultValue={division === initial.division ? initial.district : ""}
          onChange={(e) => onDistrict?.(e.target.value)}
          error={errors.district}
        >
          <option value="">{t("delivery.choose")}</option>
          {districtsOf(division).map(([name, banglaName]) => (
            <option key={name} value={name}>
              {bangla ? banglaName : name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t("delivery.address")}
        name="address"
        id={id("address")}
        rows={2}
        maxLength={300}
        autoComplete="street-address"
        defaultValue={initial.address}
        error={errors.address}
      />
    </>
  );
}
