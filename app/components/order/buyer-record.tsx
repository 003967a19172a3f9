import { useT } from "~/i18n/use-t";
import type { BuyerRecordView, OutcomesView } from "@shared/views";
import { useFormat } from "~/i18n/use-format";

const same = (a: OutcomesView, b: OutcomesView) =>
  (Object.keys(a) as (keyof OutcomesView)[]).every((key) => a[key] === b[key]);

/**
 * What the shop weighs before confirming a cash-on-delivery order, beside its phone: how the buyer's other orders
 * ended, and those to the same phone from any account when they tell something else.
 */
export function BuyerRecord({ record }: { record: BuyerRecordView | null }) {
  const { t } = useT();
  const format = useFormat();
  if (!record) return null;
  const outcomes = (o: OutcomesView) => {
    const parts = [
      t("admin.outcomeDelivered", { n: format.count(o.delivered) }),
      t("admin.outcomeCancelled", { n: format.count(o.cancelled) }),
      t("admin.outcomeExpired", { n: format.count(o.expired) }),
    ];
    if (o.cancelledByShop > 0) parts.push(t("admin.outcomeByShop", { n: format.count(o.cancelledByShop) }));
    if (o.expiredCod > 0) parts.push(t("admin.outcomeUnconfirmed", { n: format.count(o.expiredCod) }));
    if (o.open > 0) parts.push(t("admin.outcomeOpen", { n: format.count(o.open) }));
    return parts.join(" · ");
  };
  const { account, phone } = record;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-stone-700" data-testid="buyer-record">
      <p>{t("admin.recordAccount", { outcomes: outcomes(account) })}</p>
      {phone && !same(phone, account) ? <p>{t("admin.recordPhone", { outcomes: outcomes(phone) })}</p> : null}
    </div>
  );
}
