import { metaTexts } from "~/i18n/meta";
import { pageText, usePageT } from "~/i18n/use-page-t";
import { useT } from "~/i18n/use-t";
import { pageTitle } from "~/lib/site";
import { useFormat } from "~/i18n/use-format";
import { data, Link } from "react-router";
import { shopOverview, type Overview } from "@server/overview";
import { ORDER_STATUSES, type OrderStatus } from "@shared/order-flow";
import { paramsOf } from "@shared/list-page";
import { OVERVIEW_DAYS, OVERVIEW_PARAMS } from "@shared/list-choices";
import { ChartFigure, FigureTable, Folded, headCell, numberCell, rowClass } from "~/components/overview/chart-figure";
import { DayBars, Legend } from "~/components/overview/day-bars";
import { ShareBars } from "~/components/overview/share-bars";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { listOrRefusal } from "~/door/list-refusal.server";
import { load } from "~/door/page-door.server";
import { useMessage } from "~/i18n/use-message";
import { usePayoutsT } from "~/i18n/use-payouts-t";
import { SALES_RATE_DAYS } from "@shared/stock-ledger";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "overview.title")) },
];

export async function loader(args: Route.LoaderArgs) {
  const params = paramsOf(new URL(args.request.url).searchParams, OVERVIEW_PARAMS);
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  const { list, refused } = await load(args, (ctx) => listOrRefusal(() => shopOverview(ctx, params)));
  return data({ overview: list, refused }, { status: refused ? 400 : 200 });
}

const STATUS_COLOR: Record<OrderStatus, string> = {
  unpaid: "#d9a86c",
  paid: "#1f5f4a",
  cod: "#b45309",
  shipped: "#0369a1",
  delivered: "#65a30d",
  returned: "#be123c",
  cancelled: "#a8a29e",
  expired: "#57534e",
};
const METHOD_COLOR: Record<string, string> = {
  test: "#b07a45",
  stripe: "#4f46e5",
  sslcommerz: "#0369a1",
  cod: "#1f5f4a",
};

const linkClass = "font-semibold text-forest-700 underline decoration-wood-300 hover:text-forest-800";

/**
 * The admins' overview: for the last 7, 30 or 90 of the shop's days (links, so it works without JavaScript), the
 * money kept and the orders placed per day, the best-selling products and how buyers paid, each a drawing with a
 * table of its numbers; and, whatever the period, the cash still to collect, the refunds due and the products
 * running low.
 */
export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const { overview, refused } = loaderData;
  const { t: tp } = usePageT();
  const say = useMessage();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{tp("overview.title")}</h2>
      <PeriodLinks current={overview?.days ?? null} />
      {refused ? (
        <Notice tone="refusal">
          <span className="font-semibold">{tp("overview.refused")}:</span> {say(refused)}
        </Notice>
      ) : null}
      {overview ? <Figures overview={overview} /> : null}
    </section>
  );
}

function PeriodLinks({ current }: { current: number | null }) {
  const { t: tp } = usePageT();
  const format = useFormat();
  return (
    <nav aria-label={tp("overview.periods")} className="mt-3">
      <ul className="flex flex-wrap gap-2">
        {OVERVIEW_DAYS.map((days) => (
          <li key={days}>
            <Link
              to={`?days=${days}`}
              aria-current={days === current ? "page" : undefined}
              className={`inline-block rounded-md border px-3 py-1.5 text-sm font-semibold ${
                days === current
                  ? "border-forest-700 bg-forest-700 text-white"
                  : "border-wood-300 bg-white text-forest-700 hover:bg-wood-100"
              }`}
            >
              {tp("overview.lastDays", { days: format.count(days) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { t } = useT();
  const tp = usePageT().t;
  const format = useFormat();
  const { revenue, orders, top, methods, period } = overview;
  const kept = revenue.reduce((sum, d) => sum + d.poisha, 0);
  const placed = orders.reduce((sum, d) => sum + ORDER_STATUSES.reduce((n, s) => n + d.byStatus[s], 0), 0);
  // The statuses the period's orders are in: the table and the legend leave out the others.
  const statuses = ORDER_STATUSES.filter((s) => orders.some((d) => d.byStatus[s] > 0));
  const methodTotal = methods.reduce((sum, m) => sum + m.poisha, 0);
  const percent = (part: number) => `${format.count(Math.round((part / Math.max(1, methodTotal)) * 1000) / 10)}%`;
  const first = format.day(period.first);
  const last = format.day(period.last);
  return (
    <>
      <p className="mt-2 text-sm text-stone-600" data-testid="overview-span">
        {tp("overview.span", { first: format.day(period.first, true), last: format.day(period.last, true) })}
      </p>

      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Tile label={tp("overview.revenueTotal")} value={format.money(kept)} testId="tile-revenue" />
        <Tile label={tp("overview.ordersTotal")} value={format.count(placed)} testId="tile-orders" />
        <Tile
          label={tp("overview.codToCollect")}
          value={format.money(overview.cashToCollect.poisha)}
          note={tp("overview.ordersCount", { n: format.count(overview.cashToCollect.count) })}
          link={{ to: "/dashboard/manageorder?status=cod", text: tp("overview.seeCod") }}
          testId="tile-cod"
        />
        <Tile
          label={tp("overview.refundsDue")}
          value={format.money(overview.refundsDue.poisha)}
          note={tp("overview.paymentsCount", { n: format.count(overview.refundsDue.count) })}
          link={{ to: "/dashboard/manageorder?status=refund-due", text: tp("overview.seeRefunds") }}
          testId="tile-refunds"
        />
        <Tile
          label={tp("overview.stockValue")}
          value={format.money(overview.stockValue.poisha)}
          note={tp("overview.stockPieces", { n: format.count(overview.stockValue.pieces) })}
          link={{ to: "/dashboard/stock", text: tp("overview.seeStock") }}
          testId="tile-stock"
        />
        <CourierTiles couriers={overview.couriers} />
      </dl>

      <div className="mt-6 grid grid-cols-1 gap-6">
        <ChartFigure
          id="revenue"
          caption={tp("overview.revenueChart")}
          empty={kept === 0 ? tp("overview.noRevenue") : null}
          chart={
            <DayBars
              bars={revenue.map((d) => ({
                day: d.day,
                parts: [d.poisha],
                title: `${format.day(d.day)}: ${format.money(d.poisha)}`,
              }))}
              colors={["#1f5f4a"]}
              topLabel={(max) => format.money(max)}
              firstLabel={first}
              lastLabel={last}
            />
          }
          table={
            <Folded summary={tp("overview.showNumbers")}>
              <FigureTable caption={tp("overview.revenueChart")} headers={[tp("overview.day"), tp("overview.amount")]}>
                {revenue.map((d) => (
                  <tr key={d.day} className={rowClass}>
                    <th scope="row" className={headCell}>
                      {format.day(d.day, true)}
                    </th>
                    <td className={numberCell}>{format.money(d.poisha)}</td>
                  </tr>
                ))}
              </FigureTable>
            </Folded>
          }
        />

        <ChartFigure
          id="orders"
          caption={tp("overview.ordersChart")}
          empty={placed === 0 ? tp("overview.noOrders") : null}
          chart={
            <>
              <DayBars
                bars={orders.map((d) => ({
                  day: d.day,
                  parts: statuses.map((s) => d.byStatus[s]),
                  title: `${format.day(d.day)}: ${statuses
                    .filter((s) => d.byStatus[s] > 0)
                    .map((s) => `${t(`states.${s}`)} ${format.count(d.byStatus[s])}`)
                    .join(", ")}`,
                }))}
                colors={statuses.map((s) => STATUS_COLOR[s])}
                topLabel={(max) => format.count(max)}
                firstLabel={first}
                lastLabel={last}
              />
              <Legend items={statuses.map((s) => ({ label: t(`states.${s}`), color: STATUS_COLOR[s] }))} />
            </>
          }
          table={
            <Folded summary={tp("overview.showNumbers")}>
              <FigureTable
                caption={tp("overview.ordersChart")}
                headers={[tp("overview.day"), ...statuses.map((s) => t(`states.${s}`)), tp("overview.total")]}
              >
                {orders.map((d) => (
                  <tr key={d.day} className={rowClass}>
                    <th scope="row" className={headCell}>
                      {format.day(d.day, true)}
                    </th>
                    {statuses.map((s) => (
                      <td key={s} className={numberCell}>
                        {format.count(d.byStatus[s])}
                      </td>
                    ))}
                    <td className={numberCell}>{format.count(statuses.reduce((n, s) => n + d.byStatus[s], 0))}</td>
                  </tr>
                ))}
              </FigureTable>
            </Folded>
          }
        />

        <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
          <ChartFigure
            id="top"
            caption={tp("overview.topChart")}
            empty={top.length === 0 ? tp("overview.noTop") : null}
            chart={
              <ShareBars
                bars={top.map((p) => ({
                  key: p.productId ?? `name:${p.name}`,
                  label: p.name,
                  value: p.poisha,
                  shown: format.money(p.poisha),
                }))}
              />
            }
            table={
              <FigureTable
                caption={tp("overview.topChart")}
                headers={[tp("overview.product"), tp("overview.amount"), tp("overview.pieces")]}
              >
                {top.map((p) => (
                  <tr key={p.productId ?? `name:${p.name}`} className={rowClass}>
                    <th scope="row" className={`${headCell} whitespace-normal`}>
                      {p.productId ? (
                        <Link to={`/detail/${p.productId}`} className={linkClass}>
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                    </th>
                    <td className={numberCell}>{format.money(p.poisha)}</td>
                    <td className={numberCell}>{format.count(p.pieces)}</td>
                  </tr>
                ))}
              </FigureTable>
            }
          />

          <ChartFigure
            id="methods"
            caption={tp("overview.methodsChart")}
            empty={methods.length === 0 ? tp("overview.noMethods") : null}
            chart={
              <ShareBars
                bars={methods.map((m) => ({
                  key: m.provider,
                  label: tp(`overview.methods.${m.provider}`),
                  value: m.poisha,
                  shown: `${percent(m.poisha)} · ${format.money(m.poisha)}`,
                  color: METHOD_COLOR[m.provider],
                }))}
              />
            }
            table={
              <FigureTable
                caption={tp("overview.methodsChart")}
                headers={[tp("overview.method"), tp("overview.payments"), tp("overview.amount"), tp("overview.share")]}
              >
                {methods.map((m) => (
                  <tr key={m.provider} className={rowClass}>
                    <th scope="row" className={headCell}>
                      {tp(`overview.methods.${m.provider}`)}
                    </th>
                    <td className={numberCell}>{format.count(m.payments)}</td>
                    <td className={numberCell}>{format.money(m.poisha)}</td>
                    <td className={numberCell}>{percent(m.poisha)}</td>
                  </tr>
                ))}
              </FigureTable>
            }
          />
        </div>

        <LowStock lowStock={overview.lowStock} />
      </div>
    </>
  );
}

function Tile({
  label,
  value,
  note,
  link,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  link?: { to: string; text: string };
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-wood-100 bg-white p-4 shadow-sm" data-testid={testId}>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-wood-900 tabular-nums">{value}</dd>
      {note ? <dd className="text-sm text-stone-600">{note}</dd> : null}
      {link ? (
        <dd className="mt-1 text-sm">
          <Link to={link.to} className={linkClass}>
            {link.text}
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

function LowStock({ lowStock }: { lowStock: Overview["lowStock"] }) {
  const { language } = useT();
  const { t: tp } = usePageT();
  const format = useFormat();
  return (
    <section
      aria-labelledby="low-stock"
      data-testid="low-stock"
      className="rounded-xl border border-wood-100 bg-white p-4 shadow-sm"
    >
      <h3 id="low-stock" className="font-semibold text-wood-900">
        {tp("overview.lowStock")}
        {lowStock.total > 0 ? (
          <span className="ml-2 text-sm font-normal text-stone-600">
            ({tp("overview.lowStockCount", { n: format.count(lowStock.total) })})
          </span>
        ) : null}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{tp("overview.lowStockNote")}</p>
      {lowStock.items.length === 0 ? (
        <p className="mt-3 rounded-md bg-wood-100 px-4 py-3 text-sm text-stone-700">{tp("overview.noLowStock")}</p>
      ) : (
        <FigureTable
          caption={tp("overview.lowStock")}
          headers={[
            tp("overview.product"),
            tp("overview.inStock"),
            tp("overview.line"),
            tp("overview.sold", { days: format.count(SALES_RATE_DAYS) }),
            tp("overview.daysLeft"),
          ]}
        >
          {lowStock.items.map((p) => (
            <tr key={p.id} className={rowClass}>
              <th scope="row" className={`${headCell} whitespace-normal`}>
                <Link to={`/dashboard/manageproduct/${p.id}`} className={linkClass}>
                  {(language === "bn" && p.nameBn) || p.name}
                </Link>
              </th>
              <td className={numberCell}>{format.pieces(p.availability)}</td>
              <td className={numberCell}>{format.pieces(p.line)}</td>
              <td className={numberCell}>{format.pieces(p.sold)}</td>
              <td className={numberCell}>
                {p.daysLeft === null
                  ? tp("overview.noSales")
                  : tp("overview.daysLeftValue", { n: format.count(p.daysLeft) })}
              </td>
            </tr>
          ))}
        </FigureTable>
      )}
      <Pager page={lowStock.page} total={lowStock.total} limit={lowStock.limit} />
    </section>
  );
}

/** Cash reconciled with couriers: what they hold, and the fees they kept from the period's payouts. */
function CourierTiles({ couriers }: { couriers: Overview["couriers"] }) {
  const { t } = usePayoutsT();
  const format = useFormat();
  const link = { to: "/dashboard/payouts", text: t("overviewCouriers.seePayouts") };
  return (
    <>
      <Tile
        label={t("overviewCouriers.held")}
        value={format.money(couriers.held.poisha)}
        note={t("overviewCouriers.heldNote", { n: format.count(couriers.held.count) })}
        link={link}
        testId="tile-courier-cash"
      />
      <Tile
        label={t("overviewCouriers.fees")}
        value={format.money(couriers.fees.poisha)}
        note={t("overviewCouriers.feesNote", { n: format.count(couriers.fees.count) })}
        testId="tile-courier-fees"
      />
    </>
  );
}
