import { DIVISIONS } from "@shared/bangladesh";
import { useT } from "~/i18n/use-t";

/** Every district of Bangladesh, grouped by division, in the page's language; the value is the English name. */
export function DistrictSelect({
  id,
  label,
  value,
  name = "district",
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  name?: string;
  onChange?: (district: string) => void;
}) {
  const { t, language } = useT();
  const bangla = language === "bn";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue: value })}
        className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2"
      >
        <option value="">{t("cart.chooseDistrict")}</option>
        {DIVISIONS.map((d) => (
          <optgroup key={d.name} label={bangla ? d.bn : d.name}>
            {d.districts.map(([name, bn]) => (
              <option key={name} value={name}>
                {bangla ? bn : name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
