import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { Form, Link } from "react-router";
import { acceptPayment, advance, collectCash, listAllOrders } from "@server/use-cases/orders";
import { M } from "@shared/messages";
import { CancelDialog } from "~/components/order/cancel-dialog";
import { OrderNotes } from "~/components/order/order-notes";
import { RefundMarker } from "~/components/order/refund-marker";
import { StatusBadge } from "~/components/order/status-badge";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { orderView } from "~/door/views.server";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import { shopCancels, shopRefunds } from "~/door/shop-order-actions.server";
import type { Route } from "./+types/manage-orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "admin.manageOrders") }];

export async function loader(args: Route.LoaderArgs) {
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return { orders: (await load(args, listAllOrders)).map(orderView) };
}

const headers = [
  "admin.serial",
  "admin.buyerEmail",
  "admin.productName",
  "admin.price",
  "admin.quantity",
  "admin.payable",
  "admin.deliverTo",
  "admin.state",
  "admin.payBill",
  "admin.nextStep",
] as const;

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const orderId = form.get("orderId");
  switch (form.get("intent")) {
    case "accept":
      return act(
        args,
        (deps, actor) => acceptPayment(deps, actor, orderId),
        () => succeeded(M.order.payment_accepted),
      );
    case "collect":
      return act(
        args,
        (deps, actor) => collectCash(deps, actor, orderId),
        () => succeeded(M.order.cash_collected),
      );
    case "shipped":
    case "delivered": {
      const status = form.get("intent") as "shipped" | "delivered";
      const done = status === "shipped" ? M.order.shipped : M.order.delivered;
      return act(
        args,
        (deps, actor) => advance(deps, actor, orderId, { status }),
        () => succeeded(done),
      );
    }
    case "cancel":
      return shopCancels(args, form, orderId);
    case "refund":
      return shopRefunds(args, orderId);
    default:
      return unknownIntent();
  }
}

const smallButton =
  "whitespace-nowrap rounded-md border border-forest-700 px-3 py-1.5 font-semibold text-forest-700 hover:bg-forest-100";
const cancelButton =
  "whitespace-nowrap rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50";

/**
 * Spec §2 Manage Orders. Pay Bill records the cash of a cash-on-delivery order as collected, and gives back money
 * an order cannot keep (Refund); Next Step moves an order from paid or cash on delivery to shipped, then delivered,
 * and an order not yet shipped may be cancelled with a reason the buyer is shown. Each product name opens the order.
 */
export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { orders } = loaderData;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("admin.manageOrders")}</h2>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">{t("admin.noOrders")}</p>
      ) : (
        <DataTable headers={headers.map((h) => t(h))} minWidth={1180}>
          {orders.map((o, i) => (
            <tr key={o.id} className={rowClass}>
              <Cell>{i + 1}</Cell>
              <Cell className="break-all">{o.buyerEmail}</Cell>
              <Cell className="font-semibold text-wood-900">
                <Link to={`/dashboard/order/${o.id}`} className="underline decoration-wood-300 hover:text-forest-700">
                  {o.productName}
                </Link>
                <OrderNotes order={{ ...o, refundNote: null }} mine={false} />
              </Cell>
              <Cell className="whitespace-nowrap">{format.money(o.pricePoisha)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(o.quantity)}</Cell>
              <Cell className="whitespace-nowrap">{format.money(o.payablePoisha)}</Cell>
              <Cell className="text-sm">
                {o.delivery ? (
                  <>
                    <p className="font-semibold">{o.delivery.name}</p>
                    <p>{o.delivery.phone}</p>
                    <p>
                      {o.delivery.address}, {o.delivery.district}, {o.delivery.division}
                    </p>
                  </>
                ) : (
                  <span className="text-stone-500">{t("admin.notGiven")}</span>
                )}
              </Cell>
              <Cell>
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={o.status} />
                  <RefundMarker refund={o.refund} />
                </div>
              </Cell>
              <Cell>
                {o.paid ? (
                  <>
                    <button
                      type="button"
                      disabled
                      className="rounded-md bg-stone-300 px-3 py-1.5 font-semibold text-stone-700"
                    >
                      {t("admin.paid")}
                    </button>
                    <p className="mt-1 text-xs break-all text-stone-600">{o.transactionId}</p>
                    {o.paymentMethod === "test" ? (
                      <p className="mt-1 text-xs font-semibold text-amber-900">{t("admin.testPayment")}</p>
                    ) : null}
                  </>
                ) : o.actions.includes("accept_payment") ? (
                  <>
                    <p className="mb-1 text-xs font-semibold text-amber-900">{t("admin.held")}</p>
                    <ConfirmDialog
                      trigger={t("admin.accept")}
                      triggerClassName={smallButton}
                      question={t("admin.acceptQuestion", {
                        product: o.productName,
                        amount: format.money(o.payablePoisha),
                      })}
                      confirmLabel={t("admin.yes")}
                      cancelLabel={t("admin.no")}
                      fields={{ intent: "accept", orderId: o.id }}
                    />
                  </>
                ) : o.actions.includes("collect_cash") ? (
                  <ConfirmDialog
                    trigger={t("admin.payBill")}
                    triggerClassName={smallButton}
                    question={t("admin.collectQuestion", {
                      product: o.productName,
                      amount: format.money(o.payablePoisha),
                    })}
                    confirmLabel={t("admin.yes")}
                    cancelLabel={t("admin.no")}
                    fields={{ intent: "collect", orderId: o.id }}
                  />
                ) : (
                  <button
                    type="button"
                    disabled
                    title={t(o.status === "cancelled" || o.status === "expired" ? "admin.closed" : "admin.waiting")}
                    className="cursor-not-allowed whitespace-nowrap rounded-md border border-stone-300 px-3 py-1.5 font-semibold text-stone-400"
                  >
                    {t("admin.payBill")}
                  </button>
                )}
                {o.actions.includes("refund") ? (
                  <div className="mt-2">
                    <ConfirmDialog
                      trigger={t("admin.refund")}
                      triggerClassName={smallButton}
                      question={t("admin.refundQuestion", {
                        product: o.productName,
                        amount: format.money(o.payablePoisha),
                      })}
                      confirmLabel={t("admin.yes")}
                      cancelLabel={t("admin.no")}
                      fields={{ intent: "refund", orderId: o.id }}
                    />
                  </div>
                ) : null}
              </Cell>
              <Cell className="space-y-2">
                {o.actions.includes("ship") ? (
                  <Form method="post">
                    <input type="hidden" name="orderId" value={o.id} />
                    <button type="submit" name="intent" value="shipped" className={smallButton}>
                      {t("admin.ship")}
                    </button>
                  </Form>
                ) : o.actions.includes("deliver") ? (
                  <Form method="post">
                    <input type="hidden" name="orderId" value={o.id} />
                    <button type="submit" name="intent" value="delivered" className={smallButton}>
                      {t("admin.deliver")}
                    </button>
                  </Form>
                ) : null}
                {o.actions.includes("cancel") ? (
                  <CancelDialog order={o} trigger={t("admin.cancel")} triggerClassName={cancelButton} />
                ) : null}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
