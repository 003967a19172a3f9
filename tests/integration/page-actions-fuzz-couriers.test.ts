import { afterAll, beforeAll } from "vitest";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import { anOrderToShip } from "../support/parcels";
import { STEADFAST_WEBHOOK_TOKEN } from "../support/provider-apps";
import { startSteadfastStandIn, type SteadfastStandIn } from "../support/steadfast-stand-in";

// The shop's courier is Steadfast's stand-in, started before the app that books with it.
const steadfast = {} as SteadfastStandIn;
beforeAll(async () => void Object.assign(steadfast, await startSteadfastStandIn()));
afterAll(() => steadfast.close());

fuzzPageActions(
  "booking parcels",
  (t, accounts) => {
    // Paid by test card, with the delivery details a courier needs.
    const aPaidOrder = async () => ({
      orderId: await anOrderToShip(t, { buyer: accounts.owner, admin: accounts.admin }),
    });
    // And a parcel for it the shop booked by hand in Steadfast's portal, to record rather than book.
    const anOrderAndAPortalParcel = async () => {
      const made = steadfast.bookInPortal();
      return { ...(await aPaidOrder()), consignmentId: String(made.consignment_id), trackingCode: made.tracking_code };
    };
    // prettier-ignore
    return [
      { call: "POST /dashboard/order/{id} (book)",    as: "admin", scene: aPaidOrder, id: (s) => s.orderId!, fields: () => ({ intent: "book", courier: "steadfast" }), ignored: CALLS_COUNTED },
      { call: "POST /dashboard/manageorder (book)",   as: "admin", scene: aPaidOrder, fields: (s) => ({ intent: "book", courier: "steadfast", orders: s.orderId! }), ignored: CALLS_COUNTED },
      { call: "POST /dashboard/order/{id} (record)",  as: "admin", scene: anOrderAndAPortalParcel, id: (s) => s.orderId!, fields: (s) => ({ intent: "record", courier: "steadfast", consignmentId: s.consignmentId!, trackingCode: s.trackingCode! }), ignored: CALLS_COUNTED },
    ];
  },
  () => ({
    STEADFAST_API_KEY: steadfast.apiKey,
    STEADFAST_SECRET_KEY: steadfast.secretKey,
    STEADFAST_BASE_URL: steadfast.url,
    STEADFAST_WEBHOOK_TOKEN,
  }),
);
