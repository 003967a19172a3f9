import type { MushakRecord } from "@server/orders";
import { basisPointsToPercent, formatMushakSerial, splitVat } from "@shared/mushak";
import type { MushakView, OrderView } from "@shared/views";

/**
 * The Mushak-6.3 of an invoice: its serial, when and at what rate it was issued, and the VAT inside each line, the
 * delivery charge and the total (shared/mushak.ts splits it so the lines' VAT adds up to the total's).
 */
export function mushakView(order: OrderView, mushak: MushakRecord, buyerBin: string | null): MushakView {
  const goods = order.lines.length > 0 ? order.lines.map((l) => l.amountPoisha) : [order.pricePoisha * order.quantity];
  const { parts, total } = splitVat([...goods, order.deliveryChargePoisha], mushak.rateBasisPoints);
  return {
    serial: formatMushakSerial(mushak.fiscalYear, mushak.serial),
    issuedAt: mushak.issuedAt.toISOString(),
    ratePercent: basisPointsToPercent(mushak.rateBasisPoints),
    buyerBin,
    lines: parts.slice(0, -1),
    delivery: parts.at(-1)!,
    total,
  };
}
