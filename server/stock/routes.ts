import { paramsOf } from "@shared/list-page";
import { StockChangeSchema } from "@shared/schemas/stock";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { ADMINS_ONLY, BAD_INPUT, BAD_PAGE, PAGED, id, pageHeaders, pageQuery } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as stock from "./stock";
import { StockChangeRecorded, StockLedger, stockEntryJson } from "./wire";

export const stockCalls = [
  apiCall({
    method: "get",
    path: "/api/product/{id}/stock",
    operationId: "listStockLedger",
    tag: "stock",
    summary: "A product's stock ledger",
    description:
      "Every change of the product's stock, newest first: orders placed, cancelled and expired, pieces received, " +
      "stock-takes and write-offs, with who, when, why and the stock after. The stock is the sum of the changes. " +
      PAGED,
    who: "admin",
    session: "required",
    params: { id: id("product") },
    query: pageQuery,
    answers: {
      200: json(StockLedger, "A page of the ledger.", pageHeaders),
      400: refused(BAD_PAGE),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
    },
    handler: async (c) => {
      const page = await stock.stockLedger(
        c.get("ctx"),
        c.req.param("id"),
        paramsOf(new URL(c.req.url).searchParams, ["page", "limit"]),
      );
      setPageHeaders(c, page);
      return c.json(page.items.map(stockEntryJson));
    },
  }),
  apiCall({
    method: "post",
    path: "/api/product/{id}/stock",
    operationId: "recordStockChange",
    tag: "stock",
    summary: "Record pieces received, counted or damaged",
    description:
      "`variantId` names the variant (it may be left out for a product sold in one form). " +
      "`received`: a positive `change`; `damaged`: a negative one; `counted`: the `change` a stock-take found, or " +
      "the `count` on the shelf, from which the change is reckoned under the product's lock. The stock never " +
      "falls below zero (409).",
    who: "admin",
    session: "required",
    params: { id: id("product") },
    body: jsonInput(named("StockChangeInput", StockChangeSchema)),
    rate: "stock",
    answers: {
      200: json(StockChangeRecorded, "Recorded: the change and the stock after it."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
      409: refused("The change would take the stock below zero; `message` says the stock."),
    },
    handler: async (c) => {
      const recorded = await stock.recordStockChange(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({
        change: recorded.change,
        variantId: recorded.variantId,
        Availability: recorded.after,
        productAvailability: recorded.productAfter,
      });
    },
  }),
];
