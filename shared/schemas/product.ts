import { z } from "zod";
import { UPLOADED_IMAGE } from "@shared/image-sources";
import { M, type MessageCode } from "@shared/messages";
import { tkToPoisha } from "@shared/money";
import { MAX_ORDER_QUANTITY } from "@shared/quantity";
import { MAX_WEIGHT_GRAMS } from "@shared/weight";
import { text } from "./text";

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
export const ProductFields = z.object({
  name: text({
    max: 200,
    required: M.product.name_required,
    tooLong: M.product.name_too_long,
    unsafe: M.product.name_unsafe,
  }),
  price: number(M.product.price_required, M.product.price_not_number)
    .positive(M.product.price_not_positive)
    .min(0.01, M.product.price_below_poisha)
    .max(MAX_PRICE_TK, M.product.price_too_high)
    .refine((tk) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6, M.product.price_decimals),
  availability: number(M.product.availability_required, M.product.availability_not_number)
    .int(M.product.availability_not_whole)
    .min(0, M.product.availability_negative)
    .max(1_000_000_000, M.product.availability_too_high),
  minimumQuantity: number(M.product.minimum_required, M.product.minimum_not_number)
    .int(M.product.minimum_not_whole)
    .min(1, M.product.minimum_too_low)
    .max(MAX_ORDER_QUANTITY, M.product.minimum_too_high),
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
  image: z
    .string({ error: M.product.image_required })
    .trim()
    .min(1, M.product.image_required)
    .refine((url) => UPLOADED_IMAGE.test(url) || STORE_IMAGE.test(url), M.product.image_not_ours),
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
  weight: z
    .number({ error: M.zone.weight_invalid })
    .int(M.zone.weight_invalid)
    .min(0, M.zone.weight_invalid)
    .max(MAX_WEIGHT_GRAMS, M.zone.weight_invalid)
    .optional(),
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
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), M.product.nothing_to_change)
  .refine(maxNotBelowMinimum.check, maxNotBelowMinimum.params)
  .transform(inPoisha);
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
