import type { PackingSlipView } from "@shared/parcel-views";
import { useOrderNames } from "~/components/order/order-lines";
import { useFormat } from "~/i18n/use-format";
import { useParcelT } from "~/i18n/use-parcel-t";

/** Lines a slip lists; an order of more says how many more (the slip is one A6 page, whatever the order). */
const MAX_LINES = 8;

/**
 * One A6 packing slip: the shop, the recipient with phone and address, what is in the parcel, what to collect, the
 * invoice, courier and tracking code, and the code as a QR code (an SVG the server drew from the code alone).
 */
export function PackingSlip({ slip }: { slip: PackingSlipView }) {
  const { t } = useParcelT();
  const format = useFormat();
  const { lineName } = useOrderNames();
  const more = slip.lines.length - MAX_LINES;
  return (
    <article className="packing-slip" data-testid="packing-slip" aria-label={`${t("slip.invoice")} ${slip.invoice}`}>
      <header className="border-b border-stone-400 pb-1 text-[8pt] leading-tight">
        <p className="font-semibold">
          {t("slip.from")}: {slip.shop.name}
        </p>
        {slip.shop.address ? <p>{slip.shop.address}</p> : null}
        {slip.shop.phone ? (
          <p>
            {t("slip.phone")}: {slip.shop.phone}
          </p>
        ) : null}
      </header>
      <div className="mt-1 flex gap-2">
        <div className="min-w-0 flex-1 text-[10pt] leading-snug">
          <p className="text-[8pt] font-semibold uppercase">{t("slip.to")}</p>
          <p className="font-bold" data-testid="slip-recipient">
            {slip.recipient.name}
          </p>
          <p>
            {t("slip.phone")}: <span className="font-semibold">{slip.recipient.phone}</span>
          </p>
          <p className="break-words">{slip.recipient.address}</p>
        </div>
        <div
          className="slip-qr h-[26mm] w-[26mm] shrink-0"
          role="img"
          aria-label={t("slip.qr", { trackingCode: slip.trackingCode })}
          // The server drew it from the tracking code alone (server/couriers/qr-code.ts): no text of anyone's.
          dangerouslySetInnerHTML={{ __html: slip.qrSvg }}
        />
      </div>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 border-y border-stone-400 py-1 text-[9pt] leading-tight">
        <dt>{t("slip.invoice")}</dt>
        <dd className="font-mono font-semibold">{slip.invoice}</dd>
        <dt>{t("slip.courier")}</dt>
        <dd>{t(`parcel.couriers.${slip.courier}`)}</dd>
        <dt>{t("slip.trackingCode")}</dt>
        <dd className="font-mono font-semibold" data-testid="slip-tracking-code">
          {slip.trackingCode}
        </dd>
      </dl>
      <table className="mt-1 w-full text-[8pt] leading-tight">
        <caption className="text-left font-semibold">{t("slip.items")}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("slip.items")}</th>
            <th scope="col">{t("slip.quantity")}</th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.slice(0, MAX_LINES).map((line, i) => (
            <tr key={i} className="border-b border-stone-200">
              <td className="py-0.5 pr-2">{lineName(line)}</td>
              <td className="py-0.5 text-right whitespace-nowrap">{format.pieces(line.quantity)}</td>
            </tr>
          ))}
          {more > 0 ? (
            <tr>
              <td colSpan={2} className="py-0.5">
                +{format.count(more)}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p
        className="mt-auto border-2 border-stone-900 px-2 py-1 text-center text-[12pt] font-bold"
        data-testid="slip-collect"
      >
        {slip.collectPoisha > 0 ? `${t("slip.collect")}: ${format.money(slip.collectPoisha)}` : t("slip.paid")}
      </p>
    </article>
  );
}
