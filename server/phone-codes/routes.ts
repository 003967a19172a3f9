import { PhoneCodeSchema } from "@shared/schemas/phone-code";
import { jsonBody } from "../http/json-body";
import { id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { checkPhoneCode, sendPhoneCode } from "./phone-codes";
import { codeSentJson, PhoneCodeConfirmed, PhoneCodeSent } from "./wire";

const NOT_OFFERED =
  "The shop does not confirm orders by phone code (COD_VERIFY_PHONE is off): `phone_code.not_offered`.";
const NOT_YOURS = "Not your order (an admin confirms by hand); or a cookie-carried write from another site.";
const NO_ORDER = `No such order (unknown, malformed or cancelled by its buyer); or ${NOT_OFFERED}`;

/**
 * `POST /api/order/{id}/phone-code`: a code to a cash-on-delivery order's phone; `POST /api/order/{id}/phone-code/
 * verify`: the buyer confirms the order with it (COD_VERIFY_PHONE).
 */
export const phoneCodeCalls = [
  apiCall({
    method: "post",
    path: "/api/order/{id}/phone-code",
    operationId: "sendPhoneCode",
    tag: "orders",
    summary: "Send a code to a cash-on-delivery order's phone",
    description:
      "With COD_VERIFY_PHONE, choosing cash on delivery sends a 6-digit code by SMS to the order's delivery phone; " +
      'this call sends a new one ("Send the code again"), which replaces the one before. A code works for ten ' +
      "minutes and five tries. Only the order's buyer, and only while the order awaits confirmation.",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    rate: "phone_code",
    answers: {
      200: json(PhoneCodeSent, "The code is on its way."),
      403: refused(NOT_YOURS),
      404: refused(NO_ORDER),
      409: refused(
        "Not a cash-on-delivery order awaiting confirmation (`phone_code.not_awaiting`), or no mobile number to send to.",
      ),
    },
    handler: async (c) => c.json(codeSentJson(await sendPhoneCode(c.get("ctx"), c.req.param("id")))),
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/phone-code/verify",
    operationId: "verifyPhoneCode",
    tag: "orders",
    summary: "Confirm a cash-on-delivery order with the code sent to its phone",
    description:
      "The right code confirms the order as the shop's confirmation does (event `confirmed`, by the buyer, reason " +
      "`phone_code.confirmed_by_code`): it no longer expires, and no call from the shop is needed. A wrong one " +
      "spends one of the code's five tries; the answer's `triesLeft` says how many are left.",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    body: jsonInput(named("PhoneCodeInput", PhoneCodeSchema)),
    rate: "phone_code_check",
    answers: {
      200: json(PhoneCodeConfirmed, "Confirmed."),
      400: refused(
        "Not six digits (`phone_code.code_shape`), or the wrong code (`phone_code.wrong`, with `params.left` and " +
          "`triesLeft`: tries left); a bad body.",
      ),
      403: refused(NOT_YOURS),
      404: refused(NO_ORDER),
      409: refused(
        "Not a cash-on-delivery order awaiting confirmation (`phone_code.not_awaiting`); no code sent yet " +
          "(`phone_code.none`); its five tries spent (`phone_code.no_tries_left`); or expired (`phone_code.expired`). " +
          "Ask for a new code.",
      ),
    },
    handler: async (c) => {
      const order = await checkPhoneCode(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ modifiedCount: 1, confirmedAt: order.confirmedAt!.toISOString() });
    },
  }),
];
