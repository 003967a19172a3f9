import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { poishaToTk } from "@shared/money";
import { MAX_OPTIONS } from "@shared/variants";
import type { EditableProductView } from "@shared/views";
import { Button } from "~/components/ui/button";
import { Field, NumberField } from "~/components/ui/field";
import type { Said } from "~/i18n/use-message";
import { useMessage } from "~/i18n/use-message";
import { useAdminT } from "~/i18n/use-page-t";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";

/** Blank rows under the variants, for new ones: a form without JavaScript cannot add a row. */
const BLANK_ROWS = 2;

/**
 * Edit Product's options and variants (decision 0033), one form that works without JavaScript: the options as a
 * name and its values separated by commas; a row per variant (SKU, a value of each option, price, stock, minimum,
 * weight, an optional photo of its own, Remove) and blank rows for new ones. A refusal is shown beside its field,
 * with what was typed.
 */
export function VariantsForm({ product }: { product: EditableProductView }) {
  const { t } = useAdminT();
  const say = useMessage();
  const answer = useActionData<ActionResult>();
  const navigation = useNavigation();
  // Edit Product's own form saves through a fetcher: what the page's action answers is this form's.
  useActionToast(answer);
  const typed = answer?.values?.intent === "variants" ? answer.values : undefined;
  const errors = (typed ? answer?.errors : undefined) as Record<string, Said> | undefined;
  const value = (name: string, stored?: string | number | null) => typed?.[name] ?? (stored ?? "").toString();
  const options = Array.from({ length: MAX_OPTIONS }, (_, k) => product.options[k]);
  const typedRows = typed ? Object.keys(typed).filter((k) => /^variant\.\d+\.sku$/.test(k)).length : 0;
  const rows = Math.max(product.variants.length + BLANK_ROWS, typedRows);
  // The rows' value fields are labelled with their option's name as it is typed (with JavaScript; without it, once saved).
  const [optionNames, setOptionNames] = useState(() => options.map((o, k) => value(`option.${k}.name`, o?.name)));
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "variants";

  const field = (name: string, label: string, stored?: string | number | null) => ({
    name,
    label,
    defaultValue: value(name, stored),
    error: errors?.[name],
  });

  return (
    <section className="mt-10 border-t border-wood-100 pt-6" aria-labelledby="variants-title">
      <h3 id="variants-title" className="text-lg font-semibold text-wood-900">
        {t("adminPages.variantsTitle")}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{t("adminPages.variantsHint")}</p>
      <Form method="post" noValidate className="mt-4 space-y-6" preventScrollReset>
        <input type="hidden" name="intent" value="variants" />
        <div className="grid gap-4 sm:grid-cols-3">
          {options.map((o, k) => (
            <fieldset key={k} className="contents">
              <Field
                {...field(`option.${k}.name`, t("adminPages.optionName", { n: k + 1 }), o?.name)}
                maxLength={40}
                onChange={(e) => {
                  const typedName = e.currentTarget.value.trim();
                  setOptionNames((names) => names.map((name, i) => (i === k ? typedName : name)));
                }}
              />
              <Field
                {...field(`option.${k}.nameBn`, t("adminPages.optionNameBn", { n: k + 1 }), o?.nameBn)}
                lang="bn"
                maxLength={40}
              />
              <Field
                {...field(`option.${k}.values`, t("adminPages.optionValues", { n: k + 1 }), o?.values.join(", "))}
              />
            </fieldset>
          ))}
        </div>
        {errors?.variants ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {say(errors.variants)}
          </p>
        ) : null}
        <ol className="space-y-4">
          {Array.from({ length: rows }, (_, n) => {
            const v = product.variants[n];
            return (
              <li key={n} className="rounded-lg border border-wood-100 p-3" data-testid="variant-row">
                <fieldset>
                  <legend className="text-sm font-semibold text-wood-900">
                    {v ? t("adminPages.variantRow", { n: n + 1 }) : t("adminPages.newVariantRow")}
                  </legend>
                  {v ? <input type="hidden" name={`variant.${n}.id`} value={v.id} /> : null}
                  {v ? <input type="hidden" name={`variant.${n}.stockWas`} value={v.availability} /> : null}
                  <div className="mt-2 grid gap-3 sm:grid-cols-4">
                    <Field {...field(`variant.${n}.sku`, t("adminPages.variantSku"), v?.sku)} maxLength={40} />
                    {/* Every option's value field, named or not yet: an option typed above is filled in the same save. */}
                    {options.map((o, k) => (
                      <Field
                        key={k}
                        {...field(
                          `variant.${n}.value.${k}`,
                          optionNames[k] || t("adminPages.optionValue", { n: k + 1 }),
                          o ? v?.options[o.name] : undefined,
                        )}
                        maxLength={40}
                      />
                    ))}
                    <NumberField
                      {...field(`variant.${n}.price`, t("adminPages.variantPrice"), v && poishaToTk(v.pricePoisha))}
                      inputMode="decimal"
                      step={0.01}
                      min={0.01}
                    />
                    <NumberField
                      {...field(`variant.${n}.stock`, t("adminPages.variantStock"), v?.availability)}
                      min={0}
                    />
                    <NumberField
                      {...field(`variant.${n}.minimum`, t("adminPages.variantMinimum"), v?.minimumQuantity)}
                      min={1}
                    />
                    <NumberField
                      {...field(`variant.${n}.weight`, t("adminPages.variantWeight"), v?.weightGrams)}
                      min={0}
                    />
                    <Field {...field(`variant.${n}.image`, t("adminPages.variantImage"), v?.image)} />
                  </div>
                  {v ? (
                    <div className="mt-2 flex items-center gap-2">
                      <input type="hidden" name={`variant.${n}.remove`} value="false" />
                      <input
                        id={`variant-${n}-remove`}
                        type="checkbox"
                        name={`variant.${n}.remove`}
                        value="true"
                        defaultChecked={typed?.[`variant.${n}.remove`] === "true"}
                        className="size-4 accent-red-700"
                      />
                      <label htmlFor={`variant-${n}-remove`} className="text-sm text-stone-700">
                        {t("adminPages.removeVariant")}
                      </label>
                    </div>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <Button type="submit" pending={saving}>
          {t("adminPages.saveVariants")}
        </Button>
      </Form>
    </section>
  );
}
