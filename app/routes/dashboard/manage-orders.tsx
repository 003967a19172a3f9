import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { pageText, useAdminT } from "~/i18n/use-page-t";
import { useFormat } from "~/i18n/use-format";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { data, Form, Link } from "react-router";
import { acceptPayment, advance, collectCash, confirmOrder, listAllOrders } from "@server/orders";
import { M } from "@shared/messages";
import { PAGE_SIZE, paramsOf } from "@shared/list-page";
import { ORDER_LIST_PARAMS } from "@shared/list-choices";
import type { OrderView } from "@shared/views";
import { BuyerRecord } from "~/components/order/buyer-record";
import { CancelDialog } from "~/components/order/cancel-dialog";
import { MoreLines, orderLines, useOrderNames, WithDelivery } from "~/components/order/order-lines";
import { OrderNotes } from "~/components/order/order-notes";
import { PaidMark } from "~/components/order/paid-mark";
import { OrderSearch, type OrderListSearch } from "~/components/order/order-search";
import { OrderTabs } from "~/components/order/order-tabs";
import { RefundMarker } from "~/components/order/refund-marker";
import { StatusBadge } from "~/components/order/status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog, OpenDialogButton } from "~/components/ui/confirm-dialog";
import { CursorPager } from "~/components/ui/cursor-pager";
import { Notice } from "~/components/ui/notice";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { listOrRefusal } from "~/door/list-refusal.server";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { orderView } from "~/door/views.server";
import { useMessage } from "~/i18n/use-message";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import { shopCancels, shopRefunds } from "~/door/shop-order-actions.server";
import { courierNames } from "@server/couriers";
import { BookCourierForm, BookChosenForm, mayBook, CHOSEN_FORM } from "~/components/parcel/book-courier-form";
import { BookingResults } from "~/components/parcel/booking-results";
import { booksCourier, ordersOf, type BookingAnswer } from "~/door/parcel-door.server";
import { useParcelT } from "~/i18n/use-parcel-t";
import type { Route } from "./+types/manage-orders";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "adminPages.manageOrders")) },
];

/** What the page's URL may ask for; `limit` is not among them: the page shows 20 orders. */
const PAGE_PARAMS = ORDER_LIST_PARAMS.filter((name) => name !== "limit");

export async function loader(args: Route.LoaderArgs) {
  const params = paramsOf(new URL(args.request.url).searchParams, PAGE_PARAMS);
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  const { list, refused, couriers } = await load(args, async (ctx) => ({
    ...(await listOrRefusal(() => listAllOrders(ctx, params, PAGE_SIZE))),
    couriers: courierNames(ctx),
  }));
  const { status, q, from, to, sort } = params;
  return data(
    {
      orders: list?.items.map(orderView) ?? [],
      list: list && { total: list.total, counts: list.counts, offset: list.offset, next: list.next, prev: list.prev },
      search: { status, q, from, to, sort } satisfies OrderListSearch,
      refused,
      couriers,
      // A confirmed order may be the buyer's, by the code sent to their phone (COD_VERIFY_PHONE), not the shop's.
      phoneCodes: args.context.services.phoneCodes !== null,
    },
    { status: refused ? 400 : 200 },
  );
}

const headers = [
  "adminPages.serial",
  "adminPages.buyerEmail",
  "adminPages.productName",
  "adminPages.price",
  "adminPages.quantity",
  "adminPages.payable",
  "adminPages.deliverTo",
  "adminPages.state",
  "adminPages.payBill",
  "adminPages.nextStep",
] as const;

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const orderId = form.get("orderId");
  switch (form.get("intent")) {
    case "confirm":
      return act(
        args,
        (ctx) => confirmOrder(ctx, orderId),
        () => succeeded(M.order.confirmed),
      );
    case "accept":
      return act(
        args,
        (ctx) => acceptPayment(ctx, orderId),
        () => succeeded(M.order.payment_accepted),
      );
    case "collect":
      return act(
        args,
        (ctx) => collectCash(ctx, orderId),
        () => succeeded(M.order.cash_collected),
      );
    case "shipped":
    case "delivered": {
      const status = form.get("intent") as "shipped" | "delivered";
      const done = status === "shipped" ? M.order.shipped : M.order.delivered;
      return act(
        args,
        (ctx) => advance(ctx, orderId, { status }),
        () => succeeded(done),
      );
    }
    case "cancel":
      return shopCancels(args, form, orderId);
    case "refund":
      return shopRefunds(args, orderId);
    case "book":
      return booksCourier(args, form, ordersOf(form));
    default:
      return unknownIntent();
  }
}

const smallButton = buttonClass({ variant: "secondary", size: "sm", className: "whitespace-nowrap" });
const cancelButton = buttonClass({ variant: "danger", size: "sm", className: "whitespace-nowrap" });

/** One of the order's next steps, as a form with a single button: it posts without JavaScript. */
function StepForm({ orderId, intent, label }: { orderId: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="orderId" value={orderId} />
      <Button type="submit" name="intent" value={intent} variant="secondary" size="sm" className="whitespace-nowrap">
        {label}
      </Button>
    </Form>
  );
}

const MONEY_QUESTIONS = {
  accept: "adminPages.acceptQuestion",
  collect: "adminPages.collectQuestion",
  refund: "admin.refundQuestion",
} as const;

/** What the page's one dialog asks about: a step that moves money, or a cancel, for one order. */
interface Asked {
  intent: keyof typeof MONEY_QUESTIONS | "cancel";
  order: OrderView;
}

/**
 * The page's one dialog, filled for the order whose button was pressed: a row carries a button, not a dialog of its
 * own (a form, a textarea and four buttons for each of a page's orders were half of its HTML). A step that moves
 * money (accept a held payment, collect the cash, refund) asks with the order's total, which is what a payment
 * takes (the goods and the delivery); a cancel asks for a reason.
 */
function OrderQuestion({ asked, dialog }: { asked: Asked | null; dialog: React.RefObject<HTMLDialogElement | null> }) {
  const { t } = useAdminT();
  const format = useFormat();
  const { title } = useOrderNames();
  if (!asked) return null;
  const { intent, order } = asked;
  // Keyed by the question, so a reason typed for one order is not offered for the next.
  if (intent === "cancel") return <CancelDialog key={`cancel ${order.id}`} order={order} ref={dialog} />;
  return (
    <ConfirmDialog
      key={`${intent} ${order.id}`}
      ref={dialog}
      question={t(MONEY_QUESTIONS[intent], { product: title(order), amount: format.money(order.totalPoisha) })}
      confirmLabel={t("admin.yes")}
      cancelLabel={t("admin.no")}
      fields={{ intent, orderId: order.id }}
    />
  );
}

/** The page's question: `ask` fills the one dialog for an order and opens it. */
function usePageQuestion() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = (intent: Asked["intent"], order: OrderView) => {
    // Rendered before it opens: the dialog shows the question of the order chosen, not the last one's.
    flushSync(() => setAsked({ intent, order }));
    dialog.current?.showModal();
  };
  return { dialog, asked, ask };
}

/** A row's serial, with the box that chooses its order for "Book the chosen orders" when it may be booked. */
function ChooseToBook({
  order,
  chosen,
  name,
  children,
}: {
  order: OrderView;
  chosen: boolean;
  name: string;
  children: React.ReactNode;
}) {
  const { t } = useParcelT();
  if (!chosen) return <>{children}</>;
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        name="orders"
        value={order.id}
        form={CHOSEN_FORM}
        className="h-4 w-4 accent-forest-700"
        aria-label={`${t("parcel.choose")}: ${name}`}
      />
      {children}
    </label>
  );
}

/** The pager's words, the page before and the page after: by date, they hold newer and older orders. */
function pagerWords(sort: string | undefined) {
  if (sort === "oldest") return ["manageOrders.older", "manageOrders.newer"] as const;
  if (sort === "amount-high" || sort === "amount-low") return ["manageOrders.previous", "manageOrders.next"] as const;
  return ["manageOrders.newer", "manageOrders.older"] as const;
}

/**
 * Spec §2 Manage Orders, a page at a time: tabs by status with their counts, a search by order id, buyer e-mail,
 * phone or the name of a product in any line, dates and a sort, all in the URL. An order of several lines shows its
 * first and how many more. A cash-on-delivery order waits for the shop to call its buyer and
 * Confirm it, with the buyer's record (how their and the phone's other orders ended) beside the phone. Pay Bill records the cash of a cash-on-delivery order as collected, and
 * gives back money an order cannot keep (Refund); Next Step moves an order from paid or cash on delivery to
 * shipped, then delivered, and an order not yet shipped may be cancelled with a reason the buyer is shown. Each
 * action posts to the page's own URL, so it comes back to the same tab, search and page. Each product name opens
 * the order.
 */
export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { orders, list, search, refused, couriers, phoneCodes } = loaderData;
  const bookings = (actionData as BookingAnswer | undefined)?.bookings;
  const refusalOf = (orderId: string) => bookings?.find((b) => b.orderId === orderId)?.refused;
  const bookable = orders.filter((o) => mayBook(o, couriers));
  const nameOf = (orderId: string) => {
    const found = orders.find((o) => o.id === orderId);
    return found ? lineName(orderLines(found)[0]!) : orderId.slice(0, 8);
  };
  const { t } = useAdminT();
  const format = useFormat();
  const say = useMessage();
  const { lineName } = useOrderNames();
  const searching = Boolean(search.q || search.from || search.to);
  const [prevWord, nextWord] = pagerWords(search.sort);
  const { dialog, asked, ask } = usePageQuestion();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.manageOrders")}</h2>
      <OrderTabs counts={list?.counts ?? null} search={search} />
      <OrderSearch search={search} />
      {refused ? (
        <Notice tone="refusal">
          <span className="font-semibold">{t("manageOrders.refused")}:</span> {say(refused)}
        </Notice>
      ) : null}
      {bookings ? <BookingResults bookings={bookings} nameOf={nameOf} /> : null}
      {bookable.length > 0 ? <BookChosenForm couriers={couriers} /> : null}
      {list && orders.length > 0 ? (
        <p className="mt-4 text-sm text-stone-600" data-testid="orders-shown">
          {t("manageOrders.showing", {
            first: format.count(list.offset + 1),
            last: format.count(list.offset + orders.length),
            total: format.count(list.total),
          })}
        </p>
      ) : null}
      {!list ? null : orders.length === 0 ? (
        <Notice>
          {t(searching || search.status || list.offset > 0 ? "manageOrders.noMatch" : "adminPages.noOrders")}
        </Notice>
      ) : (
        <DataTable headers={headers.map((h) => t(h))} minWidth={1180}>
          {orders.map((o, i) => (
            <tr key={o.id} className={rowClass}>
              <Cell>
                <ChooseToBook order={o} chosen={bookable.includes(o)} name={lineName(orderLines(o)[0]!)}>
                  {format.count(list.offset + i + 1)}
                </ChooseToBook>
              </Cell>
              <Cell className="break-all">{o.buyerEmail}</Cell>
              <Cell className="font-semibold text-wood-900">
                <Link to={`/dashboard/order/${o.id}`} className="underline decoration-wood-300 hover:text-forest-700">
                  {lineName(orderLines(o)[0]!)}
                </Link>
                <MoreLines order={o} />
                <OrderNotes order={{ ...o, refundNote: null }} mine={false} phoneCodes={phoneCodes} />
              </Cell>
              <Cell className="whitespace-nowrap">{format.money(o.pricePoisha)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(o.quantity)}</Cell>
              <Cell className="whitespace-nowrap">
                {format.money(o.payablePoisha)}
                <WithDelivery order={o} />
              </Cell>
              <Cell className="text-sm">
                {o.delivery ? (
                  <>
                    <p className="font-semibold">{o.delivery.name}</p>
                    <p>{o.delivery.phone}</p>
                    <BuyerRecord record={o.record} />
                    <p>
                      {o.delivery.address}, {o.delivery.district}, {o.delivery.division}
                    </p>
                  </>
                ) : (
                  <span className="text-stone-500">{t("adminPages.notGiven")}</span>
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
                  <PaidMark label={t("adminPages.paid")} transactionId={o.transactionId}>
                    {o.paymentMethod === "test" ? (
                      <p className="mt-1 text-xs font-semibold text-amber-900">{t("adminPages.testPayment")}</p>
                    ) : null}
                  </PaidMark>
                ) : o.actions.includes("accept_payment") ? (
                  <>
                    <p className="mb-1 text-xs font-semibold text-amber-900">{t("adminPages.held")}</p>
                    <OpenDialogButton
                      label={t("adminPages.accept")}
                      className={smallButton}
                      onOpen={() => ask("accept", o)}
                    />
                  </>
                ) : o.actions.includes("collect_cash") ? (
                  <OpenDialogButton
                    label={t("adminPages.payBill")}
                    className={smallButton}
                    onOpen={() => ask("collect", o)}
                  />
                ) : (
                  <Button
                    variant="neutral"
                    size="sm"
                    className="whitespace-nowrap"
                    disabled
                    title={t(
                      o.status === "cancelled" || o.status === "expired" ? "adminPages.closed" : "adminPages.waiting",
                    )}
                  >
                    {t("adminPages.payBill")}
                  </Button>
                )}
                {o.actions.includes("refund") ? (
                  <div className="mt-2">
                    <OpenDialogButton
                      label={t("admin.refund")}
                      className={smallButton}
                      onOpen={() => ask("refund", o)}
                    />
                  </div>
                ) : null}
              </Cell>
              <Cell className="space-y-2">
                {o.actions.includes("confirm") ? (
                  <StepForm orderId={o.id} intent="confirm" label={t("admin.confirm")} />
                ) : null}
                {o.actions.includes("ship") ? (
                  <StepForm orderId={o.id} intent="shipped" label={t("adminPages.ship")} />
                ) : o.actions.includes("deliver") ? (
                  <StepForm orderId={o.id} intent="delivered" label={t("adminPages.deliver")} />
                ) : null}
                {bookable.includes(o) ? <BookCourierForm orderId={o.id} couriers={couriers} size="sm" /> : null}
                {refusalOf(o.id) ? (
                  <p role="alert" className="text-xs text-red-800" data-testid="booking-refused">
                    {say(refusalOf(o.id)!)}
                  </p>
                ) : null}
                {o.actions.includes("cancel") ? (
                  <OpenDialogButton
                    label={t("adminPages.cancel")}
                    className={cancelButton}
                    onOpen={() => ask("cancel", o)}
                  />
                ) : null}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <OrderQuestion asked={asked} dialog={dialog} />
      {list ? (
        <CursorPager
          prev={list.prev}
          next={list.next}
          showFirst={list.offset > 0}
          labels={{
            nav: t("manageOrders.pages"),
            prev: t(prevWord),
            next: t(nextWord),
            first: t("manageOrders.firstPage"),
          }}
        />
      ) : null}
    </section>
  );
}
