import { Form, Link, useNavigation } from "react-router";
import { courierHeldParcels, courierPayouts, recordCourierPayout, type HeldParcel } from "@server/couriers";
import { AppError } from "@server/errors";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { M } from "@shared/messages";
import { COURIERS, type CourierName } from "@shared/parcels";
import { Button } from "~/components/ui/button";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { Field, fieldsFrom } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { formNumber, formOf, formText, typedValues } from "~/door/form-input.server";
import { act, load, succeeded, withRetryAfter } from "~/door/page-door.server";
import { metaTexts } from "~/i18n/meta";
import { payoutsText, usePayoutsT } from "~/i18n/use-payouts-t";
import { useFormat } from "~/i18n/use-format";
import { useMessage, type Said } from "~/i18n/use-message";
import { pageTitle } from "~/lib/site";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/payouts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(payoutsText(metaTexts(matches).language, "payoutsPage.title")) },
];

export const headers = withRetryAfter;

const courierOf = (url: URL): CourierName =>
  (COURIERS as readonly string[]).includes(url.searchParams.get("courier") ?? "")
    ? (url.searchParams.get("courier") as CourierName)
    : COURIERS[0];

/**
 * Cash reconciled (issue 31): the parcels whose cash a courier holds, the oldest first, to tick against its
 * statement; the payout recorded when the amounts add up; and the payouts recorded before.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const courier = courierOf(url);
  return load(args, async (ctx) => {
    const [held, payouts] = await Promise.all([
      courierHeldParcels(ctx, { courier, page: url.searchParams.get("page") ?? undefined }, 100),
      courierPayouts(ctx, {}, 20),
    ]);
    const { items, ...page } = held;
    return {
      courier,
      parcels: items.map(parcelView),
      page,
      payouts: payouts.items.map((p) => ({
        id: p.id,
        courier: p.courier,
        amountPoisha: p.amountPoisha,
        feePoisha: p.feePoisha,
        reference: p.reference,
        parcels: p.parcels,
        at: p.createdAt.toISOString(),
      })),
    };
  });
}

const parcelView = (p: HeldParcel) => ({
  orderId: p.orderId,
  invoice: p.invoiceNumber === null ? p.orderId.slice(0, 8) : formatInvoiceNumber(p.invoiceNumber),
  trackingCode: p.trackingCode,
  state: p.state as keyof typeof STATE_KEYS,
  collectedPoisha: p.collectedPoisha,
  feePoisha: p.feePoisha,
  since: p.collectedAt?.toISOString() ?? null,
});

const STATE_KEYS = {
  booking: "payoutsPage.states.booking",
  booked: "payoutsPage.states.booked",
  in_transit: "payoutsPage.states.in_transit",
  hold: "payoutsPage.states.hold",
  delivered: "payoutsPage.states.delivered",
  partly_delivered: "payoutsPage.states.partly_delivered",
  returned: "payoutsPage.states.returned",
  cancelled: "payoutsPage.states.cancelled",
} as const;

/** A payout's refusals that concern a field are shown beside it: which orders, or what the amount should be. */
const FIELD_OF: Partial<Record<string, string>> = {
  [M.payout.not_payable]: "orders",
  [M.payout.does_not_add_up]: "amount",
};

function besideItsField(err: unknown): unknown {
  if (!(err instanceof AppError) || err.issues.length > 0) return err;
  const field = FIELD_OF[err.code];
  if (!field) return err;
  return new AppError(err.kind, err.code, { params: err.params, issues: [{ field, ...err.detail }] });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const orders = form.getAll("orders").map((o) => formText(o) ?? "");
  const payout = {
    courier: formText(form.get("courier")),
    orders,
    amount: formNumber(form.get("amount")),
    reference: formText(form.get("reference")),
  };
  return act(
    args,
    async (ctx) => {
      try {
        return await recordCourierPayout(ctx, payout);
      } catch (err) {
        throw besideItsField(err);
      }
    },
    () => succeeded(M.payout.recorded),
    { fields: true, values: { ...typedValues(form), orders: orders.join(" ") } },
  );
}

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { t } = usePayoutsT();
  const { courier, parcels, page, payouts } = loaderData;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("payoutsPage.title")}</h2>
      <p className="mt-1 max-w-3xl text-stone-600">{t("payoutsPage.lead")}</p>
      <nav aria-label={t("payoutsPage.couriers")} className="mt-4 flex gap-2">
        {COURIERS.map((c) => (
          <Link
            key={c}
            to={`/dashboard/payouts?courier=${c}`}
            aria-current={c === courier ? "page" : undefined}
            className="rounded-full border border-wood-200 px-3 py-1 text-sm font-semibold text-forest-800 aria-[current=page]:bg-forest-700 aria-[current=page]:text-white"
          >
            {t(`payoutsPage.courier.${c}`)}
          </Link>
        ))}
      </nav>
      {/* A new form after each payout recorded, so its fields start empty again. */}
      <HeldParcels key={payouts[0]?.id ?? 0} courier={courier} parcels={parcels} answer={actionData} />
      <Pager {...page} />
      <RecordedPayouts payouts={payouts} />
    </section>
  );
}

type ParcelRow = ReturnType<typeof parcelView>;

function HeldParcels({
  courier,
  parcels,
  answer,
}: {
  courier: CourierName;
  parcels: ParcelRow[];
  answer: ActionResult | undefined;
}) {
  const { t } = usePayoutsT();
  const format = useFormat();
  const busy = useNavigation().state === "submitting";
  const field = fieldsFrom<"amount" | "reference" | "orders">(answer);
  const chosen = new Set((answer?.values?.["orders"] ?? "").split(" ").filter(Boolean));
  const courierName = t(`payoutsPage.courier.${courier}`);
  if (parcels.length === 0) return <Notice>{t("payoutsPage.none", { courier: courierName })}</Notice>;
  const collected = parcels.reduce((sum, p) => sum + p.collectedPoisha, 0);
  const fee = parcels.reduce((sum, p) => sum + p.feePoisha, 0);
  const ordersError = field("orders").error;
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="courier" value={courier} />
      <h3 className="text-lg font-semibold text-wood-900">{t("payoutsPage.held", { courier: courierName })}</h3>
      <p className="mt-1 text-sm text-stone-700" data-testid="held-total">
        {t("payoutsPage.heldTotal", {
          count: format.count(parcels.length),
          net: format.money(collected - fee),
          collected: format.money(collected),
          fee: format.money(fee),
        })}
      </p>
      <DataTable
        headers={[
          t("payoutsPage.choose"),
          t("payoutsPage.invoice"),
          t("payoutsPage.tracking"),
          t("payoutsPage.state"),
          t("payoutsPage.collected"),
          t("payoutsPage.fee"),
          t("payoutsPage.net"),
          t("payoutsPage.since"),
        ]}
        minWidth={760}
      >
        {parcels.map((p) => (
          <tr key={p.orderId} className={rowClass}>
            <Cell>
              <input
                type="checkbox"
                name="orders"
                value={p.orderId}
                defaultChecked={chosen.has(p.orderId)}
                aria-label={t("payoutsPage.chooseOne", { invoice: p.invoice })}
                aria-describedby={ordersError ? "orders-error" : undefined}
                className="size-5"
              />
            </Cell>
            <Cell className="whitespace-nowrap font-semibold">
              <Link to={`/dashboard/order/${p.orderId}`} className="text-forest-700 underline">
                {p.invoice}
              </Link>
            </Cell>
            <Cell className="whitespace-nowrap">{p.trackingCode}</Cell>
            <Cell>{t(STATE_KEYS[p.state])}</Cell>
            <Cell className="whitespace-nowrap tabular-nums">{format.money(p.collectedPoisha)}</Cell>
            <Cell className="whitespace-nowrap tabular-nums">{format.money(p.feePoisha)}</Cell>
            <Cell className="whitespace-nowrap font-semibold tabular-nums">
              {format.money(p.collectedPoisha - p.feePoisha)}
            </Cell>
            <Cell className="whitespace-nowrap">{p.since ? format.dateTime(p.since) : ""}</Cell>
          </tr>
        ))}
      </DataTable>
      {ordersError ? <OrdersRefusal said={ordersError} /> : null}
      <div className="mt-4 grid max-w-xl gap-3 rounded-xl border border-wood-100 bg-white p-4 shadow-sm sm:grid-cols-2">
        <Field
          label={t("payoutsPage.amount")}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          required
          {...field("amount")}
        />
        <Field label={t("payoutsPage.reference")} maxLength={100} {...field("reference")} />
      </div>
      <Button type="submit" className="mt-4" disabled={busy}>
        {t("payoutsPage.record")}
      </Button>
    </Form>
  );
}

/** Which orders a refused payout named: beside the table of parcels, where they are ticked. */
function OrdersRefusal({ said }: { said: Said }) {
  const message = useMessage();
  return (
    <p id="orders-error" className="mt-2 rounded-md bg-white p-2 text-sm text-red-700" role="alert">
      {message(said)}
    </p>
  );
}

function RecordedPayouts({ payouts }: { payouts: Route.ComponentProps["loaderData"]["payouts"] }) {
  const { t } = usePayoutsT();
  const format = useFormat();
  return (
    <>
      <h3 className="mt-8 text-lg font-semibold text-wood-900">{t("payoutsPage.recorded")}</h3>
      {payouts.length === 0 ? (
        <Notice>{t("payoutsPage.noPayouts")}</Notice>
      ) : (
        <DataTable
          headers={[
            t("payoutsPage.when"),
            t("payoutsPage.couriers"),
            t("payoutsPage.parcels"),
            t("payoutsPage.net"),
            t("payoutsPage.fee"),
            t("payoutsPage.reference"),
          ]}
          minWidth={640}
        >
          {payouts.map((p) => (
            <tr key={p.id} className={rowClass} data-testid="payout-row">
              <Cell className="whitespace-nowrap">{format.dateTime(p.at)}</Cell>
              <Cell>{t(`payoutsPage.courier.${p.courier}`)}</Cell>
              <Cell className="tabular-nums">{format.count(p.parcels)}</Cell>
              <Cell className="whitespace-nowrap font-semibold tabular-nums">{format.money(p.amountPoisha)}</Cell>
              <Cell className="whitespace-nowrap tabular-nums">{format.money(p.feePoisha)}</Cell>
              <Cell>{p.reference}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
