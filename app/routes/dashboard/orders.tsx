import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { data, Link } from "react-router";
import { cancelOrder, myOrders } from "@server/orders";
import { M } from "@shared/messages";
import { paramsOf } from "@shared/list-page";
import { OrderNotes } from "~/components/order/order-notes";
import { StatusBadge } from "~/components/order/status-badge";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
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
  const { list, refused } = await load(
    args,
    (deps, actor) => listOrRefusal(() => myOrders(deps, actor, params)),
    signedOut,
  );
  return data(
    {
      orders: list?.items.map(orderView) ?? [],
      page: list && { page: list.page, total: list.total, limit: list.limit },
      refused,
    },
    { status: refused ? 400 : 200 },
  );
}

export async function action(args: Route.ActionArgs) {
  const orderId = (await formOf(args.request)).get("orderId");
  return act(
    args,
    (deps, actor) => cancelOrder(deps, actor, orderId),
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

/** My Orders, 20 a page, newest first, with a pager of plain links. */
export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { orders, page, refused } = loaderData;
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();
  const offset = page ? (page.page - 1) * page.limit : 0;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("orders.title")}</h2>
      {refused ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {say(refused)}{" "}
          <Link to="/dashboard/orders" className="font-semibold underline">
            {t("orders.firstPage")}
          </Link>
        </p>
      ) : !page ? null : orders.length === 0 && page.page > 1 ? (
        <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
          {t("orders.pastTheEnd")}{" "}
          <Link to="/dashboard/orders" className="font-semibold text-forest-700 underline">
            {t("orders.firstPage")}
          </Link>
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
          {t("orders.empty")}{" "}
          <Link to="/" className="font-semibold text-forest-700 underline">
            {t("orders.browse")}
          </Link>
        </p>
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
                  {o.productName}
                </Link>
                <OrderNotes order={o} mine />
              </Cell>
              <Cell className="whitespace-nowrap">{format.money(o.pricePoisha)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(o.quantity)}</Cell>
              <Cell className="whitespace-nowrap">{format.money(o.payablePoisha)}</Cell>
              <Cell>
                <StatusBadge status={o.status} />
              </Cell>
              <Cell>
                {o.paid ? (
                  <>
                    <button
                      type="button"
                      disabled
                      className="rounded-md bg-stone-300 px-3 py-1.5 font-semibold text-stone-700"
                    >
                      {t("orders.paid")}
                    </button>
                    {o.transactionId ? (
                      <p className="mt-1 text-xs break-all text-stone-600">{o.transactionId}</p>
                    ) : null}
                  </>
                ) : o.actions.includes("pay") || o.actions.includes("set_delivery") ? (
                  <Link
                    to={`/dashboard/payment/${o.id}`}
                    className="inline-block rounded-md bg-forest-700 px-3 py-1.5 font-semibold text-white hover:bg-forest-800"
                  >
                    {t("orders.pay")}
                  </Link>
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
                    triggerClassName="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                    question={t("orders.cancelQuestion", { product: o.productName })}
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
