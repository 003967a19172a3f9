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

/** Rows the variants editor posts at most (its variants and blank rows for new ones). */
const MAX_VARIANT_ROWS = 120;

/**
 * Edit Product's variants editor (app/components/product/variants-form.tsx), as `PUT /api/product/{id}` reads
 * `{options, variants}`: options with a name or values (values separated by commas), rows with an SKU or a price,
 * less those marked Remove. An existing row's stock is sent only when it was changed (a stock-take), so pieces
 * ordered while the page was open are not counted away. `fieldOf` names the editor's field of a refusal's issue.
 */
export function variantsFields(form: FormData) {
  const text = (name: string) => (formText(form.get(name)) ?? "").trim();
  const optionRows: number[] = [];
  const options = [0, 1].flatMap((k) => {
    const name = text(`option.${k}.name`);
    const values = text(`option.${k}.values`)
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (name === "" && values.length === 0) return [];
    optionRows.push(k);
    return [{ name, nameBn: text(`option.${k}.nameBn`) || null, values }];
  });
  const rows: number[] = [];
  const variants = [];
  for (let n = 0; n < MAX_VARIANT_ROWS && form.has(`variant.${n}.sku`); n++) {
    const id = text(`variant.${n}.id`) || undefined;
    const sku = text(`variant.${n}.sku`);
    const price = text(`variant.${n}.price`);
    if (form.getAll(`variant.${n}.remove`).at(-1) === "true") continue;
    if (!id && sku === "" && price === "") continue;
    const stock = text(`variant.${n}.stock`);
    const image = text(`variant.${n}.image`);
    rows.push(n);
    variants.push({
      id,
      sku,
      options: Object.fromEntries(options.map((o, k) => [o.name, text(`variant.${n}.value.${optionRows[k]}`)])),
      price: formNumber(price),
      availability: id && stock === text(`variant.${n}.stockWas`) ? undefined : formNumber(stock),
      minimumQuantity: formNumber(text(`variant.${n}.minimum`)),
      weight: formNumber(text(`variant.${n}.weight`)),
      image: image === "" ? null : image,
    });
  }
  const VARIANT_FIELDS: Record<string, string> = {
    sku: "sku",
    id: "sku",
    price: "price",
    availability: "stock",
    minimumQuantity: "minimum",
    weight: "weight",
    image: "image",
    options: "value.0",
  };
  /** `variants.2.availability` → `variant.3.stock`; `options.1.values.0` → `option.1.values`. */
  const fieldOf = (field: string): string => {
    const [list, index, key] = field.split(".");
    const i = Number(index);
    if (list === "variants" && Number.isInteger(i) && rows[i] !== undefined) {
      return `variant.${rows[i]}.${VARIANT_FIELDS[key ?? ""] ?? "sku"}`;
    }
    if (list === "options" && Number.isInteger(i) && optionRows[i] !== undefined) {
      return `option.${optionRows[i]}.${key === "nameBn" ? "nameBn" : key === "name" ? "name" : "values"}`;
    }
    if (list === "options") return "option.0.name";
    return "variants";
  };
  return { body: { options, variants }, fieldOf };
}

/**
 * The photos page's form (app/routes/dashboard/product-photos.tsx), as `PUT /api/product/{id}` reads `images`: its
 * rows in the order posted (dragging reorders them in the page), less those marked Remove, with a row moved by its
 * Up or Down button (`move`: `up:3`), and the new photo's address (`added`) last. `fieldOf` names the page's field of
 * a refusal's issue (`images.2.alt` → `photo.5.alt`).
 */
export function photosFields(form: FormData, added: string | null) {
  const rows: { key: string; url: string; alt: string; altBn: string }[] = [];
  for (const [name, value] of form.entries()) {
    const key = /^photo\.(\d{1,3})\.url$/.exec(name)?.[1];
    if (key === undefined || typeof value !== "string") continue;
    if (form.getAll(`photo.${key}.remove`).at(-1) === "true") continue;
    const text = (field: string) => (formText(form.get(`photo.${key}.${field}`)) ?? "").trim();
    rows.push({ key, url: value, alt: text("alt"), altBn: text("altBn") });
  }
  const [direction, moved] = (formText(form.get("move")) ?? "").split(":");
  const from = rows.findIndex((r) => r.key === moved);
  const to = from + (direction === "up" ? -1 : direction === "down" ? 1 : 0);
  if (from >= 0 && to >= 0 && to < rows.length && to !== from) rows.splice(to, 0, rows.splice(from, 1)[0]!);
  const images = rows.map(({ url, alt, altBn }) => ({ url, alt: alt || null, altBn: altBn || null }));
  if (added) images.push({ url: added, alt: null, altBn: null });
  const fieldOf = (field: string): string => {
    const [, index, key] = field.split(".");
    const row = rows[Number(index)];
    return row ? `photo.${row.key}.${key === "altBn" ? "altBn" : "alt"}` : "photos";
  };
  return { images, fieldOf };
}
