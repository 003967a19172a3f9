import { useEffect, useRef, useState } from "react";
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
  /** The district the district list starts on: the one given, or one chosen before a division. */
  const [startDistrict, setStartDistrict] = useState(initial.district ?? "");
  const { t, language } = useT();
  const bangla = language === "bn";
  const places = useRef<HTMLDivElement>(null);

  /** A district chosen: its division taken with it when none was chosen (the list then shows every district). */
  function chooseDistrict(district: string) {
    const of = DIVISIONS.find((d) => d.districts.some(([name]) => name === district));
    if (of && of.name !== division) {
      setStartDistrict(district);
      setDivision(of.name);
    }
    onDistrict?.(district);
  }

  // What the buyer chose before the page's script ran is in the form but not in the state: taken from the form
  // once, so the districts list what was chosen and checkout reckons its charge. Later choices come by onChange.
  useEffect(() => {
    const chosen = (name: string) =>
      places.current?.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? "";
    const [chosenDivision, chosenDistrict] = [chosen("division"), chosen("district")];
    if (chosenDivision !== division) setDivision(chosenDivision);
    // The district it was given is reckoned already; one chosen since is told.
    if (chosenDistrict && chosenDistrict !== (initial.district ?? "")) chooseDistrict(chosenDistrict);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
      <div ref={places} className="grid gap-4 sm:grid-cols-2">
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
          defaultValue={districtsOf(division).some(([name]) => name === startDistrict) ? startDistrict : ""}
          onChange={(e) => chooseDistrict(e.target.value)}
          error={errors.district}
        >
          <option value="">{t("delivery.choose")}</option>
          {division === "" ? (
            // No division yet (and a page without JavaScript): every district, under its division.
            DIVISIONS.map((d) => (
              <optgroup key={d.name} label={bangla ? d.bn : d.name}>
                <Districts of={d.districts} bangla={bangla} />
              </optgroup>
            ))
          ) : (
            <Districts of={districtsOf(division)} bangla={bangla} />
          )}
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

function Districts({ of, bangla }: { of: readonly (readonly [string, string])[]; bangla: boolean }) {
  return of.map(([name, banglaName]) => (
    <option key={name} value={name}>
      {bangla ? banglaName : name}
    </option>
  ));
}
