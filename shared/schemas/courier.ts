import { z } from "zod";
import { M } from "@shared/messages";
import { COURIERS } from "@shared/parcels";
import { text } from "./text";

/** A courier's tracking code: letters, digits and dashes (Steadfast's are eight; Pathao's is its consignment id). */
export const TRACKING_CODE = /^[A-Za-z0-9-]{4,40}$/;
export const MAX_TRACKING_CODE = 40;

/** The longest consignment id the store keeps of a courier's answer (server/couriers/courier.ts). */
export const MAX_CONSIGNMENT_ID = 64;

const ConsignmentId = text({
  max: MAX_CONSIGNMENT_ID,
  tooLong: M.courier.consignment_id_invalid,
  unsafe: M.courier.consignment_id_invalid,
  required: M.courier.consignment_id_invalid,
});

const TrackingCode = text({
  max: MAX_TRACKING_CODE,
  tooLong: M.courier.tracking_code_invalid,
  unsafe: M.courier.tracking_code_invalid,
  required: M.courier.tracking_code_invalid,
}).regex(TRACKING_CODE, M.courier.tracking_code_invalid);

/**
 * "Book courier": which of the shop's couriers takes the parcel. With a consignment id and its tracking code (both,
 * as the courier's portal shows them), the parcel is one the courier holds already, booked in its portal or booked
 * here when its answer was lost: the store records it instead of booking.
 */
export const CourierChoiceSchema = z
  .object({
    courier: z.enum(COURIERS, { error: M.courier.unknown }),
    consignmentId: ConsignmentId.optional(),
    trackingCode: TrackingCode.optional(),
  })
  .superRefine(({ consignmentId, trackingCode }, ctx) => {
    if (consignmentId !== undefined && trackingCode === undefined) {
      ctx.addIssue({ code: "custom", message: M.courier.record_both, path: ["trackingCode"] });
    } else if (consignmentId === undefined && trackingCode !== undefined) {
      ctx.addIssue({ code: "custom", message: M.courier.record_both, path: ["consignmentId"] });
    }
  });
export type CourierChoice = z.output<typeof CourierChoiceSchema>;
