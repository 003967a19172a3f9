import { withVariants } from "./sql/variant-rows";
import { paramsOf, type Page } from "@shared/list-page";
import { PRODUCT_LIST_PARAMS } from "@shared/list-choices";
import { perVersion } from "../cache/versioned-cache";
import type { RequestContext } from "../context/request-context";
import { PRODUCT_LIMIT } from "../http/body-limits";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { DeletedCount, InsertedId } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, BAD_PAGE, PAGED, id, pageHeaders, pageQuery } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import * as catalog from "./products";
import {
  ProductInput,
  ProductJson,
  ProductList,
  ProductUpdate,
  ProductUpdated,
  productFromJson,
  productJson,
} from "./wire";

type ProductPage = Page<never> & { json: Uint8Array<ArrayBuffer> };

/**
 * The busiest read of the store: each page kept as its JSON bytes until the catalog changes (bytes, not text: a
 * string would be measured and encoded again for every answer). One cache per app, made from its catalog version.
 */
const pagesOf = perVersion<ProductPage>(200);

async function readPage(ctx: RequestContext, params: Record<string, string>): Promise<ProductPage> {
  const page = await catalog.listProducts(ctx, params);
  const items = await withVariants(ctx.db, page.items);
  return { ...page, items: [], json: Buffer.from(JSON.stringify(items.map(productJson))) };
}

export const productCalls = [
  apiCall({
    method: "get",
    path: "/api/product",
    operationId: "listProducts",
    tag: "products",
    summary: "List and search the products",
    description:
      PAGED +
      " A search (`q`) finds a product when each word begins a word of its names or descriptions, in English or " +
      "Bangla (`chis` finds chisels); when no product holds the words, the names close to it (`chisle` finds " +
      "chisels). It is ranked by relevance unless a `sort` is given.",
    who: "anyone",
    session: "none",
    keptWhole: "catalog",
    query: {
      q: { description: "Search text, at most 200 characters.", example: "chisel", required: false },
      category: {
        description: "A category's slug (`GET /api/category`); `other` is Other tools.",
        example: "other",
        required: false,
      },
      inStock: {
        description: "`true`: only products with at least a minimum order in stock.",
        example: "true",
        required: false,
      },
      sort: {
        description:
          "`relevance` (the default with `q`), `newest` (the default without), `price-asc`, `price-desc` or `name`.",
        example: "price-asc",
        required: false,
      },
      ...pageQuery,
    },
    answers: {
      200: json(ProductList, "A page of the products; prices in Tk.", pageHeaders),
      400: refused(
        `${BAD_PAGE} Or an unknown \`sort\` or \`category\`, \`q\` over 200 characters, \`inStock\` not true or false.`,
      ),
    },
    handler: async (c) => {
      const ctx = c.get("ctx");
      const params = paramsOf(new URL(c.req.url).searchParams, PRODUCT_LIST_PARAMS);
      const page = await pagesOf(ctx.catalogVersion).get(new URLSearchParams(params).toString(), () =>
        readPage(ctx, params),
      );
      setPageHeaders(c, page);
      return c.body(page.json, 200, { "Content-Type": "application/json" });
    },
  }),
  apiCall({
    method: "get",
    path: "/api/product/{id}",
    operationId: "getProduct",
    tag: "products",
    summary: "Get one product",
    who: "anyone",
    session: "none",
    params: { id: id("product") },
    answers: { 200: json(ProductJson, "The product."), 404: refused("No such product (unknown or malformed id).") },
    handler: async (c) => c.json(productJson(await catalog.getProduct(c.get("ctx"), c.req.param("id")))),
  }),
  apiCall({
    method: "post",
    path: "/api/product",
    operationId: "addProduct",
    tag: "products",
    summary: "Add a product",
    description:
      "The image must be an address `POST /api/uploads` answered or one of the store's drawings. `maxPerOrder` " +
      "(optional, at least `minimumQuantity`) is the most pieces one order may take; without it, half of the stock. " +
      "`lowStockThreshold` (optional, a whole number from 0) is the stock below which the product is running low " +
      "(the admins' overview lists it); without it, twice `minimumQuantity`.",
    who: "admin",
    session: "required",
    body: jsonInput(ProductInput),
    bodyLimit: PRODUCT_LIMIT,
    answers: { 200: json(InsertedId, "The new product's id."), 400: refused(BAD_INPUT), 403: refused(ADMINS_ONLY) },
    handler: async (c) => {
      const added = await catalog.addProduct(c.get("ctx"), productFromJson(await jsonBody(c)));
      return c.json({ insertedId: added.id });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/product/{id}",
    operationId: "updateProduct",
    tag: "products",
    summary: "Change a product",
    description:
      "Any of the product's fields; `{Availability}` alone sets the stock, `{maxPerOrder: null}` brings back the " +
      "half-of-the-stock limit. A `maxPerOrder` under the minimum quantity (sent or stored) is refused with 400. " +
      "`{lowStockThreshold: null}` brings back the default line, twice the minimum quantity.",
    who: "admin",
    session: "required",
    params: { id: id("product") },
    body: jsonInput(ProductUpdate),
    bodyLimit: PRODUCT_LIMIT,
    answers: {
      200: json(ProductUpdated, "Changed."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
    },
    handler: async (c) => {
      const body = productFromJson(await jsonBody(c));
      await catalog.updateProduct(c.get("ctx"), c.req.param("id"), body);
      return c.json({ acknowledged: true, modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/product/{id}",
    operationId: "deleteProduct",
    tag: "products",
    summary: "Delete a product",
    description: "Orders of it keep their copy of its name, image and price.",
    who: "admin",
    session: "required",
    params: { id: id("product") },
    answers: {
      200: json(DeletedCount, "Deleted."),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
    },
    handler: async (c) => {
      await catalog.deleteProduct(c.get("ctx"), c.req.param("id"));
      return c.json({ deletedCount: 1 });
    },
  }),
];
