import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { Form, isRouteErrorResponse, Link } from "react-router";
import { confirmOrder, orderDetail } from "@server/orders";
import { courierNames, orderParcel } from "@server/couriers";
import { M } from "@shared/messages";
import type { OrderView } from "@shared/views";
import { BuyerRecord } from "~/components/order/buyer-record";
import { CancelDialog } from "~/components/order/cancel-dialog";
import { OrderHistory } from "~/components/order/order-history";
import { useOrderNames } from "~/components/order/order-lines";
import { OrderLinesTable } from "~/components/order/order-lines-table";
import { OrderNotes } from "~/components/order/order-notes";
import { OrderPicture } from "~/components/order/order-picture";
import { RefundMarker } from "~/components/order/refund-marker";
import { StatusBadge } from "~/components/order/status-badge";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Panel } from "~/components/ui/panel";
import { formOf } from "~/door/form-input.server";
import { shopCancels, shopRefunds } from "~/door/shop-order-actions.server";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { orderDetailView } from "~/door/views.server";
import { useActionToast } from "~/lib/use-action-toast";
import { OrderNotFound } from "~/components/order/order-not-found";
import { PhoneCodeForm } from "~/components/order/phone-code-form";
import { phoneCodeAction } from "~/door/phone-code-actions.server";
import { BookCourierForm, mayBook } from "~/components/parcel/book-courier-form";
import { RecordParcelForm } from "~/components/parcel/record-parcel-form";
import { ParcelPanel } from "~/components/parcel/parcel-panel";
import { ReceiveBack } from "~/components/parcel/receive-back";
import { booksCourier, parcelView, receivesBack, recordsParcel, type BookingAnswer } from "~/door/parcel-door.server";
import { useParcelT } from "~/i18n/use-parcel-t";
import { useMessage } from "~/i18n/use-message";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "order.title") }];

/** The buyer's own order, or any order for an admin, with every line of it and its history. */
export async function loader(args: Route.LoaderArgs) {
  const { detail, mine, admin, parcel, couriers } = await load(args, async (ctx, actor) => {
    const detail = await orderDetail(ctx, args.params.orderId);
    const admin = actor?.role === "admin";
    const parcel = await orderParcel(ctx, args.params.orderId);
    return {
      detail,
      mine: detail.order.buyerId === actor?.id,
      admin,
      parcel,
      couriers: admin ? courierNames(ctx) : [],
    };
  });
  return {
    ...orderDetailView(detail),
    mine,
    admin,
    parcel: parcelView(parcel),
    couriers,
    // The buyer confirms a cash-on-delivery order with the code sent to its phone (COD_VERIFY_PHONE).
    phoneCodes: args.context.services.phoneCodes !== null,
  };
}

/**
 * An admin confirms a cash-on-delivery order (having called its buyer), cancels (with a reason the buyer is shown)
 * or refunds; the server decides whether they may.
 */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const { orderId } = args.params;
  switch (form.get("intent")) {
    case "confirm":
      return act(
        args,
        (ctx) => confirmOrder(ctx, orderId),
        () => succeeded(M.order.confirmed),
      );
    case "cancel":
      return shopCancels(args, form, orderId);
    case "refund":
      return shopRefunds(args, orderId);
    case "book":
      return booksCourier(args, form, [orderId]);
    case "record":
      return recordsParcel(args, form, orderId);
    case "received_back":
      return receivesBack(args, form, orderId);
    case "phone-code":
    case "phone-code-again":
      return phoneCodeAction(args, form, orderId);
    default:
      return unknownIntent();
  }
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { order, history, mine, admin, parcel, couriers } = loaderData;
  const { t } = useT();
  const format = useFormat();
  const { title } = useOrderNames();
  const back = mine || !admin ? "/dashboard/orders" : "/dashboard/manageorder";
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold text-wood-900">{t("order.title")}</h2>
        <div className="flex flex-wrap gap-4">
          <Link to={`/dashboard/orders/${order.id}/invoice`} className="font-semibold text-forest-700 underline">
            {t("invoice.viewInvoice")}
          </Link>
          <Link to={back} className="font-semibold text-forest-700 underline">
            {t(mine || !admin ? "order.backToOrders" : "order.backToManage")}
          </Link>
        </div>
      </div>
      <Panel className="mt-4">
        <OrderLinesTable order={order} />
      </Panel>
      <div className="mt-6 grid gap-6 md:grid-cols-[2fr_3fr]">
        <Panel as="article">
          <OrderPicture order={order} />
          <h3 className="mt-4 text-lg font-semibold text-wood-900">{title(order)}</h3>
          <p className="text-sm text-stone-600">{t("order.placedOn", { time: format.dateTime(order.createdAt) })}</p>
          <OrderFacts order={order} showBuyer={!mine} />
          <OrderNotes order={order} mine={mine} phoneCodes={loaderData.phoneCodes} />
          {mine && loaderData.phoneCodes && order.awaitingConfirmation && order.delivery ? (
            <PhoneCodeForm phone={order.delivery.phone} />
          ) : null}
          <HoldLine order={order} />
          <OrderActions order={order} admin={admin} />
          {admin && mayBook(order, couriers) ? (
            <>
              <CourierBooking orderId={order.id} couriers={couriers} answer={actionData} />
              <RecordParcelForm couriers={couriers} />
            </>
          ) : null}
          {admin ? <ReceiveBack order={order} parcel={parcel} /> : null}
          {parcel ? <ParcelPanel parcel={parcel} orderId={order.id} admin={admin} /> : null}
        </Panel>
        <Panel as="article">
          <h3 className="text-lg font-semibold text-wood-900">{t("order.history")}</h3>
          <OrderHistory history={history} mine={mine} />
        </Panel>
      </div>
    </section>
  );
}

function OrderFacts({ order, showBuyer }: { order: OrderView; showBuyer: boolean }) {
  const { t } = useT();
  const { delivery } = order;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
      {showBuyer ? (
        <>
          <dt>{t("order.buyer")}</dt>
          <dd className="break-all">
            {order.buyerName ? `${order.buyerName} · ` : ""}
            {order.buyerEmail}
          </dd>
        </>
      ) : null}
      <dt>{t("order.state")}</dt>
      <dd className="flex flex-wrap gap-2" data-testid="order-state">
        <StatusBadge status={order.status} />
        <RefundMarker refund={order.refund} />
      </dd>
      <dt>{t("order.deliverTo")}</dt>
      <dd className="text-sm">
        {delivery ? (
          <>
            <span className="font-semibold">{delivery.name}</span>, {delivery.phone}
            <br />
            {delivery.address}, {delivery.district}, {delivery.division}
            <BuyerRecord record={order.record} />
          </>
        ) : (
          <span className="text-stone-500">{t("order.notGiven")}</span>
        )}
      </dd>
      {order.transactionId ? (
        <>
          <dt>{t("order.transaction")}</dt>
          <dd className="font-mono text-sm break-all">{order.transactionId}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A booking the courier refused, or never answered, may be a parcel it holds already: "Booked in the courier's portal". */
const MAYBE_IN_PORTAL = new Set<string>([M.courier.refused, M.courier.silent]);

/**
 * "Book courier", with the courier's refusal beside it when it refused (a page without JavaScript shows no toast),
 * pointing to the form below when the parcel may be in the courier's portal already.
 */
function CourierBooking({
  orderId,
  couriers,
  answer,
}: {
  orderId: string;
  couriers: Route.ComponentProps["loaderData"]["couriers"];
  answer: unknown;
}) {
  const say = useMessage();
  const { t } = useParcelT();
  const refused = (answer as BookingAnswer | undefined)?.bookings?.find((b) => b.orderId === orderId)?.refused;
  return (
    <div className="mt-4">
      <BookCourierForm orderId={orderId} couriers={couriers} />
      {refused ? (
        <p role="alert" className="mt-2 text-sm text-red-800" data-testid="booking-refused">
          {say(refused)}
        </p>
      ) : null}
      {refused && MAYBE_IN_PORTAL.has(refused.code) ? (
        <p className="mt-1 text-sm text-stone-700" data-testid="record-instead">
          {t("parcel.recordInstead")}
        </p>
      ) : null}
    </div>
  );
}

/** When an unpaid order lets go of its stock, or when it did (a cash-on-delivery order's wait: OrderNotes). */
function HoldLine({ order }: { order: OrderView }) {
  const { t } = useT();
  const format = useFormat();
  if (!order.expiresAt || order.awaitingConfirmation) return null;
  const time = format.dateTime(order.expiresAt);
  return (
    <p className="mt-3 rounded-md bg-wood-100 px-3 py-2 text-sm text-stone-700">
      {order.status === "expired" ? t("order.holdRanOut", { time }) : t("order.holdsUntil", { time })}
    </p>
  );
}

/** What the viewer may do now: exactly the actions the server listed. */
function OrderActions({ order, admin }: { order: OrderView; admin: boolean }) {
  const { t } = useT();
  const format = useFormat();
  const { title } = useOrderNames();
  const can = (action: OrderView["actions"][number]) => order.actions.includes(action);
  const payable = can("pay") || can("set_delivery");
  if (!payable && !can("cancel") && !can("refund") && !can("confirm")) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {can("confirm") ? (
        <Form method="post">
          <input type="hidden" name="orderId" value={order.id} />
          <Button type="submit" name="intent" value="confirm" variant="secondary">
            {t("admin.confirm")}
          </Button>
        </Form>
      ) : null}
      {payable ? <ButtonLink to={`/dashboard/payment/${order.id}`}>{t("order.pay")}</ButtonLink> : null}
      {can("cancel") && admin ? (
        <CancelDialog order={order} trigger={t("order.cancel")} triggerClassName={buttonClass({ variant: "danger" })} />
      ) : can("cancel") ? (
        // The buyer's cancel is My Orders' own, and lands there: the order leaves their list.
        <ConfirmDialog
          trigger={t("order.cancel")}
          triggerClassName={buttonClass({ variant: "danger" })}
          question={t("orders.cancelQuestion", { product: title(order) })}
          confirmLabel={t("orders.yes")}
          cancelLabel={t("orders.no")}
          fields={{ orderId: order.id }}
          action="/dashboard/orders"
        />
      ) : null}
      {can("refund") ? (
        <ConfirmDialog
          trigger={t("admin.refund")}
          triggerClassName={buttonClass({ variant: "secondary" })}
          question={t("admin.refundQuestion", {
            product: title(order),
            amount: format.money(order.totalPoisha),
          })}
          confirmLabel={t("admin.yes")}
          cancelLabel={t("admin.no")}
          fields={{ intent: "refund", orderId: order.id }}
        />
      ) : null}
    </div>
  );
}

/** An unknown order, or one that is not the viewer's: said inside the dashboard, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <OrderNotFound title="order.title" said="order.notFound" back="order.backToOrders" />;
}
