import { data } from "react-router";
import { M, message } from "@shared/messages";

/**
 * The posted form. A body that is not one (JSON, plain text, a broken multipart) is refused with 400, as the API
 * refuses a body it cannot read, instead of failing as an error of the store's.
 */
export async function formOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ toast: { kind: "error", said: message(M.request.not_form), id: Date.now() } }, { status: 400 });
  }
}

/** Fields never sent back to the page: whatever is named a password or a token. */
const SECRET_FIELD = /password|token/i;

/**
 * What was typed into a form, for a refusal to give back: a page posted without JavaScript is drawn afresh, and
 * its fields would come back empty. Each text field's last value (a checkbox's own after its hidden `false`);
 * never a password, a token or a file.
 */
export function typedValues(form: FormData | Record<string, FormDataEntryValue>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form instanceof FormData ? form.entries() : Object.entries(form)) {
    if (typeof value === "string" && !SECRET_FIELD.test(name)) values[name] = value;
  }
  return values;
}

/** A form's number field as a schema expects it: empty is absent, anything else goes through Number(). */
export function formNumber(value: FormDataEntryValue | null): number | undefined {
  if (value === null || value === "") return undefined;
  return typeof value === "string" ? Number(value) : Number.NaN;
}

/** A number field that may be left empty on purpose: empty is null, absent is absent. */
export function optionalNumber(value: FormDataEntryValue | null): number | null | undefined {
  return value === "" ? null : formNumber(value);
}

/** A form's text field: absent stays absent; a file where text was due is no text at all. */
export function formText(value: FormDataEntryValue | null): string | undefined {
  if (value === null) return undefined;
  return typeof value === "string" ? value : undefined;
}

/** Add Product and Edit Product's fields, as the product schema reads them (an empty image: keep the old one). */
export function productFields(form: FormData) {
  const image = formText(form.get("image"));
  return {
    name: formText(form.get("name")),
    price: formNumber(form.get("price")),
    availability: formNumber(form.get("availability")),
    minimumQuantity: formNumber(form.get("minimumQuantity")),
    // Sent empty: none of its own (half of the stock); not sent at all: unchanged.
    maxPerOrder: optionalNumber(form.get("maxPerOrder")),
    // Sent empty: none of its own (twice the minimum order).
    lowStockThreshold: optionalNumber(form.get("lowStockThreshold")),
    // Grams; sent empty or not at all: unchanged (a new product weighs 0 until told).
    weight: formNumber(form.get("weight")),
    description: formText(form.get("description")),
    details: formText(form.get("details")),
    image: image === "" ? undefined : image,
    categoryId: formText(form.get("categoryId")) || undefined,
    nameBn: formText(form.get("nameBn")),
    descriptionBn: formText(form.get("descriptionBn")),
    featured: formBoolean(form.getAll("featured")),
  };
}

/**
 * A checkbox that can be cleared: the form sends a hidden `false` before the box's `true`, so the last value is
 * the box's state; none at all leaves it unchanged. Any other text goes on as it is, for the schema to refuse.
 */
export function formBoolean(values: FormDataEntryValue[]): boolean | string | undefined {
  const last = values.at(-1);
  if (last === undefined) return undefined;
  if (last === "true") return true;
  if (last === "false") return false;
  return typeof last === "string" ? last : "";
}
