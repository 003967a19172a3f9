import { z } from "zod";
import { UPLOADED_IMAGE } from "~/lib/image-sources";
import { MAX_ORDER_QUANTITY } from "~/lib/quantity";

/** The demo catalog's drawings, and images uploaded through the store: the only images a product can show. */
const STORE_IMAGE = /^\/images\/products\/[\w-]+\.svg$/;
export const MAX_PRICE_TK = 10_000_000;
export const MAX_TEXT_LENGTH = 5000;

const number = (required: string, wrongType: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? required : wrongType) });

const text = (required: string, label: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} can be at most ${max} characters`);

/**
 * POST /api/product and Add Product (spec §5; its messages verbatim, reused ones included: the minimum quantity
 * says 'Price Is Required' and the description 'Quantity Is Required'). The spec shows no bounds; these are ours.
 */
export const ProductSchema = z.object({
  name: text("Name Is Required", "Product Name", 200),
  price: number("Price Is Required", "Price must be a number")
    .positive("Price must be more than Tk 0")
    .min(0.01, "Price must be at least Tk 0.01 (one poisha)")
    .max(MAX_PRICE_TK, "Price can be at most Tk 1,00,00,000")
    .refine((tk) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6, "Price can have at most two decimals (poisha)"),
  Availability: number("Quantity Is Required", "Availability must be a number of pieces")
    .int("Availability must be a whole number of pieces")
    .min(0, "Availability cannot be negative")
    .max(1_000_000_000, "Availability can be at most 1,00,00,00,000 Pis"),
  minimumQuantity: number("Price Is Required", "Minimum Quantity must be a number of pieces")
    .int("Minimum Quantity must be a whole number of pieces")
    .min(1, "Minimum Quantity must be at least 1")
    .max(MAX_ORDER_QUANTITY, "Minimum Quantity can be at most 10,00,000 Pis"),
  desc: text("Quantity Is Required", "Description", MAX_TEXT_LENGTH),
  details: z
    .string({ error: "Details must be text" })
    .trim()
    .max(MAX_TEXT_LENGTH, `Details can be at most ${MAX_TEXT_LENGTH} characters`)
    .optional(),
  image: z
    .string({ error: "Image Is Required" })
    .trim()
    .min(1, "Image Is Required")
    .refine((url) => UPLOADED_IMAGE.test(url) || STORE_IMAGE.test(url), "Upload the image through the store"),
});
export type ProductInput = z.infer<typeof ProductSchema>;

export const NOTHING_TO_CHANGE = "Nothing to change: send the fields to update, such as Availability.";

/** PUT /api/product/{id}: an admin changes any of the product's fields (the stock count alone, say). */
export const ProductUpdateSchema = ProductSchema.partial().refine(
  (fields) => Object.values(fields).some((v) => v !== undefined),
  NOTHING_TO_CHANGE,
);
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
