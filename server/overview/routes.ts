import { ADMINS_ONLY } from "../openapi/common-params";
import { apiCall, json, refused } from "../openapi/route-types";
import { shopOverview } from "./overview";
import { OverviewJson, overviewJson } from "./wire";

export const overviewCalls = [
  apiCall({
    method: "get",
    path: "/api/overview",
    operationId: "getOverview",
    tag: "orders",
    summary: "The shop's overview",
    description:
      "What the Overview page shows, for a spreadsheet or a phone: money kept and orders placed per day over the " +
      "last 7, 30 or 90 days (Dhaka time, today included), the best sellers, how buyers paid, the products " +
      "running low (a page of them), the cash on delivery still to collect and the refunds due. Money is in Tk.",
    who: "admins",
    session: "required",
    query: {
      days: { description: "7, 30 or 90 (30 when not given).", example: "30", required: false },
      page: {
        description: "The page of products running low: 1, 2, … (1 when not given).",
        example: "1",
        required: false,
      },
    },
    answers: {
      200: json(OverviewJson, "The figures."),
      400: refused("`days` is not 7, 30 or 90, or `page` is not a page."),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => c.json(overviewJson(await shopOverview(c.get("ctx"), c.req.query()))),
  }),
];
