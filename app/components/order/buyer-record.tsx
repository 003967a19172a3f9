import { useAdminT } from "~/i18n/use-page-t";
import type { BuyerRecordView, OutcomesView } from "@shared/views";
import { useFormat } from "~/i18n/use-format";

const same = (a: OutcomesView, b: OutcomesView) =>
  (Object.keys(a) as (keyof OutcomesView)[]).every((key) => a[key] === b[key]);

/**
 * What the shop weighs before confirming a cash-on-delivery order, beside its phone: how the buyer's other orders
 * ended, and those to the same phone from any account when they tell something else.
 */
export function BuyerRecord({ record }: { record: BuyerRecordView | null }) {
  const { t } = useAdminT();
  const format = useFormat();
  if (!record) return null;
  const outcomes = (o: OutcomesView) => {
    const parts = [
      t("adminPages.outcomeDelivered", { n: format.count(o.delivered) }),
      t("adminPages.outcomeCancelled", { n: format.count(o.cancelled) }),
      t("adminPages.outcomeExpired", { n: format.count(o.expired) }),
    ];
    if (o.cancelledByShop > 0) parts.push(t("adminPages.outcomeByShop", { n: format.count(o.cancelledByShop) }));
    if (o.expiredCod > 0) parts.push(t("adminPages.outcomeUnconfirmed", { n: format.count(o.expiredCod) }));
    if (o.open > 0) parts.push(t("adminPages.outcomeOpen", { n: format.count(o.open) }));
    return parts.join(" · ");
  };
  const { account, phone } = record;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-stone-700" data-testid="buyer-record">
      <p>{t("adminPages.recordAccount", { outcomes: outcomes(account) })}</p>
      {phone && !same(phone, account) ? <p>{t("adminPages.recordPhone", { outcomes: outcomes(phone) })}</p> : null}
    </div>
  );
}
