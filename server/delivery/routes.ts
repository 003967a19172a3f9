import { SavedAddressSchema } from "@shared/schemas/address";
import { DeliveryZonesSchema } from "@shared/schemas/delivery-zones";
import { jsonBody } from "../http/json-body";
import { Acknowledged, InsertedId } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as addresses from "./addresses";
import { SavedAddressList, savedAddressJson, ZoneList, zoneJson } from "./wire";
import * as zones from "./zones";

const NO_ADDRESS = "No such address in your address book.";

export const deliveryCalls = [
  apiCall({
    method: "get",
    path: "/api/delivery-zones",
    operationId: "listDeliveryZones",
    tag: "delivery",
    summary: "The delivery zones and their charges",
    description:
      "Inside Dhaka city, Dhaka suburbs and Outside Dhaka: a charge up to 1 kg, a charge per further kg or part of " +
      "one, free delivery above a subtotal (optional), whether cash on delivery is taken, and the districts each covers.",
    who: "anyone",
    session: "none",
    answers: { 200: json(ZoneList, "The three zones, in their order.") },
    handler: async (c) => c.json((await zones.deliveryZones(c.get("ctx"))).map(zoneJson)),
  }),
  apiCall({
    method: "put",
    path: "/api/delivery-zones",
    operationId: "setDeliveryZones",
    tag: "delivery",
    summary: "Set the delivery charges",
    description:
      "All three zones at once, money in Tk. A district may be named by one zone only; `outside_dhaka` covers the " +
      "rest. Orders already placed keep the charge they were placed with.",
    who: "admins",
    session: "required",
    body: jsonInput(named("DeliveryZonesInput", DeliveryZonesSchema)),
    answers: {
      200: json(ZoneList, "The zones as saved."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => c.json((await zones.setDeliveryZones(c.get("ctx"), await jsonBody(c))).map(zoneJson)),
  }),
  apiCall({
    method: "get",
    path: "/api/addresses",
    operationId: "listAddresses",
    tag: "delivery",
    summary: "My address book",
    description: "The caller's saved delivery addresses (at most 10), the default first.",
    who: "signed in",
    session: "required",
    answers: { 200: json(SavedAddressList, "The addresses.") },
    handler: async (c) => c.json((await addresses.myAddresses(c.get("ctx"))).map(savedAddressJson)),
  }),
  apiCall({
    method: "post",
    path: "/api/addresses",
    operationId: "addAddress",
    tag: "delivery",
    summary: "Save an address",
    description: "The first address saved is the default; `isDefault: true` makes a later one the default.",
    who: "signed in",
    session: "required",
    rate: "address",
    body: jsonInput(named("SavedAddressInput", SavedAddressSchema)),
    answers: {
      200: json(InsertedId, "The address's id."),
      400: refused(BAD_INPUT),
      403: refused("A cookie-carried write from another site."),
      409: refused("The address book already holds 10 addresses."),
    },
    handler: async (c) => {
      const added = await addresses.addAddress(c.get("ctx"), await jsonBody(c));
      return c.json({ insertedId: added.id });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/addresses/{id}",
    operationId: "changeAddress",
    tag: "delivery",
    summary: "Change a saved address",
    who: "its owner",
    session: "required",
    rate: "address",
    params: { id: id("address") },
    body: jsonInput(SavedAddressSchema),
    answers: {
      200: json(Acknowledged, "Saved."),
      400: refused(BAD_INPUT),
      403: refused("A cookie-carried write from another site."),
      404: refused(NO_ADDRESS),
    },
    handler: async (c) => {
      await addresses.changeAddress(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ acknowledged: true as const });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/addresses/{id}",
    operationId: "removeAddress",
    tag: "delivery",
    summary: "Remove a saved address",
    description: "When it was the default, the oldest address left becomes the default.",
    who: "its owner",
    session: "required",
    rate: "address",
    params: { id: id("address") },
    answers: {
      200: json(Acknowledged, "Removed."),
      403: refused("A cookie-carried write from another site."),
      404: refused(NO_ADDRESS),
    },
    handler: async (c) => {
      await addresses.removeAddress(c.get("ctx"), c.req.param("id"));
      return c.json({ acknowledged: true as const });
    },
  }),
];
