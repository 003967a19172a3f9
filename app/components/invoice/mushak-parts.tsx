import { useFormat } from "~/i18n/use-format";
import { useMushakT } from "~/i18n/use-mushak-t";
import { inPageDigits } from "@shared/mushak";
import { shopDay } from "@shared/shop-time";
import type { InvoiceView, MushakView } from "@shared/views";

/** The form's name and title, as NBR's Mushak-6.3 heads it. */
export function MushakTitle() {
  const { t } = useMushakT();
  return (
    <>
      <span className="block text-sm font-semibold tracking-normal normal-case" data-testid="mushak-form">
        {t("mushak.form")}
      </span>
      {t("mushak.title")}
      <span className="block text-xs font-normal tracking-normal normal-case">{t("mushak.rule")}</span>
    </>
  );
}

/**
 * The registered seller's name, BIN and address of issue, the buyer's BIN when they gave one, and the serial with the
 * date and time of issue (the shop's clock, Dhaka), each under the form's own label. The buyer's name and the
 * destination are the invoice's own (InvoiceParties).
 */
export function MushakParties({ invoice, mushak }: { invoice: InvoiceView; mushak: MushakView }) {
  const { t, language } = useMushakT();
  const format = useFormat();
  const { shop } = invoice;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <div className="mt-6 grid gap-6 text-sm sm:grid-cols-2 print:grid-cols-2" data-testid="mushak-parties">
      <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1">
        {row(t("mushak.seller"), shop.name)}
        {shop.bin ? row(t("mushak.sellerBin"), inPageDigits(shop.bin, language), "mushak-seller-bin") : null}
        {shop.address ? row(t("mushak.sellerAddress"), shop.address) : null}
        {mushak.buyerBin
          ? row(t("mushak.buyerBin"), inPageDigits(mushak.buyerBin, language), "mushak-buyer-bin")
          : null}
      </dl>
      <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1">
        {row(
          t("mushak.serial"),
          <span className="font-mono font-semibold">{inPageDigits(mushak.serial, language)}</span>,
          "mushak-serial",
        )}
        {row(t("mushak.issuedOn"), format.day(shopDay(new Date(mushak.issuedAt)), true))}
        {row(t("mushak.issuedAt"), format.time(mushak.issuedAt), "mushak-issued-at")}
      </dl>
    </div>
  );
}

/** Quantity, price, value without VAT, rate, VAT and value with it: per line, for delivery, and in total. */
export function MushakLines({
  mushak,
  lines,
}: {
  mushak: MushakView;
  /** The invoice's lines, each named in the page's language, in the order of `mushak.lines`. */
  lines: { name: string; quantity: number; pricePoisha: number }[];
}) {
  const { t } = useMushakT();
  const format = useFormat();
  const rate = `${format.count(mushak.ratePercent)}%`;
  const right = "px-2 py-2 text-right whitespace-nowrap print:py-1";
  const figures = (split: MushakView["total"]) => (
    <>
      <td className={right}>{format.money(split.valuePoisha)}</td>
      <td className={right}>{rate}</td>
      <td className={right}>{format.money(split.vatPoisha)}</td>
      <td className={`${right} pr-0`}>{format.money(split.amountPoisha)}</td>
    </>
  );
  return (
    <div className="mt-8 overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm" data-testid="mushak-lines">
        <caption className="sr-only">{t("mushak.lines")}</caption>
        <thead>
          <tr className="border-b-2 border-wood-900 text-wood-900">
            <th scope="col" className="py-2 pr-2">
              {t("mushak.product")}
            </th>
            {(
              [
                "mushak.quantity",
                "mushak.unitPrice",
                "mushak.value",
                "mushak.rate",
                "mushak.vat",
                "mushak.withVat",
              ] as const
            ).map((key) => (
              <th key={key} scope="col" className="px-2 py-2 text-right">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className="border-b border-wood-100" data-testid="mushak-line">
              <td className="py-2 pr-2 print:py-1">{line.name}</td>
              <td className={right}>{format.pieces(line.quantity)}</td>
              <td className={right}>{format.money(line.pricePoisha)}</td>
              {figures(mushak.lines[i]!)}
            </tr>
          ))}
          <tr className="border-b border-wood-100" data-testid="mushak-delivery">
            <td colSpan={3} className="py-2 pr-2">
              {t("mushak.delivery")}
            </td>
            {figures(mushak.delivery)}
          </tr>
        </tbody>
        <tfoot>
          <tr className="font-bold text-wood-900" data-testid="mushak-total">
            <th scope="row" colSpan={3} className="py-2 pr-2 text-right">
              {t("mushak.total")}
            </th>
            {figures(mushak.total)}
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-xs text-stone-600">{t("mushak.note", { rate })}</p>
    </div>
  );
}
