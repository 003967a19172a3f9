import { useT } from "~/i18n/use-t";
import { isMessageCode } from "@shared/messages";
import { isOneOf } from "@shared/words/catalogue";
import type { OrderEventView } from "@shared/views";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
// A buyer's confirmation by the code sent to the phone says so in its reason (phone_code.confirmed_by_code).
import "~/i18n/phone-code-messages";

/** Who made changes other than people: the store's clock and the payment providers, named in the page's words. */
const NAMED = ["store", "test", "cod"] as const;
/** Providers' own names, the same in every language. */
const BRANDS: Record<string, string> = { stripe: "Stripe", sslcommerz: "SSLCommerz" };
/** Changes whose `reason` names the payment provider involved rather than giving a person's words. */
const PROVIDER_REASON = new Set(["payment_started", "refunded"]);

/**
 * An order's history, oldest change first: what happened, when (the shop's clock, in the page's language), who
 * did it and why. `mine`: the viewer is its buyer, so their own changes are "You" and the admins' are "Shop".
 */
export function OrderHistory({ history, mine }: { history: OrderEventView[]; mine: boolean }) {
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();

  const who = (by: string) => {
    if (by === "buyer") return t(mine ? "order.by.you" : "order.by.buyer");
    if (by === "admin") return t(mine ? "order.by.shop" : "order.by.admin");
    return isOneOf(NAMED, by) ? t(`order.by.${by}`) : (BRANDS[by] ?? by);
  };
  const why = (event: OrderEventView) => {
    const { reason } = event;
    if (!reason) return null;
    if (isMessageCode(reason)) return say(reason);
    if (!PROVIDER_REASON.has(event.status)) return reason;
    return isOneOf(NAMED, reason) ? t(`order.by.${reason}`) : (BRANDS[reason] ?? reason);
  };

  if (history.length === 0) return <p className="mt-2 text-stone-600">{t("order.noHistory")}</p>;
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-wood-100 pl-4" data-testid="history">
      {history.map((event, i) => {
        const reason = why(event);
        // The buyer's own confirmation (by the code sent to the phone) is told by its reason, not as the shop's.
        const ownConfirmation = event.status === "confirmed" && event.by === "buyer" && reason !== null;
        return (
          <li key={`${event.at}-${i}`} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full bg-forest-700" />
            <p className="font-semibold text-wood-900">
              {ownConfirmation ? reason : t(`order.events.${event.status}`)}
              <span className="font-normal text-stone-600">
                {" · "}
                <time dateTime={event.at}>{format.dateTime(event.at)}</time>
                {" · "}
                {who(event.by)}
              </span>
            </p>
            {reason && !ownConfirmation ? <p className="text-sm break-words text-stone-700">{reason}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
