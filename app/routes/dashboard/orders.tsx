import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { Link } from "react-router";
import { orderJson } from "@server/api/serialize";
import { cancelOrder } from "@server/domain/cancel-order";
import { listOrdersOf } from "@server/domain/orders";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { actionError } from "~/lib/action-error.server";
import { isCancellable, STATE_CLASS } from "~/lib/order-states";
import { requireUserOrSignOut } from "~/lib/session.server";
import { toastSuccess, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "orders.title") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserOrSignOut(request, context);
  return { orders: (await listOrdersOf(context.db, user.id)).map(orderJson) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserOrSignOut(request, context);
  const form = await request.formData();
  try {
    await cancelOrder(context.db, user, String(form.get("orderId") ?? ""));
    return toastSuccess("Removed Order");
  } catch (err) {
    return actionError(err);
  }
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

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { orders } = loaderData;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("orders.title")}</h2>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
          {t("orders.empty")}{" "}
          <Link to="/" className="font-semibold text-forest-700 underline">
            {t("orders.browse")}
          </Link>
        </p>
      ) : (
        <DataTable headers={headers.map((h) => t(h))} minWidth={920}>
          {orders.map((o, i) => (
            <tr key={o._id} className={rowClass}>
              <Cell>{i + 1}</Cell>
              <Cell>
                <img src={o.image} alt="" width={64} height={48} className="rounded bg-paper object-contain" />
              </Cell>
              <Cell className="font-semibold text-wood-900">{o.productName}</Cell>
              <Cell className="whitespace-nowrap">{format.tk(o.price)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(o.quantity)}</Cell>
              <Cell className="whitespace-nowrap">{format.tk(o.paybleAmount)}</Cell>
              <Cell>
                <span className={`rounded px-2 py-1 text-xs font-semibold whitespace-nowrap ${STATE_CLASS[o.status]}`}>
                  {t(`states.${o.status}`)}
                </span>
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
                ) : o.status !== "unpaid" ? (
                  <span className="text-sm whitespace-nowrap text-stone-700">{t("orders.payOnDelivery")}</span>
                ) : (
                  <Link
                    to={`/dashboard/payment/${o._id}`}
                    className="inline-block rounded-md bg-forest-700 px-3 py-1.5 font-semibold text-white hover:bg-forest-800"
                  >
                    {t("orders.pay")}
                  </Link>
                )}
              </Cell>
              <Cell>
                {!isCancellable(o) ? null : (
                  <ConfirmDialog
                    trigger={t("orders.cancel")}
                    triggerClassName="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                    question={t("orders.cancelQuestion", { product: o.productName })}
                    confirmLabel={t("orders.yes")}
                    cancelLabel={t("orders.no")}
                    fields={{ orderId: o._id }}
                  />
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
