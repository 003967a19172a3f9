import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { isRouteErrorResponse, Link, redirect } from "react-router";
import { chooseCashOnDelivery, myOrder, setDelivery } from "@server/orders";
import { startGatewayPayment } from "@server/payments";
import { myProfile } from "@server/accounts";
import { M } from "@shared/messages";
import type { OrderView } from "@shared/views";
import { orderLines, useOrderNames } from "~/components/order/order-lines";
import { OrderNotes } from "~/components/order/order-notes";
import { OrderPicture } from "~/components/order/order-picture";
import { Panel } from "~/components/ui/panel";
import { HoldNotice, minutesLeft } from "~/components/payment/hold-notice";
import { PaymentCard } from "~/components/payment/payment-card";
import { useMessage } from "~/i18n/use-message";
import { useClock } from "~/lib/use-clock";
import { formOf, formText, typedValues } from "~/door/form-input.server";
import { act, load, unknownIntent } from "~/door/page-door.server";
import { orderView } from "~/door/views.server";
import { OrderNotFound } from "~/components/order/order-not-found";
import { PhoneCodeForm } from "~/components/order/phone-code-form";
import { phoneCodeAction } from "~/door/phone-code-actions.server";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "payment.title") }];

export async function loader(args: Route.LoaderArgs) {
  const { order, user, profile, mushakRate } = await load(args, async (ctx) => ({
    order: await myOrder(ctx, args.params.orderId),
    ...(await myProfile(ctx)),
    mushakRate: ctx.mushakRate,
  }));
  const { services } = args.context;
  return {
    order: orderView(order),
    payment: services.payments?.browser ?? null,
    gateway: services.gateway ? ("sslcommerz" as const) : null,
    // The buyer confirms a cash-on-delivery order with the code sent to its phone (COD_VERIFY_PHONE).
    phoneCodes: services.phoneCodes !== null,
    gatewayResult: new URL(args.request.url).searchParams.get("gateway"),
    profileDelivery: { name: user.name, phone: profile.number, address: profile.location },
    // The buyer's BIN is only for a Mushak-6.3, which only a VAT-registered shop issues: no field otherwise.
    buyerBin: mushakRate === null ? null : { kept: order.order.buyerBin },
    // The hold's minutes are counted from the server's clock first, so the page hydrates with the same text.
    now: new Date().toISOString(),
  };
}

/** Pay Order's steps that need no card form: where the order goes, cash on delivery, off to the gateway. */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const { orderId } = args.params;
  switch (form.get("intent")) {
    case "delivery": {
      const delivery = Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, formText(form.get(field))]));
      // Only a VAT-registered shop's form has the BIN field: without it, the order keeps its BIN; empty, none.
      const buyerBin = formText(form.get("buyerBin"));
      return act(
        args,
        (ctx) => setDelivery(ctx, orderId, { ...delivery, buyerBin }),
        () => ({}),
        { fields: true, values: typedValues(form) },
      );
    }
    case "cod":
      return act(
        args,
        (ctx) => chooseCashOnDelivery(ctx, orderId),
        () => ({}),
      );
    case "gateway":
      return act(
        args,
        (ctx) => startGatewayPayment(ctx, { orderId }),
        (started) => redirect(started.kind === "redirect" ? started.url : `/dashboard/payment/${orderId}`),
      );
    case "phone-code":
    case "phone-code-again":
      return phoneCodeAction(args, form, orderId);
    default:
      return unknownIntent();
  }
}

const DELIVERY_FIELDS = ["name", "phone", "division", "district", "address"] as const;

/**
 * Spec §2 Pay Order: the order on the left (every line, the goods' total, and with a delivery charge, the charge and
 * the total a payment takes), the card form on the right.
 */
export default function PayOrder({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { order, payment, gateway, gatewayResult, profileDelivery } = loaderData;
  const { t } = useT();
  const format = useFormat();
  const { title, lineName } = useOrderNames();
  const lines = orderLines(order);
  const now = useClock(loaderData.now);
  const holding = order.status === "unpaid" && order.expiresAt !== null;
  const ranOut = holding && minutesLeft(order.expiresAt!, now) === 0;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("payment.title")}</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Panel as="article">
          <OrderPicture order={order} />
          <p className="mt-4 font-semibold text-forest-700">
            {t("payment.hello", { name: order.buyerName || order.buyerEmail })}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-wood-900">{t("payment.payFor", { product: title(order) })}</h3>
          {lines.length > 1 ? (
            // Each line on a row of its own: the product, its pieces at its price, and its amount.
            <ul className="mt-3 divide-y divide-wood-100 text-sm text-stone-700" aria-label={t("payment.lines")}>
              {lines.map((line, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-x-3 py-1">
                  <span className="font-semibold text-wood-900">{lineName(line)}</span>
                  <span className="whitespace-nowrap">
                    {format.pieces(line.quantity)} × {format.money(line.pricePoisha)} ={" "}
                    {format.money(line.amountPoisha)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
            {lines.length === 1 ? (
              <>
                <dt>{t("payment.productPrice")}</dt>
                <dd>{format.money(order.pricePoisha)}</dd>
                <dt>{t("payment.quantity")}</dt>
                <dd>{format.pieces(order.quantity)}</dd>
              </>
            ) : null}
            <dt className={order.deliveryChargePoisha > 0 ? "" : "font-semibold text-wood-900"}>
              {t("payment.payable")}
            </dt>
            <dd className={order.deliveryChargePoisha > 0 ? "" : "font-semibold text-wood-900"}>
              {format.money(order.payablePoisha)}
            </dd>
            {order.deliveryChargePoisha > 0 ? (
              // Without a delivery charge the goods' total is what a payment takes, said once.
              <>
                <dt>{t("payment.deliveryCharge")}</dt>
                <dd>{format.money(order.deliveryChargePoisha)}</dd>
                <dt className="font-semibold text-wood-900">{t("payment.total")}</dt>
                <dd className="font-semibold text-wood-900" data-testid="payment-total">
                  {format.money(order.totalPoisha)}
                </dd>
              </>
            ) : null}
            {order.advancePoisha > 0 ? (
              <>
                <dt>{t("payment.advanceNow")}</dt>
                <dd data-testid="payment-advance">{format.money(order.advancePoisha)}</dd>
                <dt>{t("payment.advanceRest")}</dt>
                <dd>{format.money(order.totalPoisha - order.advancePoisha)}</dd>
              </>
            ) : null}
          </dl>
          {holding ? <HoldNotice expiresAt={order.expiresAt!} now={now} /> : null}
        </Panel>
        <Panel as="article">
          {order.status === "expired" || order.status === "cancelled" || ranOut ? (
            <Closed order={order} phoneCodes={loaderData.phoneCodes} />
          ) : (
            <PaymentCard
              order={order}
              config={payment}
              gateway={gateway}
              gatewayResult={gatewayResult}
              profileDelivery={profileDelivery}
              buyerBin={loaderData.buyerBin}
              phoneCodes={loaderData.phoneCodes}
            />
          )}
          {loaderData.phoneCodes && order.awaitingConfirmation && order.delivery ? (
            <PhoneCodeForm phone={order.delivery.phone} />
          ) : null}
        </Panel>
      </div>
    </section>
  );
}

/**
 * An order that can no longer be paid: it expired (or its hold ran out while the page was open, which the server's
 * expiry will record in a moment), or the shop cancelled it. Whatever money it took is to be refunded, said here.
 */
function Closed({ order, phoneCodes }: { order: OrderView; phoneCodes: boolean }) {
  const { t } = useT();
  const say = useMessage();
  const said = order.status === "cancelled" ? M.order.cancelled_not_payable : M.order.expired_not_payable;
  return (
    <div role="alert" className="space-y-2">
      <p className="text-lg font-semibold text-wood-900">{say(said)}</p>
      <OrderNotes order={order} mine phoneCodes={phoneCodes} />
      <p className="flex flex-wrap gap-4">
        <Link to={`/dashboard/order/${order.id}`} className="font-semibold text-forest-700 underline">
          {t("payment.orderDetails")}
        </Link>
        <Link to="/dashboard/orders" className="font-semibold text-forest-700 underline">
          {t("payment.backToOrders")}
        </Link>
      </p>
    </div>
  );
}

/** An unknown, cancelled or someone else's order: said inside the dashboard, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <OrderNotFound title="payment.title" said="payment.notFound" back="payment.backToOrders" />;
}
