import { orderJson } from "@server/api/serialize";
import { listAllOrders } from "@server/domain/orders";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import type { OrderState } from "~/lib/api-types";
import { formatCount, formatTk } from "~/lib/format";
import { requireAdmin } from "~/lib/session.server";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/manage-orders";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Manage Orders") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Checked here too: a data request can name this route alone, without the admin layout above it.
  await requireAdmin(request, context);
  return { orders: (await listAllOrders(context.db)).map(orderJson) };
}

const stateLabel: Record<OrderState, string> = { unpaid: "Unpaid", paid: "Paid", cancelled: "Cancelled" };
const stateClass: Record<OrderState, string> = {
  unpaid: "bg-wood-100 text-wood-900",
  paid: "bg-forest-100 text-forest-800",
  cancelled: "bg-stone-200 text-stone-600",
};

const headers = ["Serial", "Buyer Email", "Product Name", "Price", "Quantity", "Payble Amount", "State", "Pay Bill"];

/** Spec §2: read-only. Its Pay Bill button has no job yet, and looks it. */
export default function ManageOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">Manage Orders</h2>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">No orders yet.</p>
      ) : (
        <DataTable headers={headers} minWidth={880}>
          {orders.map((o, i) => (
            <tr key={o._id} className={rowClass}>
              <Cell>{i + 1}</Cell>
              <Cell className="break-all">{o.buyerEmail}</Cell>
              <Cell className="font-semibold text-wood-900">{o.productName}</Cell>
              <Cell className="whitespace-nowrap">{formatTk(o.price)}</Cell>
              <Cell className="whitespace-nowrap">{formatCount(o.quantity)} Pis</Cell>
              <Cell className="whitespace-nowrap">{formatTk(o.paybleAmount)}</Cell>
              <Cell>
                <span className={`rounded px-2 py-1 text-xs font-semibold ${stateClass[o.status]}`}>
                  {stateLabel[o.status]}
                </span>
              </Cell>
              <Cell>
                <button
                  type="button"
                  disabled
                  title="Recording payments from this page is not available yet."
                  className="cursor-not-allowed whitespace-nowrap rounded-md border border-stone-300 px-3 py-1.5 font-semibold text-stone-400"
                >
                  Pay Bill
                </button>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
