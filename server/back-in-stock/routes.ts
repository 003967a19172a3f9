import { BackInStockSchema } from "@shared/schemas/back-in-stock";
import { jsonBody } from "../http/json-body";
import { BAD_INPUT } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { askBackInStock } from "./back-in-stock";
import { BackInStockAsked } from "./wire";

/** `POST /api/back-in-stock`: "Tell me when it is back", for anyone. */
export const backInStockCalls = [
  apiCall({
    method: "post",
    path: "/api/back-in-stock",
    operationId: "askBackInStock",
    tag: "catalog",
    summary: "Be told once when a Stock Out tool is back",
    description:
      "A Bangladeshi mobile number (`phone`, as the delivery form takes it: 01XXXXXXXXX, +880 allowed) or an " +
      "e-mail address (`email`), one of them, for a tool that is Stock Out now (or, with `variantId`, one of its " +
      "variants). The first receipt that brings it back queues one SMS or e-mail, in the language the request was " +
      "made in, and forgets the address; so does the 90th day. Asked again for the same tool and address, the " +
      "answer is the same and nothing new is kept.",
    who: "anyone, signed in or not",
    session: "optional",
    body: jsonInput(named("BackInStockInput", BackInStockSchema)),
    rate: "watch",
    answers: {
      200: json(BackInStockAsked, "Kept (or kept already): they will be told once."),
      400: refused(`${BAD_INPUT} Neither or both of \`phone\` and \`email\`, or a malformed one.`),
      404: refused("No such tool, or the variant is not one of its own."),
      409: refused("The tool (or the variant) is in stock: it can be ordered now."),
    },
    handler: async (c) => {
      const asked = await askBackInStock(c.get("ctx"), await jsonBody(c));
      return c.json({ channel: asked.channel, once: true as const, ...asked.said });
    },
  }),
];
