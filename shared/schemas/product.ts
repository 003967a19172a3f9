import { z } from "zod";
import { UPLOADED_IMAGE } from "@shared/image-sources";
import { M, type MessageCode } from "@shared/messages";
import { tkToPoisha } from "@shared/money";
import { MAX_ORDER_QUANTITY } from "@shared/quantity";
import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  SKU_PATTERN,
} from "@shared/variants";
import { MAX_WEIGHT_GRAMS } from "@shared/weight";
import { MAX_ALT_LENGTH, MAX_PHOTOS } from "@shared/photos";
import { isSafeText, text } from "./text";

/** The demo catalog's drawings, and images uploaded through the store: the only images a product can show. */
const STORE_IMAGE = /^\/images\/products\/[\w-]+\.svg$/;
export const MAX_PRICE_TK = 10_000_000;
export const MAX_TEXT_LENGTH = 5000;

const number = (required: MessageCode, wrongType: MessageCode) =>
  z.number({ error: (issue) => (issue.input === undefined ? required : wrongType) });

/** A text the product may go without (its Bangla name and description): empty or null is none. */
const optionalText = (notText: MessageCode, tooLong: MessageCode, unsafe: MessageCode, max: number) =>
  text({ max, required: notText, tooLong, unsafe, optional: true })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

/**
 * Add Product and Edit Product, and the API's POST and PUT /api/product (whose spec names `Availability` and
 * `desc` the API door maps to these). Spec §5's messages, reused ones included: the minimum quantity says 'Price
 * Is Required' and the description 'Quantity Is Required'. The spec shows no bounds; these are ours. The form
 * speaks Tk; what the schema hands on is in poisha.
 */
const priceTk = () =>
  number(M.product.price_required, M.product.price_not_number)
    .positive(M.product.price_not_positive)
    .min(0.01, M.product.price_below_poisha)
    .max(MAX_PRICE_TK, M.product.price_too_high)
    .refine((tk) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6, M.product.price_decimals);
const stockCount = () =>
  number(M.product.availability_required, M.product.availability_not_number)
    .int(M.product.availability_not_whole)
    .min(0, M.product.availability_negative)
    .max(1_000_000_000, M.product.availability_too_high);
const minimumOrder = () =>
  number(M.product.minimum_required, M.product.minimum_not_number)
    .int(M.product.minimum_not_whole)
    .min(1, M.product.minimum_too_low)
    .max(MAX_ORDER_QUANTITY, M.product.minimum_too_high);
const weightGrams = () =>
  z
    .number({ error: M.zone.weight_invalid })
    .int(M.zone.weight_invalid)
    .min(0, M.zone.weight_invalid)
    .max(MAX_WEIGHT_GRAMS, M.zone.weight_invalid);
const productImage = () =>
  z
    .string({ error: M.product.image_required })
    .trim()
    .min(1, M.product.image_required)
    .refine((url) => UPLOADED_IMAGE.test(url) || STORE_IMAGE.test(url), M.product.image_not_ours);

const optionValue = z
  .string({ error: M.variant_edit.option_value_invalid })
  .trim()
  .min(1, M.variant_edit.option_value_invalid)
  .max(MAX_OPTION_VALUE_LENGTH, M.variant_edit.option_value_invalid)
  .refine(isSafeText, M.variant_edit.option_value_invalid);

/** One of a product's photos: an image of the store's own, and what it shows in each language (optional). */
export const PhotoSchema = z.object({
  url: productImage(),
  alt: optionalText(M.photo.alt_not_text, M.photo.alt_too_long, M.photo.alt_unsafe, MAX_ALT_LENGTH),
  altBn: optionalText(M.photo.alt_not_text, M.photo.alt_too_long, M.photo.alt_unsafe, MAX_ALT_LENGTH),
});
export type PhotoInput = z.output<typeof PhotoSchema>;

/** One of a product's options (Width, Length…): its names and the values a buyer chooses from, in order. */
export const OptionSchema = z.object({
  name: text({
    max: MAX_OPTION_NAME_LENGTH,
    required: M.variant_edit.option_name_required,
    tooLong: M.variant_edit.option_name_too_long,
    unsafe: M.variant_edit.option_name_unsafe,
  }),
  nameBn: optionalText(
    M.variant_edit.option_name_required,
    M.variant_edit.option_name_too_long,
    M.variant_edit.option_name_unsafe,
    MAX_OPTION_NAME_LENGTH,
  ),
  values: z
    .array(optionValue, { error: M.variant_edit.option_values_required })
    .min(1, M.variant_edit.option_values_required)
    .max(MAX_OPTION_VALUES, M.variant_edit.option_values_too_many)
    .refine((values) => new Set(values).size === values.length, M.variant_edit.option_values_repeat),
});
export type OptionInput = z.output<typeof OptionSchema>;

/**
 * One variant as Edit Product and `PUT /api/product/{id}` send it: without `id` it is new; its value of each option
 * by the option's name. Prices in Tk, weights in grams.
 */
export const VariantSchema = z
  .object({
    id: z.uuid({ error: M.variant_edit.unknown_id }).toLowerCase().optional(),
    sku: z.string({ error: M.variant_edit.sku_invalid }).trim().regex(SKU_PATTERN, M.variant_edit.sku_invalid),
    options: z
      .record(z.string(), optionValue, { error: M.variant_edit.values_mismatch })
      .optional()
      .transform((o) => o ?? {}),
    price: priceTk(),
    /** Its stock count; left out for a variant that has an id, its stock stays as it is (orders may have moved it). */
    availability: stockCount().optional(),
    minimumQuantity: minimumOrder(),
    weight: weightGrams()
      .optional()
      .transform((w) => w ?? 0),
    image: productImage().nullable().optional(),
  })
  .refine((v) => v.id !== undefined || v.availability !== undefined, {
    message: M.product.availability_required,
    path: ["availability"],
  });
export type VariantInput = z.output<typeof VariantSchema>;

/**
 * What makes a list of options and variants whole: options named once, each variant naming one value of every
 * option and nothing else, no two variants alike, no SKU twice, and a product without options sold in one form.
 * Answers the first problem with the field it belongs to, or null.
 */
export function variantsProblem(
  options: OptionInput[],
  variants: Pick<VariantInput, "sku" | "options">[],
): { code: MessageCode; path: (string | number)[] } | null {
  const names = options.map((o) => o.name.toLowerCase());
  if (new Set(names).size !== names.length) return { code: M.variant_edit.option_names_repeat, path: ["options"] };
  if (options.length === 0 && variants.length !== 1) {
    return { code: M.variant_edit.one_without_options, path: ["variants"] };
  }
  const skus = new Set<string>();
  const combinations = new Set<string>();
  for (const [i, v] of variants.entries()) {
    const keys = Object.keys(v.options);
    const fits =
      keys.length === options.length && options.every((o) => o.values.includes(v.options[o.name] ?? "\u0000"));
    if (!fits) return { code: M.variant_edit.values_mismatch, path: ["variants", i, "options"] };
    const combination = JSON.stringify(options.map((o) => v.options[o.name]));
    if (combinations.has(combination))
      return { code: M.variant_edit.combination_repeat, path: ["variants", i, "options"] };
    combinations.add(combination);
    if (skus.has(v.sku.toLowerCase())) return { code: M.variant_edit.sku_repeat, path: ["variants", i, "sku"] };
    skus.add(v.sku.toLowerCase());
  }
  return null;
}

export const ProductFields = z.object({
  name: text({
    max: 200,
    required: M.product.name_required,
    tooLong: M.product.name_too_long,
    unsafe: M.product.name_unsafe,
  }),
  price: priceTk(),
  availability: stockCount(),
  minimumQuantity: minimumOrder(),
  /** No hoarding: the most pieces one order may take; null or absent, half of the stock (shared/quantity.ts). */
  maxPerOrder: z
    .number({ error: M.product.max_per_order_not_number })
    .int(M.product.max_per_order_not_whole)
    .min(1, M.product.max_per_order_too_low)
    .max(MAX_ORDER_QUANTITY, M.product.max_per_order_too_high)
    .nullable()
    .optional(),
  /** Below this many pieces the product is running low (the overview); null or absent, twice the minimum order. */
  lowStockThreshold: z
    .number({ error: M.product.low_stock_not_number })
    .int(M.product.low_stock_not_whole)
    .min(0, M.product.low_stock_negative)
    .max(1_000_000_000, M.product.low_stock_too_high)
    .nullable()
    .optional(),
  description: text({
    max: MAX_TEXT_LENGTH,
    required: M.product.description_required,
    tooLong: M.product.description_too_long,
    unsafe: M.product.description_unsafe,
  }),
  details: text({
    max: MAX_TEXT_LENGTH,
    required: M.product.details_not_text,
    tooLong: M.product.details_too_long,
    unsafe: M.product.details_unsafe,
    optional: true,
  }).optional(),
  image: productImage(),
  /** One of the shop's categories (GET /api/category); absent, "Other tools". One that does not exist is refused. */
  categoryId: z.uuid({ error: M.category.unknown }).optional(),
  /** Shown instead of the English texts to visitors reading in Bangla. */
  nameBn: optionalText(M.product.name_bn_not_text, M.product.name_bn_too_long, M.product.name_bn_unsafe, 200),
  descriptionBn: optionalText(
    M.product.description_bn_not_text,
    M.product.description_bn_too_long,
    M.product.description_bn_unsafe,
    MAX_TEXT_LENGTH,
  ),
  /** An admin's pick for the home page. */
  featured: z.boolean({ error: M.product.featured_invalid }).optional(),
  /** What one piece weighs packed, in grams: the delivery charge is reckoned from it. Absent on a new product: 0. */
  weight: weightGrams().optional(),
});
export type ProductFieldValues = z.input<typeof ProductFields>;

function inPoisha<T extends { price?: number; weight?: number }>({ price, weight, ...rest }: T) {
  return { ...rest, pricePoisha: price === undefined ? undefined : tkToPoisha(price), weightGrams: weight };
}

/** The most per order is never under the minimum order (a PUT that sends one of the two, the database checks). */
export const maxNotBelowMinimum = {
  check: (fields: { minimumQuantity?: number | undefined; maxPerOrder?: number | null | undefined }) =>
    fields.maxPerOrder == null || fields.minimumQuantity === undefined || fields.maxPerOrder >= fields.minimumQuantity,
  params: { message: M.product.max_per_order_below_minimum, path: ["maxPerOrder"] },
};

export const ProductSchema = ProductFields.refine(maxNotBelowMinimum.check, maxNotBelowMinimum.params).transform(
  ({ price, weight, ...rest }) => ({ ...rest, pricePoisha: tkToPoisha(price), weightGrams: weight }),
);
export type ProductInput = z.output<typeof ProductSchema>;

/** An admin changes any of the product's fields (the stock count alone, say). */
export const ProductUpdateSchema = ProductFields.partial()
  .extend({
    /** The product's options; sent with `variants` (absent there: none). */
    options: z
      .array(OptionSchema, { error: M.variant_edit.values_mismatch })
      .max(MAX_OPTIONS, M.variant_edit.options_too_many)
      .optional(),
    /** Its photos from now on, the first shown first (and the spec's `image`). */
    images: z
      .array(PhotoSchema, { error: M.photo.required })
      .min(1, M.photo.required)
      .max(MAX_PHOTOS, M.photo.too_many)
      .refine((photos) => new Set(photos.map((p) => p.url)).size === photos.length, M.photo.repeat)
      .optional(),
    /** Every variant it sells from now on: one left out is removed, or retired when orders name it. */
    variants: z
      .array(VariantSchema, { error: M.variant_edit.variants_required })
      .min(1, M.variant_edit.variants_required)
      .max(MAX_VARIANTS, M.variant_edit.variants_too_many)
      .optional(),
  })
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), M.product.nothing_to_change)
  .refine(maxNotBelowMinimum.check, maxNotBelowMinimum.params)
  .refine((fields) => fields.options === undefined || fields.variants !== undefined, {
    message: M.variant_edit.variants_required,
    path: ["variants"],
  })
  .superRefine((fields, ctx) => {
    if (fields.variants === undefined) return;
    const problem = variantsProblem(fields.options ?? [], fields.variants);
    if (problem) ctx.addIssue({ code: "custom", message: problem.code, path: problem.path });
  })
  .transform(({ variants, options, ...rest }) => ({
    ...inPoisha(rest),
    ...(variants === undefined
      ? {}
      : {
          options: options ?? [],
          variants: variants.map(({ price, weight, ...v }) => ({
            ...v,
            pricePoisha: tkToPoisha(price),
            weightGrams: weight,
          })),
        }),
  }));
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
