import { useTranslation } from "react-i18next";
import { useState } from "react";
import { Field, TextAreaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { DeliveryJson } from "~/lib/api-types";
import { DIVISIONS, districtsOf } from "~/lib/bangladesh";
import { sendJson } from "~/lib/send-json";
import { fieldErrors, type FieldErrors } from "~/schemas/auth";
import { DeliverySchema, type Delivery } from "~/schemas/delivery";

interface DeliveryFormProps {
  orderId: string;
  /** What the form starts with: the order's saved details, else the customer's profile. */
  initial: Partial<DeliveryJson>;
  onSaved(): void;
}

const selectClass = "mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600";

function Select({
  label,
  name,
  error,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      <select
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={selectClass}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where the order goes, asked before any payment or cash-on-delivery confirmation. */
export function DeliveryForm({ orderId, initial, onSaved }: DeliveryFormProps) {
  const [division, setDivision] = useState(initial.division ?? "");
  const [errors, setErrors] = useState<FieldErrors<Delivery>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, i18n } = useTranslation();
  const bangla = i18n.language === "bn";

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = DeliverySchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const saved = await sendJson(`/api/order/${orderId}/delivery`, "PUT", parsed.data);
    setBusy(false);
    if (!saved.ok) return setFormError(saved.message);
    onSaved();
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="space-y-4">
      <h3 className="text-lg font-semibold text-wood-900">{t("delivery.title")}</h3>
      <Field
        label={t("delivery.name")}
        name="name"
        defaultValue={initial.name}
        autoComplete="name"
        error={errors.name}
      />
      <Field
        label={t("delivery.phone")}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="01712345678"
        defaultValue={initial.phone}
        error={errors.phone}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("delivery.division")}
          name="division"
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
        </Select>
        <Select
          key={division}
          label={t("delivery.district")}
          name="district"
          defaultValue={division === initial.division ? initial.district : ""}
          error={errors.district}
        >
          <option value="">{t("delivery.choose")}</option>
          {districtsOf(division).map(([name, banglaName]) => (
            <option key={name} value={name}>
              {bangla ? banglaName : name}
            </option>
          ))}
        </Select>
      </div>
      <TextAreaField
        label={t("delivery.address")}
        name="address"
        rows={2}
        maxLength={300}
        autoComplete="street-address"
        defaultValue={initial.address}
        error={errors.address}
      />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800 disabled:bg-stone-400"
      >
        {busy ? t("delivery.saving") : t("delivery.save")}
      </button>
      <FormError message={formError ?? undefined} />
    </form>
  );
}
