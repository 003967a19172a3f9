import { z } from "zod";
import { poishaToTk } from "@shared/money";
import { photoList } from "@shared/photos";
import { OptionSchema, PhotoSchema, ProductFields, VariantSchema } from "@shared/schemas/product";
import { count, uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { CategoryWithCount } from "./sql/category-rows";
import type { Product } from "./sql/product-rows";
import type { ProductWithVariants } from "./sql/variant-rows";

/** A product as the API answers it, in the spec's names (`_id`, `Availability`, `desc`). */
export const ProductJson = named(
  "ProductJson",
  z.object({
    _id: uuid(),
    name: z.string(),
    image: z
      .string()
      .meta({ description: "Address of the product's image: a path on this store, or under S3_PUBLIC_URL." }),
    price: z.number().meta({ description: "Price of one piece in Tk (two decimals at most)." }),
    minimumQuantity: z.number().int().meta({ description: "The fewest pieces one order may take." }),
    Availability: z.number().int().meta({ description: "Pieces in stock, of all its variants together." }),
    maxPerOrder: z.number().int().nullable().meta({
      description: "The most pieces one order may take; null: half of the stock (never under the minimum).",
    }),
    desc: z.string(),
    details: z.string(),
    categoryId: uuid().meta({ description: "The product's category; GET /api/category names it." }),
    nameBn: z.string().nullable().meta({ description: "The name in Bangla; null: the English name is shown." }),
    descBn: z.string().nullable().meta({ description: "The description in Bangla; null: the English one is shown." }),
    featured: z.boolean().meta({ description: "Shown on the home page." }),
    weight: z.number().int().meta({ description: "Grams one piece weighs packed: the delivery charge counts it." }),
    images: z
      .array(
        z.object({
          url: z.string().meta({ description: "The photo's address: a path on this store, or under S3_PUBLIC_URL." }),
          alt: z.string().nullable().meta({ description: "What it shows, in English; null: the tool's name." }),
          altBn: z
            .string()
            .nullable()
            .meta({ description: "What it shows, in Bangla; null: the English, or the name." }),
        }),
      )
      .meta({ description: "Its photos, 1 to 8, the first shown first; `image` is the first one's address." }),
    priceFrom: z.number().meta({ description: 'The lowest price among its variants, in Tk: the shop\'s "from Tk X".' }),
    options: z
      .array(
        z.object({
          name: z.string().meta({ description: "The option's English name, as variants' `options` name it." }),
          nameBn: z.string().nullable(),
          values: z.array(z.string()),
        }),
      )
      .meta({ description: "What a buyer chooses (Width, Length…), at most two; none for a tool sold in one form." }),
    variants: z
      .array(
        z.object({
          id: uuid(),
          sku: z.string(),
          options: z
            .record(z.string(), z.string())
            .meta({ description: "Its value of each option, by the option's name." }),
          price: z.number().meta({ description: "Price of one piece in Tk." }),
          Availability: z.number().int().meta({ description: "Pieces of it in stock." }),
          minimumQuantity: z.number().int(),
          weight: z.number().int().meta({ description: "Grams one piece weighs packed." }),
          image: z.string().nullable().meta({ description: "Its own photo; null: the product's." }),
        }),
      )
      .meta({
        description:
          "What it is sold as, in the shop's order; one for a tool without options. `price`, `minimumQuantity` and " +
          "`weight` above are the first one's, `Availability` above is all of theirs together.",
      }),
    rating: z
      .object({
        average: z.number().min(1).max(5).nullable().meta({ description: "Stars, to one decimal; null: no reviews." }),
        count: count("Its shown reviews (GET /api/product/{id}/reviews)."),
      })
      .meta({ description: "What the buyers who reviewed it gave it." }),
  }),
);
export type ProductJson = z.output<typeof ProductJson>;
export const ProductList = named("ProductList", z.array(ProductJson));

/** A category as the API answers it, with how many products it holds. */
export const CategoryJson = named(
  "CategoryJson",
  z.object({
    _id: uuid(),
    slug: z.string().meta({ description: "The category in URLs: `/shop?category={slug}`, `?category=` in the API." }),
    name: z.string().meta({ description: "The English name." }),
    nameBn: z.string().meta({ description: "The Bangla name." }),
    position: z.number().int().meta({ description: "Where it stands in the shop's list, lowest first." }),
    products: count("How many products it holds."),
  }),
);
export type CategoryJson = z.output<typeof CategoryJson>;
export const CategoryList = named("CategoryList", z.array(CategoryJson));

export const ProductUpdated = named(
  "ProductUpdated",
  z.object({ acknowledged: z.literal(true), modifiedCount: count("1 when the product changed.") }),
);
export const CategoryRenamed = named(
  "CategoryRenamed",
  z.object({ acknowledged: z.literal(true), modifiedCount: count("1 when the category changed.") }),
);

/**
 * The product body on the wire: the shared schema's fields, three of them under the spec's names
 * (`productFromJson` maps them back before the use case parses the body).
 */
const { availability, description, descriptionBn, ...productFields } = ProductFields.shape;
const ProductWire = z.object({
  ...productFields,
  Availability: availability,
  desc: description,
  descBn: descriptionBn,
});
export const ProductInput = named("ProductInput", ProductWire);
const { availability: variantStock, ...variantFields } = VariantSchema.shape;
const VariantWire = z.object({ ...variantFields, Availability: variantStock });
export const ProductUpdate = named(
  "ProductUpdate",
  ProductWire.partial().extend({
    images: z
      .array(PhotoSchema)
      .optional()
      .meta({
        description:
          "Its photos from now on (1–8, each the store's own image, e.g. a POST /api/uploads address), the first shown " +
          "first and answered as `image`.",
      }),
    options: z.array(OptionSchema).optional().meta({
      description: "The product's options (at most two), sent with `variants`; left out there: none.",
    }),
    variants: z
      .array(VariantWire)
      .optional()
      .meta({
        description:
          "Every variant it sells from now on (1–100). One with an `id` is changed (its stock only when `Availability` " +
          "is given: a stock-take); one without is new; one left out is removed, or retired when orders or the " +
          "stock ledger name it. Each names one value of every option; SKUs are the shop's own, once each.",
      }),
  }),
);

/** The spec's wire names of the catalog (`_id`, `Availability`, `desc`) live here and nowhere else. */
export function productJson(p: ProductWithVariants): ProductJson {
  return {
    _id: p.id,
    name: p.name,
    image: p.image,
    price: poishaToTk(p.pricePoisha),
    minimumQuantity: p.minimumQuantity,
    Availability: p.availability,
    maxPerOrder: p.maxPerOrder,
    desc: p.description,
    details: p.details,
    categoryId: p.categoryId,
    nameBn: p.nameBn,
    descBn: p.descriptionBn,
    featured: p.featured,
    weight: p.weightGrams,
    images: photoList(p),
    priceFrom: poishaToTk(p.priceFromPoisha),
    options: p.options.map((o) => ({ name: o.name, nameBn: o.nameBn, values: o.values })),
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      price: poishaToTk(v.pricePoisha),
      Availability: v.availability,
      minimumQuantity: v.minimumQuantity,
      weight: v.weightGrams,
      image: v.image,
    })),
    rating: { average: averageStars(p), count: p.ratingCount },
  };
}

/** The average of a product's shown reviews in stars, to one decimal; null without any. */
export function averageStars(p: Pick<Product, "ratingCount" | "ratingHalvesTotal">): number | null {
  if (p.ratingCount === 0) return null;
  return Math.round((p.ratingHalvesTotal / p.ratingCount / 2) * 10) / 10;
}

export function categoryJson(c: CategoryWithCount): CategoryJson {
  return { _id: c.id, slug: c.slug, name: c.nameEn, nameBn: c.nameBn, position: c.position, products: c.products };
}

/** A product body in the spec's names, as the product use cases read it. Nothing else is renamed or kept back. */
export function productFromJson(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { Availability, desc, descBn, variants, ...rest } = body as Record<string, unknown>;
  return {
    ...rest,
    availability: Availability,
    description: desc,
    descriptionBn: descBn,
    ...(variants === undefined ? {} : { variants: Array.isArray(variants) ? variants.map(variantFromJson) : variants }),
  };
}

function variantFromJson(variant: unknown): unknown {
  if (typeof variant !== "object" || variant === null || Array.isArray(variant)) return variant;
  const { Availability, ...rest } = variant as Record<string, unknown>;
  return { ...rest, availability: Availability };
}
