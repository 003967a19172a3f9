import { M } from "@shared/messages";
import { zoneOf, type Zone } from "../delivery";
import { conflict, type AppError } from "../errors";

/** The delivery zones' cash-on-delivery rules, as checkout and Pay Order apply them. */
export interface CodRules {
  /** Why cash on delivery is not taken in a district, or null when it is. */
  refusalFor(district: string): AppError | null;
  /** Whether cash on delivery to a district pays the delivery charge online first. */
  advanceIn(district: string): boolean;
}

/**
 * The zones' rules. A zone that wants the delivery charge in advance takes no cash on delivery in a store that can
 * take no payment online (`online` false): the advance could never be paid.
 */
export function codRules(zones: readonly Zone[], online: boolean): CodRules {
  const advanceIn = (district: string) => zoneOf(zones, district).advanceDeliveryCharge;
  return {
    advanceIn,
    refusalFor: (district) =>
      zoneOf(zones, district).codAvailable && (online || !advanceIn(district))
        ? null
        : conflict(M.checkout.cod_not_offered, { district }),
  };
}
