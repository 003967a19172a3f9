import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { data, Link } from "react-router";
import { cancelOrder, myOrders } from "@server/orders";
import { M } from "@shared/messages";
import { paramsOf } from "@shared/list-page";
import { MoreLines, orderLines, useOrderNames, WithDelivery } from "~/components/order/order-lines";
import { OrderNotes } from "~/components/order/order-notes";
import { PaidMark } from "~/components/order/paid-mark";
import { StatusBadge } from "~/components/order/status-badge";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { listOrRefusal } from "~/door/list-refusal.server";
import { act, load, succeeded } from "~/door/page-door.server";
import { orderView } from "~/door/views.server";
import { useMessage } from "~/i18n/use-message";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "orders.title") }];

// Spec §4: a session that has ended signs the visitor out and sends them home, not to the login form.
const signedOut = { signedOut: "home" } as const;

export async function loader(args: Route.LoaderArgs) {
  // The page's own size (20): its URL chooses the page, not how many.
  const params = paramsOf(new URL(args.request.url).searchParams, ["page"]);
  const { list, refused } = await load(args, (ctx) => listOrRefusal(() => myOrders(ctx, params)), signedOut);
  return data(
    {
      orders: list?.items.map(orderView) ?? [],
      page: list && { page: list.page, total: list.total, limit: list.limit },
      refused,
      // The buyer confirms cash on delivery with the code sent to their phone (COD_VERIFY_PHONE), not the shop's call.
      phoneCodes: args.context.services.phoneCodes !== null,
    },
    { status: refused ? 400 : 200 },
  );
}

export async function action(args: Route.ActionArgs) {
  const orderId = (await formOf(args.request)).get("orderId");
  return act(
    args,
    (ctx) => cancelOrder(ctx, orderId),
    () => succeeded(M.order.removed),
    signedOut,
  );
}

const headers = [
  "orders.serial",
  "orders.image",
  "orders.productName",
  "orders.price",
  "orders.quantity",
  "orders.payable",
  "orders.state",
  "orders.payBill",
  "orders.cancel",
] as const;

/**
 * My Orders, 20 a page, newest first, with a pager of plain links. An order of several lines shows its first line's
 * photo, name, price and pieces, and how many more lines it has; its Payble Amount is the goods' total, with what a
 * payment takes with the delivery under it.
 */
export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { orders, page, refused, phoneCodes } = loaderData;
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();
  const { title, lineName } = useOrderNames();
  const offset = page ? (page.page - 1) * page.limit : 0;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("orders.title")}</h2>
      {refused ? (
        <Notice tone="refusal">
          {say(refused)}{" "}
          <Link to="/dashboard/orders" className="font-semibold underline">
            {t("orders.firstPage")}
          </Link>
        </Notice>
      ) : !page ? null : orders.length === 0 ? (
        <Notice>
          {t(page.page > 1 ? "orders.pastTheEnd" : "orders.empty")}{" "}
          <Link to={page.page > 1 ? "/dashboard/orders" : "/"} className="font-semibold text-forest-700 underline">
            {t(page.page > 1 ? "orders.firstPage" : "orders.browse")}
          </Link>
        </Notice>
      ) : (
        <DataTable headers={headers.map((h) => t(h))} minWidth={920}>
          {orders.map((o, i) => (
            <tr key={o.id} className={rowClass}>
              <Cell>{format.count(offset + i + 1)}</Cell>
              <Cell>
                <img src={o.image} alt="" width={64} height={48} className="rounded bg-paper object-contain" />
              </Cell>
              <Cell className="font-semibold text-wood-900">
                <Link to={`/dashboard/order/${o.id}`} className="underline decoration-wood-300 hover:text-forest-700">
                  {lineName(orderLines(o)[0]!)}
                </Link>
                <MoreLines order={o} />
                <OrderNotes order={o} mine phoneCodes={phoneCodes} />
              </Cell>
              <Cell className="whitespace-nowrap">{format.money(o.pricePoisha)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(o.quantity)}</Cell>
              <Cell className="whitespace-nowrap">
                {format.money(o.payablePoisha)}
                <WithDelivery order={o} />
              </Cell>
              <Cell>
                <StatusBadge status={o.status} />
              </Cell>
              <Cell>
                {o.paid ? (
                  <PaidMark label={t("orders.paid")} transactionId={o.transactionId} />
                ) : o.actions.includes("pay") || o.actions.includes("set_delivery") ? (
                  <ButtonLink to={`/dashboard/payment/${o.id}`} size="sm">
                    {t("orders.pay")}
                  </ButtonLink>
                ) : o.status === "cancelled" || o.status === "expired" ? (
                  // Closed without money: nothing to pay, and nothing to cancel any more.
                  <StatusBadge status={o.status} />
                ) : (
                  <span className="text-sm whitespace-nowrap text-stone-700">{t("orders.payOnDelivery")}</span>
                )}
              </Cell>
              <Cell>
                {!o.actions.includes("cancel") ? null : (
                  <ConfirmDialog
                    trigger={t("orders.cancel")}
                    triggerClassName={buttonClass({ variant: "danger", size: "sm" })}
                    question={t("orders.cancelQuestion", { product: title(o) })}
                    confirmLabel={t("orders.yes")}
                    cancelLabel={t("orders.no")}
                    fields={{ orderId: o.id }}
                  />
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {page ? <Pager page={page.page} total={page.total} limit={page.limit} /> : null}
    </section>
  );
}
