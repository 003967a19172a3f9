import { Link, useLocation } from "react-router";
import type { OptionView, VariantView } from "@shared/variants";
import { useT } from "~/i18n/use-t";

/**
 * The product page's sizes: one row of choices per option, each a link to the page with that variant
 * (`?variant=…`), so a choice works without JavaScript and can be shared. A value leads to the variant with it and
 * the other options as chosen now, or else to the first variant that has it; one with no stock says so. With
 * JavaScript the page stays where it is and its part changes in place (app/islands/in-place.ts).
 */
export function VariantChooser({
  options,
  variants,
  chosenId,
}: {
  options: OptionView[];
  variants: VariantView[];
  chosenId: string;
}) {
  const { t, language } = useT();
  const { search } = useLocation();
  const chosen = variants.find((v) => v.id === chosenId)!;
  const hrefOf = (variantId: string) => {
    const params = new URLSearchParams(search);
    params.set("variant", variantId);
    params.delete("rpage");
    return `?${params}`;
  };
  return (
    <div className="mt-5 space-y-4" data-testid="variant-chooser">
      {options.map((option) => {
        const label = language === "bn" ? (option.nameBn ?? option.name) : option.name;
        return (
          <fieldset key={option.name}>
            <legend className="text-sm font-semibold text-stone-700">{label}</legend>
            <ul className="mt-2 flex flex-wrap gap-2">
              {option.values.map((value) => {
                const target =
                  variants.find(
                    (v) =>
                      v.options[option.name] === value &&
                      options.every((o) => o.name === option.name || v.options[o.name] === chosen.options[o.name]),
                  ) ?? variants.find((v) => v.options[option.name] === value);
                if (!target) return null;
                const current = chosen.options[option.name] === value;
                const empty = target.availability < target.minimumQuantity;
                return (
                  <li key={value}>
                    <Link
                      to={hrefOf(target.id)}
                      preventScrollReset
                      replace
                      data-in-place="replace"
                      aria-current={current ? "true" : undefined}
                      className={`inline-block min-w-12 rounded-md border px-3 py-2 text-center text-sm font-semibold ${
                        current
                          ? "border-forest-700 bg-forest-700 text-white"
                          : "border-stone-300 bg-white text-stone-800 hover:border-forest-700"
                      } ${empty ? "line-through decoration-2" : ""}`}
                    >
                      {empty ? (
                        <>
                          <span aria-hidden="true">{value}</span>
                          <span className="sr-only">{t("product.unavailable", { value })}</span>
                        </>
                      ) : (
                        value
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
