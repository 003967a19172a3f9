import { z } from "zod";
import type { Language } from "@shared/languages";
import { poishaToTk } from "@shared/money";
import { english } from "@shared/messages";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { CartView } from "./cart";

const Problem = z
  .object({ code: z.string(), message: z.string() })
  .nullable()
  .meta({
    description:
      "What stands between the line and checkout now: `cart.stock_out`, `cart.only_left` (fewer pieces in stock than " +
      "the line asks), or a quantity rule (`quantity.below_minimum`, `stock.over_per_order`, …); null when none.",
  });

/** A cart as the API answers it: today's prices and stock (money in Tk). */
export const CartJson = named(
  "CartJson",
  z.object({
    items: z.array(
      z.object({
        id: uuid().meta({ description: "The line's id, for PATCH and DELETE /api/cart/items/{id}." }),
        productId: uuid(),
        variantId: uuid().meta({ description: "The variant the line holds." }),
        sku: z.string(),
        variant: z
          .string()
          .nullable()
          .meta({ description: 'Its option values, "12 mm · 300 mm"; null without options.' }),
        name: z.string().meta({ description: "The product's name in the request's language." }),
        image: z.string(),
        price: z.number().meta({ description: "Today's price of one piece in Tk." }),
        priceWas: z.number().nullable().meta({
          description: "The price when the line was last set, when it has changed since; else null.",
        }),
        quantity: z.number().int(),
        available: z.number().int().meta({ description: "Pieces in stock now." }),
        minimumQuantity: z.number().int(),
        weight: z.number().int().meta({ description: "Grams one piece weighs." }),
        lineTotal: z.number().meta({ description: "price × quantity, in Tk." }),
        problem: Problem,
      }),
    ),
    subtotal: z.number().meta({ description: "The goods' total in Tk, at today's prices." }),
    weight: z.number().int().meta({ description: "What the goods weigh together, in grams." }),
  }),
);
export type CartJson = z.output<typeof CartJson>;

export function cartJson(cart: CartView, language: Language): CartJson {
  return {
    items: cart.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      variant: l.label,
      name: language === "bn" ? (l.nameBn ?? l.name) : l.name,
      image: l.image,
      price: poishaToTk(l.pricePoisha),
      priceWas: l.priceWasPoisha === null ? null : poishaToTk(l.priceWasPoisha),
      quantity: l.quantity,
      available: l.availability,
      minimumQuantity: l.minimumQuantity,
      weight: l.weightGrams,
      lineTotal: poishaToTk(l.lineTotalPoisha),
      problem: l.problem ? { code: l.problem.code, message: english(l.problem.code, l.problem.params) } : null,
    })),
    subtotal: poishaToTk(cart.subtotalPoisha),
    weight: cart.weightGrams,
  };
}
