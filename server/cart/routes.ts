import { CartItemSchema, CartQuantitySchema } from "@shared/schemas/cart";
import { jsonBody } from "../http/json-body";
import { BAD_INPUT, id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as carts from "./cart";
import { CartJson, cartJson } from "./wire";

const WHOSE =
  "The caller's cart: a signed-in customer's (session cookie or bearer token), else the guest's named by the " +
  "`randa.cart` cookie (httpOnly, made by the first Add to cart). A guest's cart joins the account's at sign-in.";
const NO_LINE = "No such line in the caller's cart (another visitor's lines are not found either).";
const CROSS_SITE = "A cookie-carried write from another site.";

export const cartCalls = [
  apiCall({
    method: "get",
    path: "/api/cart",
    operationId: "getCart",
    tag: "cart",
    summary: "The cart",
    description: `${WHOSE} Prices and stock are today's; each line says what changed since it was set.`,
    who: "anyone",
    session: "optional",
    answers: { 200: json(CartJson, "The cart; empty when the caller has none.") },
    handler: async (c) => {
      const ctx = c.get("ctx");
      return c.json(cartJson(await carts.viewCart(ctx), ctx.language));
    },
  }),
  apiCall({
    method: "post",
    path: "/api/cart/items",
    operationId: "addToCart",
    tag: "cart",
    summary: "Add to cart",
    description:
      `${WHOSE} The pieces join the product's line when there is one; the sum is held to the product's rules ` +
      "(minimum, steps of 20, the most per order, the stock). A cart holds at most 50 lines.",
    who: "anyone",
    session: "optional",
    body: jsonInput(named("CartItemInput", CartItemSchema)),
    rate: "cart",
    answers: {
      200: json(CartJson, "The cart as it is now."),
      400: refused(`${BAD_INPUT} Fewer pieces than the minimum, or off the steps of 20.`),
      403: refused(CROSS_SITE),
      404: refused("No such product."),
      409: refused("More pieces than in stock or than one order may take, or a full cart (`cart.full`)."),
    },
    handler: async (c) => {
      const ctx = c.get("ctx");
      return c.json(cartJson(await carts.addToCart(ctx, await jsonBody(c)), ctx.language));
    },
  }),
  apiCall({
    method: "patch",
    path: "/api/cart/items/{id}",
    operationId: "changeCartItem",
    tag: "cart",
    summary: "Change a line's quantity",
    who: "anyone",
    session: "optional",
    params: { id: id("cart line") },
    body: jsonInput(named("CartQuantityInput", CartQuantitySchema)),
    rate: "cart",
    answers: {
      200: json(CartJson, "The cart as it is now."),
      400: refused(BAD_INPUT),
      403: refused(CROSS_SITE),
      404: refused(NO_LINE),
      409: refused("More pieces than in stock or than one order may take."),
    },
    handler: async (c) => {
      const ctx = c.get("ctx");
      return c.json(cartJson(await carts.changeCartLine(ctx, c.req.param("id"), await jsonBody(c)), ctx.language));
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/cart/items/{id}",
    operationId: "removeCartItem",
    tag: "cart",
    summary: "Remove a line",
    who: "anyone",
    session: "optional",
    params: { id: id("cart line") },
    rate: "cart",
    answers: {
      200: json(CartJson, "The cart as it is now."),
      403: refused(CROSS_SITE),
      404: refused(NO_LINE),
    },
    handler: async (c) => {
      const ctx = c.get("ctx");
      return c.json(cartJson(await carts.removeCartLine(ctx, c.req.param("id")), ctx.language));
    },
  }),
];
