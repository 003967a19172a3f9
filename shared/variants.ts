/** A product has at most this many options (Width; Length), as the issue and Shopify's simpler shops have it. */
export const MAX_OPTIONS = 2;
/** Values one option may have (widths of a chisel: 3 to 40 mm in a dozen steps). */
export const MAX_OPTION_VALUES = 20;
/** Variants one product may have: every width with every length, and room for retired ones beside them. */
export const MAX_VARIANTS = 100;
/** A SKU: letters, digits and `-`, `_`, `.`, `/`, as a supplier's catalog or a label printer writes them. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_OPTION_VALUE_LENGTH = 40;

/** An option as its product defines it: the names shown and the values in the order a buyer chooses from. */
export interface OptionView {
  name: string;
  nameBn: string | null;
  values: string[];
}

/** A variant as pages show it. */
export interface VariantView {
  id: string;
  sku: string;
  options: Record<string, string>;
  pricePoisha: number;
  availability: number;
  minimumQuantity: number;
  weightGrams: number;
  image: string | null;
}

/**
 * How a variant is named on a line (the cart, an order, an invoice): its values in the product's option order,
 * "12 mm · 300 mm"; null for a product without options.
 */
export function variantLabel(
  options: readonly Pick<OptionView, "name">[],
  values: Record<string, string>,
): string | null {
  const shown = options.map((o) => values[o.name]).filter((v): v is string => typeof v === "string" && v !== "");
  return shown.length > 0 ? shown.join(" · ") : null;
}

/**
 * The SKU a product sold in one form gets when none is given: its id's first twelve hex digits, so that the
 * migration that gave every product its variant and a new product agree.
 */
export function defaultSku(productId: string): string {
  return `RND-${productId.replaceAll("-", "").slice(0, 12).toUpperCase()}`;
}

/** The variant a page shows: the one asked for when it is the product's, else the first that can be bought, else the first. */
export function chosenVariant<V extends { id: string; availability: number; minimumQuantity: number }>(
  variants: readonly V[],
  asked: string | null | undefined,
): V | undefined {
  return (
    variants.find((v) => v.id === asked) ?? variants.find((v) => v.availability >= v.minimumQuantity) ?? variants[0]
  );
}

/**
 * A line of the cart, an order, an invoice or an e-mail as its reader knows it: the product's name in their
 * language (the Bangla one where it has one) and its variant's values, "Bevel-Edge Chisel (12 mm)".
 */
export function lineTitle(
  line: { name: string; nameBn: string | null; variant?: string | null | undefined },
  language: "en" | "bn",
): string {
  const name = (language === "bn" && line.nameBn) || line.name;
  return line.variant ? `${name} (${line.variant})` : name;
}
