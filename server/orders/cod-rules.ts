import { M } from "@shared/messages";
import { zoneOf, type Zone } from "../delivery";
import { conflict, type AppError } from "../errors";

/** Why cash on delivery is not taken in a district (its zone's rules), or null: checkout and Pay Order ask it. */
export function codRefusal(zones: readonly Zone[]) {
  return (district: string): AppError | null => {
    const zone = zoneOf(zones, district);
    if (!zone.codAvailable) return conflict(M.checkout.cod_not_offered, { district });
    if (zone.advanceDeliveryCharge) return conflict(M.checkout.advance_required);
    return null;
  };
}
